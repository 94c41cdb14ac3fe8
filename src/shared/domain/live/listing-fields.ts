// The fields of a listing the app writes, by their request names, and the parts of the place it is
// offered from: one list each for what an update sends, what the live comparison and the merges
// compare, and what an import row sets. Pure.
import type { DraftPublication } from '../drafts';

/** The listing fields an update can send, by their request names. */
export const LISTING_FIELDS = [
  'title',
  'category',
  'description',
  'attributes',
  'adType',
  'price',
  'email',
  'phoneNumber',
  'customReference',
  'contactPerson',
  'buyNow',
] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

/** A listing field holding one value (the price and the attributes are made of parts). */
export type WholeListingField = Exclude<ListingField, 'attributes' | 'price'>;

/** The listing fields holding one value each, in LISTING_FIELDS order. */
export const WHOLE_LISTING_FIELDS = LISTING_FIELDS.filter(
  (field): field is WholeListingField => field !== 'attributes' && field !== 'price',
);

/** The parts of the place a draft is published from (its publication), each set and merged apart. */
export const PUBLICATION_PARTS = [
  'street',
  'city',
  'district',
  'postalCode',
  'availabilityRadiusInKm',
  'imprintUuid',
] as const satisfies readonly (keyof DraftPublication)[];
