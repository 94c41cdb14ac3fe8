// Wire format of publications (rows 9, 10 and 11) and imprints (row 12).
import { z } from 'zod';

/** The only publication state value the spec names; other values are shown as they come. */
export const PUBLISHED = 'PUBLISHED';

/**
 * Publication as returned by row 11; further fields are not shown by the spec, so it is loose. The
 * states are optional: a server may not report them (yet), and such a read is "not reported yet",
 * never an unexpected answer.
 */
export const Publication = z.looseObject({
  uuid: z.string(),
  requestedState: z.string().nullish(),
  actualState: z.string().nullish(),
  adId: z.number().int().nullish(),
  postalCode: z.string().nullish(),
});
export type Publication = z.infer<typeof Publication>;

/** Body of `POST /v1/listings/{uuid}/publications`; `district` is marked required but a sample omits it. */
export const PublicationCreateRequest = z.object({
  availabilityRadiusInKm: z.int32(),
  street: z.string(),
  city: z.string(),
  district: z.string().nullish(),
  postalCode: z.string(),
  imprintUuid: z.string(),
});
export type PublicationCreateRequest = z.infer<typeof PublicationCreateRequest>;

/** Body of `PUT /v1/listings/{uuid}/publications/{publicationUuid}`: all fields optional and nullable. */
export const PublicationUpdateRequest = z.object({
  availabilityRadiusInKm: z.int32().nullish(),
  street: z.string().nullish(),
  city: z.string().nullish(),
  district: z.string().nullish(),
  postalCode: z.string().nullish(),
  imprintUuid: z.string().nullish(),
});
export type PublicationUpdateRequest = z.infer<typeof PublicationUpdateRequest>;

/** Body of `POST /v1/imprints`. */
export const ImprintCreateRequest = z.object({ content: z.string() });
export type ImprintCreateRequest = z.infer<typeof ImprintCreateRequest>;
