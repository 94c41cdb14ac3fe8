// The desk's sync: one round sends the outbox, then reads the feed. Rounds run one at a time (so a
// merge never races another) when the feed may have grown (NOTIFY, the link back) or a local change
// was marked, and only while connected; offline, the marks wait and the link's return starts a round.
import type { Log } from '../../log/log';
import { createSerialQueue } from '../../storage/serial-queue';
import type { Bases } from './bases';
import type { SyncSession } from '../session';
import type { Outbox } from './outbox';
import type { PhotoSync } from '../photos';
import { feedBehind, pullFeed } from './pull';
import { pushOutbox } from './push';
import { isLinkProblem } from '../connection';
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
  /** Items whose last change could not be applied on this desk (see the log), and items stuck going up. */
  trouble(): { unapplied: number; stuck: number };
  /** How many changes of the feed this desk has not read yet. */
  behind(): Promise<number>;
  /** Told after each round that ran (what waits, conflicts); returns the unsubscribe. */
  onRound(listener: () => void): () => void;
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
    unapplied: new Map(),
  };
  const queue = createSerialQueue();
  const stuck = new Set<string>();
  let queued: Promise<void> | undefined;
  let closed = false;
  const rounds = new Set<() => void>();

  // What the next round must do: send (a local change landed) and read (the feed has grown).
  const due = { push: true, pull: true };
  const round = async () => {
    queued = undefined;
    if (closed || session.link().state !== 'connected') return;
    const { push, pull } = due;
    due.push = false;
    due.pull = false;
    try {
      // Up first: a local change reaches the others one round trip sooner, and a set refused for a
      // stale base is merged with the row it lost to anyway.
      if (push) await pushOutbox(context, stuck);
      if (pull) await pullFeed(context);
    } catch (error) {
      due.push ||= push;
      due.pull ||= pull;
      // A link failure is the link's news (the session logs it and tries again); anything else is ours.
      if (!isLinkProblem(error)) log.error('shop: a sync round failed', error);
    }
    for (const listener of [...rounds]) listener();
  };
  const kick = (what: { push?: boolean; pull?: boolean }): Promise<void> => {
    if (closed) return Promise.resolve();
    due.push ||= what.push === true;
    due.pull ||= what.pull === true;
    queued ??= queue.run(round);
    return queued;
  };

  // Woken by another desk's change, or by the link's return (then the outbox may wait too).
  const stopWake = session.onWake(() => {
    photosRetry();
    void kick({ pull: true, push: true });
  });
  const photosRetry = () => deps.photos.retry();
  const stopMark = outbox.onMark(() => {
    // A burst of marks (typing, a bulk edit) becomes one round: the mark's change lands first.
    setImmediate(() => void kick({ push: true }));
  });

  return {
    session,
    outbox,
    photos: deps.photos,
    kinds,
    exclusive: (work) => queue.run(() => work(context)),
    syncNow: () => kick({ push: true, pull: true }),
    behind: () => feedBehind(context),
    trouble: () => ({ unapplied: context.unapplied.size, stuck: stuck.size }),
    onRound(listener) {
      rounds.add(listener);
      return () => rounds.delete(listener);
    },
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
