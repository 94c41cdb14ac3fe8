// The desk's sync: one round reads the feed, then sends the outbox. Rounds run one at a time (so a
// merge never races another) when the feed may have grown (NOTIFY, the link back) or a local change
// was marked, and only while connected; offline, the marks wait and the link's return starts a round.
import type { Log } from '../log/log';
import { createSerialQueue } from '../storage/serial-queue';
import type { Bases } from './bases';
import type { SyncSession } from './open-session';
import type { Outbox } from './outbox';
import type { PhotoSync } from './photo-sync';
import { feedBehind, pullFeed } from './pull';
import { pushOutbox } from './push';
import { isLinkDown } from './shop-error';
import { deskNames, type SyncContext } from './sync-context';
import type { ItemKind } from './sync-kinds';

export interface ShopSync {
  readonly session: SyncSession;
  readonly outbox: Outbox;
  readonly photos: PhotoSync;
  readonly kinds: ReadonlyMap<string, ItemKind>;
  /** Runs `work` between rounds, alone (join). */
  exclusive<T>(work: (context: SyncContext) => Promise<T>): Promise<T>;
  /** Starts a round (if none is queued) and resolves when it has run. */
  syncNow(): Promise<void>;
  /** How many changes of the feed this desk has not read yet. */
  behind(): Promise<number>;
  close(): Promise<void>;
}

export interface ShopSyncDeps {
  session: SyncSession;
  outbox: Outbox;
  bases: Bases;
  photos: PhotoSync;
  kinds: readonly ItemKind[];
  log: Log;
}

/** Starts syncing a desk: a first round as soon as the link is up, then whenever woken. */
export function startShopSync(deps: ShopSyncDeps): ShopSync {
  const { session, outbox, log } = deps;
  const kinds = new Map(deps.kinds.map((kind) => [kind.kind, kind]));
  const context: SyncContext = {
    session,
    outbox,
    bases: deps.bases,
    kinds,
    log,
    deskName: deskNames(session),
  };
  const queue = createSerialQueue();
  const stuck = new Set<string>();
  let queued: Promise<void> | undefined;
  let closed = false;

  const round = async () => {
    queued = undefined;
    if (closed || session.link().state !== 'connected') return;
    try {
      await pullFeed(context);
      await pushOutbox(context, stuck);
    } catch (error) {
      // A link failure is the link's news (the session logs it and tries again); anything else is ours.
      if (!isLinkDown(error)) log.error('shop: a sync round failed', error);
    }
  };
  const kick = (): Promise<void> => {
    if (closed) return Promise.resolve();
    queued ??= queue.run(round);
    return queued;
  };

  const stopWake = session.onWake(() => {
    photosRetry();
    void kick();
  });
  const photosRetry = () => deps.photos.retry();
  const stopMark = outbox.onMark(() => {
    // A burst of marks (typing, a bulk edit) becomes one round: the mark's change lands first.
    setImmediate(() => void kick());
  });

  return {
    session,
    outbox,
    photos: deps.photos,
    kinds,
    exclusive: (work) => queue.run(() => work(context)),
    syncNow: kick,
    behind: () => feedBehind(context),
    async close() {
      closed = true;
      stopWake();
      stopMark();
      await queue.idle();
      await deps.photos.idle();
      await session.close();
    },
  };
}
