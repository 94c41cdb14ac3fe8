// The active account's live listings. Each successful fetch is kept on disk per account, so when
// the service cannot be reached the seller sees the last known list (with the problem), never an
// empty one.
import path from 'node:path';
import { z } from 'zod';
import { Listing } from '../../shared/service';
import type { ListingsState, ListingView } from '../../shared/ipc/types';
import type { AccountsService } from '../accounts/accounts-service';
import { problemOf, serviceAppError } from '../accounts/service-problem';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';

const unreadableItem = z.object({
  index: z.number(),
  uuid: z.string().nullable(),
  title: z.string().nullable(),
  customReference: z.string().nullable(),
  problem: z.string(),
  fields: z.array(z.string()).default([]),
});
const cacheFile = z.object({
  fetchedAt: z.string(),
  listings: z.array(Listing),
  unreadable: z.array(unreadableItem).optional(),
});

export interface ListingsServiceDeps {
  accounts: AccountsService;
  dataDir: string;
  onChange(state: ListingsState): void;
  log: { error(message: string, error?: unknown): void; warn?(message: string): void };
}

export interface ListingsService {
  /** The active account's listings: from memory unless `refresh` or not loaded yet. */
  list(options?: { refresh?: boolean }): Promise<ListingsState>;
  /** The listings last fetched for an account, without asking the service. */
  known(accountId: string): Promise<ListingView[]>;
  /** One listing of the active account, fresh from the service. */
  get(uuid: string): Promise<ListingView>;
  /** Puts a listing as just read from the service into the account's list (after a change to it). */
  remember(accountId: string, listing: ListingView): Promise<void>;
  /** Drops a listing the service no longer has from the account's list. */
  forget(accountId: string, uuid: string): Promise<void>;
}

/** Builds the listings service. */
export function createListingsService(deps: ListingsServiceDeps): ListingsService {
  const { accounts, dataDir } = deps;
  const loaded = new Map<string, ListingsState>();
  const inflight = new Map<string, Promise<ListingsState>>();
  const fileOf = (accountId: string) =>
    path.join(dataDir, 'cache', 'listings', `${encodeURIComponent(accountId)}.json`);

  const lastKnown = async (
    accountId: string,
  ): Promise<Pick<ListingsState, 'listings' | 'fetchedAt' | 'unreadable'>> => {
    const memory = loaded.get(accountId);
    if (memory) return memory;
    const read = await readJsonFile(fileOf(accountId), (value) => cacheFile.parse(value));
    if (read.state === 'unreadable')
      deps.log.error(`The listings cache did not parse; moved aside to ${read.movedAside}`);
    return read.state === 'ok' ? read.value : { listings: [], fetchedAt: null };
  };

  const write = async (accountId: string, state: ListingsState): Promise<void> => {
    const { fetchedAt, listings, unreadable } = state;
    await writeFileAtomic(fileOf(accountId), JSON.stringify({ fetchedAt, listings, unreadable })).catch(
      (error: unknown) => deps.log.error('Could not write the listings cache', error),
    );
  };

  const fetch = async (accountId: string): Promise<ListingsState> => {
    let next: ListingsState;
    try {
      const { listings, unreadable } = await accounts.client(accountId).readListings();
      next = { accountId, listings, fetchedAt: new Date().toISOString(), unreadable };
      // An item that cannot be read is named to the seller (in the view) and in the log, never dropped.
      for (const item of unreadable) {
        const message = `Listing ${item.uuid ?? `#${item.index + 1} (no uuid)`} of the service's list could not be read: ${item.problem}`;
        if (deps.log.warn) deps.log.warn(message);
        else deps.log.error(message);
      }
      // A cache that cannot be written costs only the offline view; the live list is still shown.
      await write(accountId, next);
    } catch (error) {
      next = { accountId, ...(await lastKnown(accountId)), problem: problemOf(error) };
    }
    loaded.set(accountId, next);
    if (accounts.activeId() === accountId) deps.onChange(next);
    return next;
  };

  // Only a list already loaded is changed: a list of one would hide the others until a refresh.
  const change = async (accountId: string, edit: (listings: ListingView[]) => ListingView[]) => {
    const memory = loaded.get(accountId);
    if (!memory) return;
    const next = { ...memory, listings: edit(memory.listings) };
    loaded.set(accountId, next);
    if (accounts.activeId() === accountId) deps.onChange(next);
    if (memory.fetchedAt !== null) await write(accountId, next);
  };

  return {
    async list(options = {}) {
      const accountId = accounts.activeId();
      const memory = loaded.get(accountId);
      if (memory && !options.refresh) return memory;
      // Concurrent refreshes of one account share one request.
      let running = inflight.get(accountId);
      if (!running) {
        running = fetch(accountId).finally(() => inflight.delete(accountId));
        inflight.set(accountId, running);
      }
      return running;
    },

    async known(accountId) {
      return (await lastKnown(accountId)).listings;
    },

    async get(uuid) {
      try {
        return await accounts.client(accounts.activeId()).getListing(uuid);
      } catch (error) {
        throw serviceAppError(error);
      }
    },

    remember: (accountId, listing) =>
      change(accountId, (listings) =>
        listings.some((l) => l.uuid === listing.uuid)
          ? listings.map((l) => (l.uuid === listing.uuid ? listing : l))
          : [...listings, listing],
      ),

    forget: (accountId, uuid) => change(accountId, (listings) => listings.filter((l) => l.uuid !== uuid)),
  };
}
