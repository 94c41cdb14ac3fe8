// The shop's one view of its listings on a desk (issue 24.6). What a desk reads from the service (a
// refresh, a live edit's answer, a pause, resume or end) goes into the shop's database; every other
// desk takes it in when NOTIFY names the account (or its link comes back) and reads only what moved
// since the version it holds. A refresh nobody asked for reads the service only on the desk that
// claims it, and only once the shop's view is older than the lone desk's refresh interval. While the
// database is out of reach a desk works as a lone one and sends what it read once the link is back.
import { REFRESH_INTERVAL_MS } from '../../../shared/domain/live';
import type { ListingsState } from '../../../shared/ipc/types';
import type { ListingsService } from '../../listings/listings-service';
import type { ListingsShare } from '../../listings/shared-view';
import type { Log } from '../../log/log';
import { createKeyedLock } from '../../publish/pacing';
import { claimRead, readDelta, releaseClaim, writeSome, writeWhole } from './listing-views';
import { LISTINGS_CHANNEL } from '../schema';
import type { SyncSession } from '../session';
import { isLinkDown } from '../connection';

/** How long a desk's claim on the next read holds when it does not finish (a read of many ads' states). */
const CLAIM_MS = 2 * 60_000;

export interface ShopListingsDeps {
  session: SyncSession;
  listings: Pick<ListingsService, 'joinShop' | 'adopt'>;
  /** Whether the account is shared (the embedded Sandbox account stays per desk). */
  shared(accountId: string): boolean;
  /** Whether this desk can read the service for the account (it holds its secret). */
  canRead(accountId: string): boolean;
  log: Log;
  /** How old the shop's view may grow before a desk reads the service for everyone. */
  maxAgeMs?: number;
}

export interface ShopListings {
  /** Waits for the reads and writes under way, then stops. */
  close(): Promise<void>;
}

type Pending = { state: ListingsState; touched: Set<string> | 'all' };

const joined = (older: Pending | undefined, newer: Pending): Pending => ({
  state: newer.state,
  touched:
    older?.touched === 'all' || newer.touched === 'all'
      ? 'all'
      : new Set([...(older?.touched ?? []), ...newer.touched]),
});

/** Puts the desk's listings service on the shop's shared view. */
export function startShopListings(deps: ShopListingsDeps): ShopListings {
  const { session, log } = deps;
  const maxAgeMs = deps.maxAgeMs ?? REFRESH_INTERVAL_MS;
  // The version of each account's view this desk holds, and the accounts it follows.
  const held = new Map<string, number>();
  const followed = new Set<string>();
  const lock = createKeyedLock();
  // A read queued and not started yet: later asks share it (a burst of NOTIFYs is one read).
  const waiting = new Map<string, Promise<void>>();
  // What could not be written yet (offline): the newest state and the listings it touched.
  const pending = new Map<string, Pending>();
  const running = new Set<Promise<unknown>>();
  let closed = false;
  const online = () => !closed && session.link().state === 'connected';
  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  };
  const failed = (what: string) => (error: unknown) => {
    // The link's failure is the session's news (it logs it and tries again); anything else is ours.
    if (!isLinkDown(error)) log.error(`shop: ${what} failed`, error);
  };

  const readNow = async (accountId: string) => {
    waiting.delete(accountId);
    if (!online()) return;
    const since = held.get(accountId) ?? 0;
    const readAt = performance.now();
    const delta = await readDelta(session, accountId, since, (message) => log.warn(message));
    if (!delta || delta.version <= since) return;
    await deps.listings.adopt(accountId, delta, readAt);
    held.set(accountId, delta.version);
  };

  const catchUp = (accountId: string): Promise<void> => {
    if (!deps.shared(accountId)) return Promise.resolve();
    followed.add(accountId);
    if (!online()) return Promise.resolve();
    let queued = waiting.get(accountId);
    if (!queued) {
      queued = track(lock(accountId, () => readNow(accountId)).catch(failed('reading the shared listings')));
      waiting.set(accountId, queued);
    }
    return queued;
  };

  const flush = async (accountId: string) => {
    const work = pending.get(accountId);
    if (!work || !online()) return;
    pending.delete(accountId);
    try {
      if (work.touched === 'all') await writeWhole(session, accountId, work.state);
      else await writeSome(session, accountId, work.state, [...work.touched]);
    } catch (error) {
      // Kept for when the link is back (with anything newer), never dropped.
      const newer = pending.get(accountId);
      pending.set(accountId, newer ? joined(work, newer) : work);
      throw error;
    }
  };
  const send = (accountId: string) =>
    void track(lock(accountId, () => flush(accountId)).catch(failed('writing the shared listings')));

  const share: ListingsShare = {
    catchUp,
    async claimRead(accountId) {
      if (!deps.shared(accountId)) return true;
      if (!deps.canRead(accountId)) return false;
      // Out of reach of the shop, the desk reads for itself, as a lone desk does.
      if (!online()) return true;
      try {
        return await track(claimRead(session, accountId, maxAgeMs, CLAIM_MS));
      } catch (error) {
        failed('claiming the next read of the listings')(error);
        return true;
      }
    },
    wrote(accountId, state, touched) {
      if (closed || !deps.shared(accountId)) return;
      followed.add(accountId);
      const touch: Pending = { state, touched: touched === 'all' ? 'all' : new Set(touched) };
      pending.set(accountId, joined(pending.get(accountId), touch));
      send(accountId);
    },
    readFailed(accountId) {
      if (!deps.shared(accountId) || !online()) return;
      void track(releaseClaim(session, accountId)).catch(failed('giving up the claim on a read'));
    },
  };
  deps.listings.joinShop(share);

  const stopNotice = session.onNotice((channel, accountId) => {
    if (channel === LISTINGS_CHANNEL && accountId) void catchUp(accountId);
  });
  // NOTIFYs sent while the link was down are lost: what waited goes up, then what moved is read.
  const stopLink = session.onLink((link) => {
    if (link.state !== 'connected') return;
    for (const accountId of pending.keys()) send(accountId);
    for (const accountId of followed) void catchUp(accountId);
  });

  return {
    async close() {
      closed = true;
      stopNotice();
      stopLink();
      await Promise.allSettled([...running]);
    },
  };
}
