// The shop's one view of each account's listings (issue 24.6), as the listings service sees it: a
// port the shop implements (without a shop there is none and nothing here runs), and how what moved
// in the shop's view is laid over the list a desk holds.
import { isDeepStrictEqual } from 'node:util';
import type { ListingExtras, ListingsState, ListingView } from '../../shared/ipc/types';
import type { UnreadableListing } from '../../shared/service/listing';

/** One listing of the shop's view that moved since the version a desk holds. */
export interface SharedRow {
  uuid: string;
  /** Absent when the listing left the account's list. */
  listing?: ListingView;
  extras?: ListingExtras;
}

/** What moved in the shop's view of an account since a version (all of it from version 0). */
export interface SharedDelta {
  version: number;
  /** From nothing: the rows are the whole list. */
  full: boolean;
  fetchedAt: string | null;
  unreadable: UnreadableListing[];
  publicationsFrom?: 'service' | 'jobs';
  rows: SharedRow[];
}

/** What the listings service asks of the shop. */
export interface ListingsShare {
  /** Brings in what moved in the shop's view of the account (at once when the shop is out of reach). */
  catchUp(accountId: string): Promise<void>;
  /** Whether this desk reads the service for a refresh the seller did not ask for (one desk at a time). */
  claimRead(accountId: string): Promise<boolean>;
  /** What this desk read from the service ('all': a whole read) or changed through it (those listings). */
  wrote(accountId: string, state: ListingsState, touched: 'all' | readonly string[]): void;
  /** A read of the service failed: another desk may try before the claim runs out. */
  readFailed(accountId: string): void;
}

type Held = Omit<ListingsState, 'accountId' | 'problem'>;

/** `held` with `delta` laid over it: a full delta replaces the list, else moved rows replace theirs. */
export function withShared(held: Held, delta: SharedDelta): Held {
  const listings = delta.full ? [] : [...held.listings];
  const extras: Record<string, ListingExtras> = delta.full ? {} : { ...held.extras };
  const at = new Map(listings.map((l, i) => [l.uuid, i]));
  const gone = new Set<string>();
  for (const row of delta.rows) {
    if (!row.listing) {
      gone.add(row.uuid);
      delete extras[row.uuid];
      continue;
    }
    const i = at.get(row.uuid);
    if (i === undefined) at.set(row.uuid, listings.push(row.listing) - 1);
    else listings[i] = row.listing;
    if (row.extras) extras[row.uuid] = row.extras;
  }
  return {
    listings: listings.filter((l) => !gone.has(l.uuid)),
    fetchedAt: delta.fetchedAt,
    unreadable: delta.unreadable,
    extras,
    ...(delta.publicationsFrom && { publicationsFrom: delta.publicationsFrom }),
  };
}

/** Whether two lists show the same (listings, their extras, the fetch time, what could not be read). */
export function sameView(a: Held, b: Held): boolean {
  const plain = (held: Held) => ({
    listings: held.listings,
    fetchedAt: held.fetchedAt,
    unreadable: held.unreadable ?? [],
    extras: held.extras ?? {},
    publicationsFrom: held.publicationsFrom ?? null,
  });
  return isDeepStrictEqual(JSON.parse(JSON.stringify(plain(a))), JSON.parse(JSON.stringify(plain(b))));
}
