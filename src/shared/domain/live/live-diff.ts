// How a published draft and its live listing differ, and which fields of a listing edit really
// change something. Pure: main reads the listing and the draft, this says what to send.
import type { Listing, ListingCreateRequest } from '../../service/listing';
import type { ListingPatch } from './live';
import { LISTING_FIELDS, type ListingField } from './listing-fields';

/** The listing as the fields of a request (what a draft would send). */
export type ListingFields = Pick<ListingCreateRequest, ListingField>;

/** What it takes to bring a listing in line with a draft. */
export interface LiveComparison {
  /** Names of the fields whose draft value differs, in LISTING_FIELDS order. */
  fields: ListingField[];
  /** Those fields with the draft's values: the body of the update. */
  update: ListingPatch;
  /** Draft photos (by id, in the draft's order) the listing does not show. */
  addedPhotoIds: string[];
  /** Listing URLs no draft photo maps to. */
  removedUrls: string[];
  /** The photos both have are in another order on the listing. */
  reordered: boolean;
}

// Optional texts: the service may answer null, leave the field out, or keep '' after a clear.
const optionalText = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

function sameAttributes(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/**
 * Whether the listing's category is the one asked for: the full path, or (a quirk of the service's
 * samples) only its last segment.
 */
export function sameCategory(asked: string, shown: string): boolean {
  if (asked === shown) return true;
  return !shown.includes('/') && asked.split('/').at(-1) === shown;
}

function fieldDiffers(
  field: ListingField,
  wanted: Partial<ListingFields>,
  listing: Listing,
  category: 'path-or-segment' | 'exact',
): boolean {
  switch (field) {
    case 'price':
      return wanted.price!.type !== listing.adPrice.type || wanted.price!.amount !== listing.adPrice.amount;
    case 'attributes':
      return !sameAttributes(wanted.attributes!, listing.attributes);
    case 'category':
      return category === 'exact'
        ? wanted.category !== listing.category
        : !sameCategory(wanted.category!, listing.category);
    case 'phoneNumber':
    case 'customReference':
    case 'contactPerson':
      return optionalText(wanted[field]) !== optionalText(listing[field]);
    case 'buyNow':
      // null means "not said": the update cannot express "unset", so it is never a difference.
      return wanted.buyNow !== null && wanted.buyNow !== undefined && wanted.buyNow !== listing.buyNow;
    default:
      return wanted[field] !== listing[field];
  }
}

/** The fields of an edit that differ from the listing (unchanged ones are dropped). */
export function listingPatchChanges(patch: ListingPatch, listing: Listing): ListingPatch {
  const out: Record<string, unknown> = {};
  for (const field of LISTING_FIELDS) {
    if (patch[field] === undefined) continue;
    // An edit names the category as the seller typed it: only the very same text is no change.
    if (fieldDiffers(field, patch, listing, 'exact')) out[field] = patch[field];
  }
  return out as ListingPatch;
}

/** Compares a draft (as its create request, photos and their known URLs) with its live listing. */
export function compareWithListing(
  request: ListingFields,
  photos: readonly { id: string }[],
  photoUrls: Readonly<Record<string, string>>,
  listing: Listing,
): LiveComparison {
  const fields = LISTING_FIELDS.filter((field) => fieldDiffers(field, request, listing, 'path-or-segment'));
  const update: Record<string, unknown> = {};
  for (const field of fields) update[field] = request[field];

  const shown = new Set(listing.urls);
  const kept: string[] = [];
  const keptSet = new Set<string>();
  const addedPhotoIds: string[] = [];
  for (const photo of photos) {
    const url = photoUrls[photo.id];
    // A URL claimed twice can show only one photo: the second is added anew.
    if (url !== undefined && shown.has(url) && !keptSet.has(url)) {
      kept.push(url);
      keptSet.add(url);
    } else {
      addedPhotoIds.push(photo.id);
    }
  }
  const removedUrls = listing.urls.filter((url) => !keptSet.has(url));
  const listingOrder = listing.urls.filter((url) => keptSet.has(url));
  const reordered = kept.some((url, i) => listingOrder[i] !== url);
  return { fields, update: update as ListingPatch, addedPhotoIds, removedUrls, reordered };
}

/** The order to give the listing: the draft's photos first, in its order, then anything else it shows. */
export function desiredOrder(
  photos: readonly { id: string }[],
  photoUrls: Readonly<Record<string, string>>,
  listingUrls: readonly string[],
): string[] {
  const shown = new Set(listingUrls);
  const first: string[] = [];
  for (const photo of photos) {
    const url = photoUrls[photo.id];
    if (url !== undefined && shown.has(url) && !first.includes(url)) first.push(url);
  }
  return [...first, ...listingUrls.filter((url) => !first.includes(url))];
}
