// What the listings view keeps beside each listing: its publications' states and when the app first
// saw it and saw it change. The service gives listings no dates, so "newest" and "recently changed"
// are what this app observed (a listing first seen in one fetch shares that fetch's time).
import { z } from 'zod';
import type { ListingExtras, ListingView, PublicationStateView } from '../../shared/ipc/types';

const publicationState = z.object({
  uuid: z.string(),
  requestedState: z.string().nullable(),
  actualState: z.string().nullable(),
  adId: z.number().nullable(),
});

/** The extras as kept in the listings cache file. */
export const listingExtrasSchema = z.record(
  z.string(),
  z.object({ publications: z.array(publicationState), seenAt: z.string(), changedAt: z.string() }),
);

/** The extras after a fetch: times carried over from `before`, a changed listing stamped `now`. */
export function extrasAfterFetch(
  listings: readonly ListingView[],
  before: { listings: readonly ListingView[]; extras?: Record<string, ListingExtras> },
  publications: Map<string, PublicationStateView[]>,
  now: string,
): Record<string, ListingExtras> {
  const old = new Map(before.listings.map((l) => [l.uuid, l]));
  const extras: Record<string, ListingExtras> = {};
  for (const listing of listings) {
    const known = before.extras?.[listing.uuid];
    const previous = old.get(listing.uuid);
    const same = previous !== undefined && JSON.stringify(previous) === JSON.stringify(listing);
    extras[listing.uuid] = {
      publications: publications.get(listing.uuid) ?? [],
      seenAt: known?.seenAt ?? now,
      changedAt: same && known ? known.changedAt : now,
    };
  }
  return extras;
}

/** `extras` with one publication's states put in (added when new); untouched for an unknown listing. */
export function withPublication(
  extras: Record<string, ListingExtras> | undefined,
  listingUuid: string,
  state: PublicationStateView,
): Record<string, ListingExtras> | undefined {
  const own = extras?.[listingUuid];
  if (!extras || !own) return extras;
  const known = own.publications.some((p) => p.uuid === state.uuid);
  const publications = known
    ? own.publications.map((p) => (p.uuid === state.uuid ? state : p))
    : [...own.publications, state];
  return { ...extras, [listingUuid]: { ...own, publications } };
}
