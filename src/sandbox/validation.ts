// Request validation: the shared wire schemas tightened with the sandbox's business rules. The spec
// gives no rules beyond types; these are ours (documented in the report): required strings must not
// be blank, the category is a slash path of non-blank names, the e-mail has an '@', amounts are >= 0.
import { z } from 'zod';
import {
  ImprintCreateRequest,
  ListingCreateRequest,
  ListingUpdateRequest,
  PublicationCreateRequest,
  PublicationUpdateRequest,
} from '../shared/service';

const text = z.string().refine((s) => s.trim() !== '');
const categoryPath = z.string().refine((s) => s.split('/').every((part) => part.trim() !== ''));
const email = z.string().regex(/^[^\s@]+@[^\s@]+$/);
const price = z.object({ type: text, amount: z.number().min(0) });

/** `POST /v1/listings` body; `urls` (string or null) is accepted and ignored: media come via tickets. */
export const listingCreate = ListingCreateRequest.extend({
  title: text,
  category: categoryPath,
  description: text,
  adType: text,
  price,
  email,
});

/** `PUT /v1/listings/{uuid}` body; null or absent means "keep the current value". */
export const listingUpdate = ListingUpdateRequest.extend({
  title: text.nullish(),
  category: categoryPath.nullish(),
  description: text.nullish(),
  adType: text.nullish(),
  price: price.nullish(),
  email: email.nullish(),
});

const radius = z.int32().min(0);

/** `POST /v1/listings/{uuid}/publications` body without `district` (its requirement is a quirk). */
export const publicationCreate = PublicationCreateRequest.extend({
  availabilityRadiusInKm: radius,
  street: text,
  city: text,
  postalCode: text,
  imprintUuid: text,
});

/** `PUT /v1/listings/{uuid}/publications/{publicationUuid}` body. */
export const publicationUpdate = PublicationUpdateRequest.extend({
  availabilityRadiusInKm: radius.nullish(),
  street: text.nullish(),
  city: text.nullish(),
  postalCode: text.nullish(),
  imprintUuid: text.nullish(),
});

/** `POST /v1/imprints` body. */
export const imprintCreate = ImprintCreateRequest.extend({ content: text });
