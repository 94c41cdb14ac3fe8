// The asynchronous validation of publications, computed lazily so it survives restarts: a
// publication is pending until `validateAt`, then settles once (outcome and adId stored). Listing
// changes settle due publications first, so the outcome reflects the listing as it was at `validateAt`.
import type { ListingRecord, PublicationOutcome, PublicationRecord, RequestedState } from './model';
import type { Quirks } from './quirks';
import type { Store } from './store';

const POSTAL_CODE = /^\d{5}$/;

/** Reasons a publication is rejected; the sandbox's wording (the spec shows no rejected state). */
export const REJECTION_REASONS = {
  noImages: 'Listing has no images.',
  unknownImprint: 'Imprint not found.',
  postalCode: 'Postal code must consist of 5 digits.',
} as const;

function validate(publication: PublicationRecord, store: Store): PublicationOutcome {
  const listing = store.listing(publication.clientId, publication.listingUuid);
  const reasons: string[] = [];
  if (!listing || listing.media.length === 0) reasons.push(REJECTION_REASONS.noImages);
  if (!store.imprint(publication.clientId, publication.imprintUuid))
    reasons.push(REJECTION_REASONS.unknownImprint);
  if (!POSTAL_CODE.test(publication.postalCode)) reasons.push(REJECTION_REASONS.postalCode);
  return reasons.length === 0 ? { state: 'published' } : { state: 'rejected', reason: reasons.join(' ') };
}

/** Settles `publication` if its validation time has come; returns whether it changed. */
export function settle(publication: PublicationRecord, store: Store, now: number): boolean {
  if (publication.outcome !== null || now < publication.validateAt) return false;
  publication.outcome = validate(publication, store);
  // The ad keeps its id across re-validations once it has one.
  if (publication.outcome.state === 'published' && publication.adId === null)
    publication.adId = store.nextAdId++;
  return true;
}

/** Settles every due publication of a listing (call before changing the listing). */
export function settleListing(listing: ListingRecord, store: Store, now: number): void {
  let changed = false;
  for (const uuid of listing.publications) {
    const publication = store.publications.get(uuid);
    if (publication && settle(publication, store, now)) changed = true;
  }
  if (changed) store.onChange();
}

/** Puts a publication back to pending, to be validated again after `delayMs`. */
export function revalidate(publication: PublicationRecord, now: number, delayMs: number): void {
  publication.outcome = null;
  publication.validateAt = now + delayMs;
}

/** The `actualState` value of a publication under the current state-name quirk. */
export function actualState(publication: PublicationRecord, quirks: Quirks, now = Date.now()): string {
  if (publication.outcome === null) return quirks.stateNames.pending;
  return publication.outcome.state === 'published' ? liveState(publication, now) : quirks.stateNames.rejected;
}

/** PUBLISHED or PAUSED for a validated ad: a pause or resume takes effect after the validation delay. */
function liveState(publication: PublicationRecord, now: number): RequestedState {
  const change = publication.stateChange;
  if (change && now < change.at) return change.from;
  return publication.requestedState ?? 'PUBLISHED';
}

/**
 * Asks for `state`; the actual state follows after `delayMs`, as validation does. Asking again for
 * the state already asked for changes nothing (the request is idempotent). Returns whether it changed.
 */
export function requestState(
  publication: PublicationRecord,
  state: RequestedState,
  now: number,
  delayMs: number,
): boolean {
  if ((publication.requestedState ?? 'PUBLISHED') === state) return false;
  publication.stateChange = { from: liveState(publication, now), at: now + delayMs };
  publication.requestedState = state;
  return true;
}
