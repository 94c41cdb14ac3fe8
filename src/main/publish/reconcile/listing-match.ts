// Finding a listing again after its create request got no clear answer: the spec's only handle is
// `customReference` (every job sends one, see draftToListingCreateRequest), read through
// GET /v1/listings. A reference alone could match an older listing of the same seller (a reused
// SKU), so the listing must also carry the request's own texts and price, and not belong to another
// job already.
import type { Listing, ListingCreateRequest, UnreadableListing } from '../../../shared/service';
import type { Taken } from './owners';

/** The listings that can be the one `request` created: same reference and content, claimed by no job. */
export function matchListings(
  listings: readonly Listing[],
  request: ListingCreateRequest,
  claimed: Taken,
): Listing[] {
  // The category is left out: the service may answer with its last segment only (a sample does).
  return listings.filter(
    (listing) =>
      !claimed.has(listing.uuid) &&
      (listing.customReference ?? null) === (request.customReference ?? null) &&
      listing.title === request.title &&
      listing.description === request.description &&
      listing.adType === request.adType &&
      listing.adPrice.type === request.price.type &&
      listing.adPrice.amount === request.price.amount &&
      listing.email === request.email,
  );
}

/**
 * Items of the list that could not be read but carry the request's reference (and a uuid no job
 * claimed): one may be the listing the lost request made, and its content cannot be compared.
 */
export function unreadableWithReference(
  unreadable: readonly UnreadableListing[],
  request: ListingCreateRequest,
  claimed: Taken,
): UnreadableListing[] {
  const reference = request.customReference ?? null;
  if (reference === null) return [];
  return unreadable.filter(
    (item) => item.customReference === reference && (item.uuid === null || !claimed.has(item.uuid)),
  );
}
