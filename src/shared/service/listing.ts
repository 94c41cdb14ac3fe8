// Wire format of listings, named as in the spec's "Listing" sections. Responses are loose objects so
// that a field the service adds later never breaks a client; requests follow the spec's field tables.
import { z } from 'zod';

/** Price object: `price` in requests, `adPrice` in responses (same structure). */
export const AdPrice = z.looseObject({
  type: z.string(),
  amount: z.number(),
});
export type AdPrice = z.infer<typeof AdPrice>;

/** Listing as returned by rows 3, 4, 6 and 7 of the Endpoints table. */
export const Listing = z.looseObject({
  uuid: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  attributes: z.record(z.string(), z.string()),
  adType: z.string(),
  adPrice: AdPrice,
  userId: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullish(),
  customReference: z.string().nullish(),
  contactPerson: z.string().nullish(),
  buyNow: z.boolean().nullish(),
  urls: z.array(z.string()),
});
export type Listing = z.infer<typeof Listing>;

/** Body of `GET /v1/listings`: all listings of the authenticated user. */
export const ListingList = z.array(Listing);
export type ListingList = z.infer<typeof ListingList>;

/** Body of `POST /v1/listings`. */
export const ListingCreateRequest = z.object({
  title: z.string(),
  category: z.string(),
  description: z.string(),
  attributes: z.record(z.string(), z.string()),
  adType: z.string(),
  price: z.object({ type: z.string(), amount: z.number() }),
  email: z.string(),
  phoneNumber: z.string().nullish(),
  customReference: z.string().nullish(),
  contactPerson: z.string().nullish(),
  buyNow: z.boolean().nullish(),
  urls: z.string().nullish(),
});
export type ListingCreateRequest = z.infer<typeof ListingCreateRequest>;

/** Body of `PUT /v1/listings/{uuid}`: every field optional and nullable. */
export const ListingUpdateRequest = z.object({
  title: z.string().nullish(),
  category: z.string().nullish(),
  description: z.string().nullish(),
  attributes: z.record(z.string(), z.string()).nullish(),
  adType: z.string().nullish(),
  price: z.object({ type: z.string(), amount: z.number() }).nullish(),
  email: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  customReference: z.string().nullish(),
  contactPerson: z.string().nullish(),
  buyNow: z.boolean().nullish(),
});
export type ListingUpdateRequest = z.infer<typeof ListingUpdateRequest>;

/** Response `{uuid}` of the create operations (listing, publication, imprint). */
export const UuidResponse = z.looseObject({ uuid: z.string() });
export type UuidResponse = z.infer<typeof UuidResponse>;
