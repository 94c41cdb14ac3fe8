// The active account's live listings. Each successful fetch is kept on disk per account, so when
// the service cannot be reached the seller sees the last known list (with the problem), never an
// empty one. Beside each listing: its publications' states, read with the list (issue 15).
import path from 'node:path';
import type { PublishJobView } from '../../shared/domain/publishing';
import type { ListingsState, ListingView, PublicationStateView } from '../../shared/ipc/types';
import type { AccountsService } from '../accounts/accounts-service';
import { problemOf, serviceAppError } from '../accounts/service-problem';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import { statesMoved } from './ad-news';
import { watchJobs } from './job-watch';
import { extrasAfterFetch, withPublication } from './listing-extras';
import { cacheFile } from './listings-cache';
import type { ListingsRead, ListingsReadListener } from './listings-read';
import {
  FULL_READ_EVERY_MS,
  listingsToRead,
  readPublicationStates,
  statesFromJobs,
  type ReadScope,
} from './publication-states';
import { sameView, withShared, type ListingsShare, type SharedDelta } from './shared-view';

/** Pause that gathers refresh triggers close together (several ads going live) into one fetch. */
const REFRESH_GATHER_MS = 250;
/** How long a change of a few listings waits for more before the cache is written. */
const LISTINGS_WRITE_GATHER_MS = 200;

type Edit = (state: ListingsState) => Partial<ListingsState>;

/** What the listings service needs of the publish engine. */
export interface ListingsJobs {
  list(): PublishJobView[];
  onChange(listener: (jobs: PublishJobView[]) => void): () => void;
}

export interface ListingsServiceDeps {
  accounts: AccountsService;
  dataDir: string;
  onChange(state: ListingsState): void;
  log: { error(message: string, error?: unknown): void; warn?(message: string): void };
}

export interface ListingsService {
  /**
   * The active account's listings: from memory unless `refresh` or not loaded yet. A `background`
   * refresh (not asked for by the seller) reads only the publications that may have moved.
   */
  list(options?: { refresh?: boolean; background?: boolean }): Promise<ListingsState>;
  /** The listings last fetched for an account, without asking the service. */
  known(accountId: string): Promise<ListingView[]>;
  /** One listing of the active account, fresh from the service. */
  get(uuid: string): Promise<ListingView>;
  /** Puts a listing as just read from the service into the account's list (after a change to it). */
  remember(accountId: string, listing: ListingView): Promise<void>;
  /** Drops a listing the service no longer has from the account's list. */
  forget(accountId: string, uuid: string): Promise<void>;
  /** Puts a publication's states, as just read, on its listing's row (e.g. after pause or resume). */
  notePublication(accountId: string, listingUuid: string, state: PublicationStateView): Promise<void>;
  /** Fetches the account's list again soon (after a change elsewhere); triggers close together are one. */
  refreshSoon(accountId: string): void;
  /** Follows the publish jobs: their states go on the rows, and an ad that goes live refreshes the list. */
  followJobs(jobs: ListingsJobs): void;
  /**
   * Tells `listener` of every read: what it found new or changed and, of a whole list, what it says
   * of the jobs' ads. The one listener on reads (issue 31.3): a second replaces the first.
   */
  followReads(listener: ListingsReadListener): void;
  /** In a shop (issue 24.6): reads and writes go through the shop's one view of each account's listings. */
  joinShop(share: ListingsShare): void;
  /** Takes in what moved in the shop's view of an account (read at `readAt`, performance.now()). */
  adopt(accountId: string, delta: SharedDelta, readAt: number): Promise<void>;
  /** Stops pending refreshes and waits for running ones. */
  close(): Promise<void>;
}

/** Builds the listings service. */
export function createListingsService(deps: ListingsServiceDeps): ListingsService {
  const { accounts, dataDir } = deps;
  const loaded = new Map<string, ListingsState>();
  const inflight = new Map<string, { scope: ReadScope; running: Promise<ListingsState> }>();
  // When each account's publications were last all read (in memory: after a start, all once).
  const fullReadAt = new Map<string, number>();
  // Changes made while a fetch runs: the fetch may have read the list before them, so they are made
  // again on what it brings.
  const during = new Map<string, Edit[]>();
  const timers = new Map<string, NodeJS.Timeout>();
  let jobs: ListingsJobs | undefined;
  let reads: ListingsReadListener | undefined;
  let share: ListingsShare | undefined;
  let stopJobs: (() => void) | undefined;
  let closed = false;
  const warn = (message: string) => (deps.log.warn ? deps.log.warn(message) : deps.log.error(message));
  // The read stands whatever its listener does.
  const tell = async (read: ListingsRead): Promise<void> => {
    try {
      await reads?.(read);
    } catch (error) {
      deps.log.error('Could not tell of a read of the listings', error);
    }
  };
  const fileOf = (accountId: string) =>
    path.join(dataDir, 'cache', 'listings', `${encodeURIComponent(accountId)}.json`);

  const lastKnown = async (accountId: string): Promise<Omit<ListingsState, 'accountId' | 'problem'>> => {
    const memory = loaded.get(accountId);
    if (memory) return memory;
    const read = await readJsonFile(fileOf(accountId), (value) => cacheFile.parse(value));
    if (read.state === 'unreadable')
      deps.log.error(`The listings cache did not parse; moved aside to ${read.movedAside}`);
    return read.state === 'ok' ? read.value : { listings: [], fetchedAt: null };
  };

  // Per account: the write under way, and the newest state asked for meanwhile. Writes never
  // overlap (an older state renamed over a newer one), and changes that come while one waits or is
  // under way share the next write: each caller's promise ends once a write holding its state is on
  // disk. A change of a few listings (a live edit, a feed's update, a publication's state) waits
  // `LISTINGS_WRITE_GATHER_MS` for the ones after it: a feed's run changes one after another, and
  // the cache is written once for them, not once each. A read of the list, or closing, writes at once.
  interface Writer {
    running: Promise<void>;
    next: ListingsState | undefined;
    /** Ends the gathering wait (undefined: not waiting). */
    wake?: () => void;
  }
  const writers = new Map<string, Writer>();
  const write = (accountId: string, state: ListingsState, gather = false): Promise<void> => {
    const writer = writers.get(accountId);
    if (writer) {
      writer.next = state;
      if (!gather) writer.wake?.();
      return writer.running;
    }
    const started: Writer = { running: Promise.resolve(), next: state };
    started.running = (async () => {
      try {
        if (gather && !closed)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, LISTINGS_WRITE_GATHER_MS);
            started.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        delete started.wake;
        while (started.next !== undefined) {
          const { fetchedAt, listings, unreadable, extras, publicationsFrom } = started.next;
          started.next = undefined;
          await writeFileAtomic(
            fileOf(accountId),
            JSON.stringify({ fetchedAt, listings, unreadable, extras, publicationsFrom }),
          ).catch((error: unknown) => deps.log.error('Could not write the listings cache', error));
        }
      } finally {
        writers.delete(accountId);
      }
    })();
    writers.set(accountId, started);
    return started.running;
  };

  const fetch = async (accountId: string, asked: ReadScope): Promise<ListingsState> => {
    let next: ListingsState;
    let heard: ListingsRead | undefined;
    const edits: Edit[] = [];
    during.set(accountId, edits);
    try {
      const client = accounts.client(accountId);
      const askedAtMs = Date.now();
      const readAt = performance.now();
      const { listings, unreadable } = await client.readListings();
      const before = await lastKnown(accountId);
      const lastFull = fullReadAt.get(accountId);
      const scope = lastFull === undefined || Date.now() - lastFull >= FULL_READ_EVERY_MS ? 'all' : asked;
      const startedAt = Date.now();
      const toRead = new Set(listingsToRead(listings, before, scope));
      const states = await readPublicationStates(
        client,
        listings.map((l) => l.uuid),
        statesFromJobs(jobs?.list() ?? [], accountId),
        (uuid) => before.extras?.[uuid]?.publications,
        { warn },
        toRead,
      );
      const read = new Map(
        [...states.byListing].filter(([uuid]) => states.from === 'service' && toRead.has(uuid)),
      );
      const listed = new Set(listings.map((l) => l.uuid));
      if (scope === 'all') fullReadAt.set(accountId, startedAt);
      const fetchedAt = new Date().toISOString();
      const extras = extrasAfterFetch(listings, before, states.byListing, fetchedAt);
      next = { accountId, listings, fetchedAt, unreadable, extras, publicationsFrom: states.from };
      const known = new Map(before.listings.map((l) => [l.uuid, JSON.stringify(l)]));
      const changed = listings.filter((l) => known.get(l.uuid) !== JSON.stringify(l));
      const ads = { accountId, askedAtMs, listed, unreadable, states: read };
      heard = { accountId, readAt, changed, ads, all: listings };
      // An item that cannot be read is named to the seller (in the view) and in the log, never dropped.
      for (const item of unreadable) {
        warn(
          `Listing ${item.uuid ?? `#${item.index + 1} (no uuid)`} of the service's list could not be read: ${item.problem}`,
        );
      }
    } catch (error) {
      during.delete(accountId);
      next = { accountId, ...(await lastKnown(accountId)), problem: problemOf(error) };
    }
    if (during.get(accountId) === edits) {
      during.delete(accountId);
      for (const edit of edits) next = { ...next, ...edit(next) };
    }
    loaded.set(accountId, next);
    if (accounts.activeId() === accountId) deps.onChange(next);
    // A cache that cannot be written costs only the offline view; the live list is still shown.
    if (!next.problem) await write(accountId, next);
    if (next.problem) share?.readFailed(accountId);
    else share?.wrote(accountId, next, 'all');
    // Told once the list is shown and written: the jobs' news puts their states on its rows, which
    // the list's own write must not overwrite.
    if (heard) await tell(heard);
    return next;
  };

  // Only a list already loaded is changed: a list of one would hide the others until a refresh.
  const change = async (accountId: string, touched: readonly string[], edit: Edit) => {
    // In a shop, a list this desk has not loaded may be the shop's: the change goes on it for all.
    if (share && !loaded.has(accountId)) await share.catchUp(accountId);
    during.get(accountId)?.push(edit);
    const memory = loaded.get(accountId);
    if (!memory) return;
    const next = { ...memory, ...edit(memory) };
    loaded.set(accountId, next);
    if (accounts.activeId() === accountId) deps.onChange(next);
    if (memory.fetchedAt === null) return;
    // Shown at once (above); the cache follows with the changes after it (a failure is logged).
    void write(accountId, next, true);
    share?.wrote(accountId, next, touched);
  };

  // Concurrent refreshes of one account share one request; one that reads all waits for a running
  // background one and then reads all.
  const refresh = (accountId: string, scope: ReadScope = 'changed'): Promise<ListingsState> => {
    const current = inflight.get(accountId);
    if (current && (current.scope === 'all' || scope === 'changed')) return current.running;
    const running = (async () => {
      await current?.running.catch(() => undefined);
      return fetch(accountId, scope);
    })().finally(() => {
      if (inflight.get(accountId)?.running === running) inflight.delete(accountId);
    });
    inflight.set(accountId, { scope, running });
    return running;
  };

  // A trigger during a fetch refreshes again after it: that fetch may have read the list before the change.
  const refreshSoon = (accountId: string): void => {
    if (closed || timers.has(accountId)) return;
    const timer = setTimeout(() => {
      void (async () => {
        await inflight.get(accountId)?.running.catch(() => undefined);
        timers.delete(accountId);
        if (!closed) await refresh(accountId);
      })();
    }, REFRESH_GATHER_MS);
    timer.unref?.();
    timers.set(accountId, timer);
  };

  // A listing not on the list yet gets its states with the next fetch; no event, no write for nothing.
  const notePublication = async (accountId: string, listingUuid: string, state: PublicationStateView) => {
    if (loaded.get(accountId)?.extras?.[listingUuid] === undefined && !during.has(accountId)) return;
    await change(accountId, [listingUuid], (memory) => ({
      extras: withPublication(memory.extras, listingUuid, state),
    }));
  };

  return {
    async list(options = {}) {
      const accountId = accounts.activeId();
      if (share) {
        await share.catchUp(accountId);
        // The view the shop keeps fresh stands, unless the seller asked or it is this desk's turn.
        const held = loaded.get(accountId);
        if (held?.fetchedAt && !held.problem && !options.refresh) return held;
        if (held?.fetchedAt && options.background && !(await share.claimRead(accountId))) return held;
      }
      const memory = loaded.get(accountId);
      if (memory && !options.refresh) return memory;
      return refresh(accountId, options.background ? 'changed' : 'all');
    },

    async known(accountId) {
      return (await lastKnown(accountId)).listings;
    },

    async get(uuid) {
      const accountId = accounts.activeId();
      let listing: ListingView;
      const readAt = performance.now();
      try {
        listing = await accounts.client(accountId).getListing(uuid);
      } catch (error) {
        // A desk in a shop that holds no secret of the account (a prepare desk) reads the ad as
        // the shop's view has it, quietly: reaching the service is not its part.
        const viewed =
          share && problemOf(error).problem === 'missing-secret'
            ? (await lastKnown(accountId)).listings.find((known) => known.uuid === uuid)
            : undefined;
        if (viewed) return viewed;
        throw serviceAppError(error);
      }
      // Read fresh: its linked draft follows what changed (nothing is written when nothing did).
      void tell({ accountId, readAt, changed: [listing] });
      return listing;
    },

    remember: (accountId, listing) =>
      change(accountId, [listing.uuid], ({ listings, extras }) => {
        const known = listings.some((l) => l.uuid === listing.uuid);
        const now = new Date().toISOString();
        const own = extras?.[listing.uuid];
        return {
          listings: known
            ? listings.map((l) => (l.uuid === listing.uuid ? listing : l))
            : [...listings, listing],
          extras: {
            ...extras,
            [listing.uuid]: {
              publications: own?.publications ?? [],
              seenAt: own?.seenAt ?? now,
              changedAt: now,
            },
          },
        };
      }),

    forget: (accountId, uuid) =>
      change(accountId, [uuid], ({ listings, extras }) => {
        const { [uuid]: _gone, ...rest } = extras ?? {};
        return { listings: listings.filter((l) => l.uuid !== uuid), extras: rest };
      }),

    notePublication,
    refreshSoon,

    followJobs(engine) {
      jobs = engine;
      stopJobs?.();
      stopJobs = engine.onChange(
        watchJobs({
          patch: (accountId, listingUuid, state) =>
            void notePublication(accountId, listingUuid, state).catch((error: unknown) =>
              deps.log.error('Could not put a publication state on its listing', error),
            ),
          // A list nobody has asked for yet is fetched when it is; one that has the listing needs only its states.
          refresh: (accountId, listingUuid) => {
            const memory = loaded.get(accountId);
            if (memory && !memory.listings.some((l) => l.uuid === listingUuid)) refreshSoon(accountId);
          },
        }),
      );
    },

    followReads(listener) {
      reads = listener;
    },

    joinShop(port) {
      share = port;
    },

    async adopt(accountId, delta, readAt) {
      const before = await lastKnown(accountId);
      const next: ListingsState = { accountId, ...withShared(before, delta) };
      const same = sameView(before, next) && !loaded.get(accountId)?.problem;
      // Held even when it shows what the cache file did: the shop's view now stands for this account.
      loaded.set(accountId, next);
      if (same) return;
      const known = new Map(before.listings.map((l) => [l.uuid, JSON.stringify(l)]));
      const changed = next.listings.filter((l) => known.get(l.uuid) !== JSON.stringify(l));
      if (accounts.activeId() === accountId) deps.onChange(next);
      await write(accountId, next);
      // An ad another desk paused or resumed (a feed, the seller there) is news for this desk's
      // jobs too: their Publishing view says paused, not Live (issue 32.3).
      const ads = statesMoved(accountId, before.extras, next.extras);
      if (changed.length > 0 || ads) void tell({ accountId, readAt, changed, ...(ads && { ads }) });
    },

    async close() {
      closed = true;
      for (const writer of writers.values()) writer.wake?.();
      stopJobs?.();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inflight.values()].map((flight) => flight.running));
      await Promise.allSettled([...writers.values()].map((writer) => writer.running));
    },
  };
}
