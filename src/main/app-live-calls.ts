// Calls that change a live ad, recorded before they are sent and logged with the record that
// settles them (issue 37.5; ports/live-calls.ts). Part of the composition root: in a team with its
// database in reach the call is a due claim of the team (shop/claims/live-call-claims.ts), else a
// journal file of the data folder (activity/call-journal.ts) whose row goes to this desktop's
// activity file (alone) or to the team's database once it is in reach, with when it was made. The
// reconcile settles what a killed desk or a lost answer left: this desk's journal files, and the
// team's calls whose lease ran out, by reading the ad on the service.
import type { ActivityInput } from '../shared/domain/activity';
import { openCallJournal, type JournalCall } from './activity';
import type { ActivityLog } from './ports/activity-log';
import { liveCallEntry, type LiveCall, type LiveCallHold, type LiveCalls } from './ports/live-calls';
import { isRefusal, type TaskClaims } from './ports/task-claims';
import {
  abandonedDueKeys,
  claimLiveCall,
  isLinkDown,
  liveCallOf,
  LIVE_CALL_PREFIX,
  priceStepLogged,
} from './shop';

interface Session {
  pool: Parameters<typeof abandonedDueKeys>[0];
}

export interface AppLiveCallsOptions {
  dataDir: string;
  /** This desktop's activity file. */
  lone: Pick<ActivityLog, 'record' | 'list'>;
  session(): Session | undefined;
  /** The team's claims while the desk is in a team. */
  teamClaims(): TaskClaims | undefined;
  /** Whether this desk may change live ads (a prepare desk settles no other desk's calls). */
  mayAct(): boolean;
  /** What a call did, read back from the service (null: it did not land). */
  settle(call: LiveCall): Promise<Record<string, unknown> | null>;
  log: { info(message: string): void; warn(message: string): void };
  /** Other due keys a stopped desk can leave done but unmarked (a price step), settled the same way. */
  settlers?: readonly DueKeySettler[];
}

/** Settles the team's due keys of a kind that a stopped desk left claimed and not done. */
export interface DueKeySettler {
  prefix: string;
  /** The rows to mark the key done with; undefined: not settled yet (left as it is). */
  settle(key: string, db: Session['pool']): Promise<ActivityInput[] | undefined>;
}

export interface AppLiveCalls extends LiveCalls {
  /** Settles what is left: this desk's journal files, then the team's abandoned calls. */
  reconcile(): Promise<{ settled: number; left: number }>;
  /** Runs the reconcile every `everyMs` (and once now); returns the stop. */
  every(everyMs: number): () => void;
}

export function appLiveCalls(options: AppLiveCallsOptions): AppLiveCalls {
  const journal = openCallJournal(options.dataDir);
  const { log } = options;

  const localHold = (call: LiveCall, target: 'lone' | 'team'): LiveCallHold => ({
    async settle(entry) {
      if (target === 'team') {
        // Kept with the call until it reaches the team's database (the reconcile takes it there).
        await journal.keep(call, entry);
        void reconcile().catch(() => undefined);
        return;
      }
      if (entry) await options.lone.record(entry);
      await journal.finish(call.id);
    },
    leave: async () => undefined,
  });

  // Whether the lone log holds the call's row already (a crash after its append, before its file went).
  const loggedAlone = async (call: LiveCall) =>
    (await options.lone.list({ ad: call.ad, kinds: [call.kind] })).some(
      (entry) => entry.changed.call === call.id,
    );

  const rowOf = async (call: LiveCall): Promise<ActivityInput | null> => {
    const changed = await options.settle(call);
    return changed && liveCallEntry(call, changed);
  };

  // One journal file: its row where it belongs, then the file goes. False: left for later.
  const settleFile = async ({ call, target, entry }: JournalCall): Promise<boolean> => {
    if (target === 'lone') {
      if (!(await loggedAlone(call))) {
        const row = entry === undefined ? await rowOf(call) : entry;
        if (row) await options.lone.record(row);
      }
      await journal.finish(call.id);
      return true;
    }
    const claims = options.teamClaims();
    if (!claims || !options.session()) return false;
    const row = entry === undefined ? await rowOf(call) : entry;
    const hold = await claimLiveCall(claims, call);
    // null: done already (its row is in), or another desk settles it now.
    if (hold) await hold.settle(row);
    await journal.finish(call.id);
    return true;
  };

  const liveCallSettler: DueKeySettler = {
    prefix: LIVE_CALL_PREFIX,
    async settle(key) {
      const call = liveCallOf(key);
      if (!call) return undefined;
      const row = await rowOf(call);
      return row ? [row] : [];
    },
  };

  let running: Promise<{ settled: number; left: number }> | undefined;
  const reconcileOnce = async () => {
    let settled = 0;
    let left = 0;
    const { calls, unreadable } = await journal.pending();
    for (const name of unreadable) log.warn(`Activity: a live call's record did not parse (${name})`);
    for (const file of calls) {
      try {
        if (await settleFile(file)) settled += 1;
        else left += 1;
      } catch (error) {
        left += 1;
        log.warn(`Activity: ${file.call.kind} of ${file.call.ad} is settled later (${String(error)})`);
      }
    }
    const session = options.session();
    const claims = options.teamClaims();
    if (session && claims && options.mayAct()) {
      for (const settler of [liveCallSettler, ...(options.settlers ?? [])])
        for (const key of await abandonedDueKeys(session.pool, settler.prefix).catch((error: unknown) => {
          // Out of reach: looked at again at the next turn.
          if (!isLinkDown(error)) throw error;
          return [];
        })) {
          const what = key.slice(0, 120);
          try {
            const rows = await settler.settle(key, session.pool);
            if (rows === undefined) continue;
            const claim = await claims.claim(key);
            if (isRefusal(claim)) continue;
            await claim.done(rows);
            settled += 1;
            log.info(`Activity: ${what}, left by a stopped desk, settled here`);
          } catch (error) {
            left += 1;
            log.warn(`Activity: ${what} is settled later (${String(error)})`);
          }
        }
    }
    return { settled, left };
  };
  const reconcile = () => {
    running ??= reconcileOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    async begin(call) {
      const claims = options.teamClaims();
      if (!claims) {
        await journal.begin(call, 'lone');
        return localHold(call, 'lone');
      }
      try {
        const hold = await claimLiveCall(claims, call);
        if (hold) return hold;
        throw new Error(`the call ${call.id} is held already`);
      } catch (error) {
        if (!isLinkDown(error)) throw error;
        // The team's database out of reach: the call's row reaches it later, with when it was made.
        log.info(`Activity: the team is out of reach; ${call.kind} of ${call.ad} is logged when it is back`);
        await journal.begin(call, 'team');
        return localHold(call, 'team');
      }
    },
    reconcile,
    every(everyMs) {
      const tick = () =>
        void reconcile().catch((error: unknown) =>
          log.warn(`Activity: the reconcile failed (${String(error)})`),
        );
      tick();
      const timer = setInterval(tick, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

/**
 * The settler of price steps (issue 37.5): a key whose step the draft's rule has done (`settleKey`
 * says its row) is marked with that row, unless the team's log has the step's row already.
 */
export function priceKeySettler(
  settleKey: (key: string) => Promise<ActivityInput | undefined>,
): DueKeySettler {
  return {
    prefix: 'price:',
    async settle(key, db) {
      const row = await settleKey(key);
      if (!row?.draft) return undefined;
      return (await priceStepLogged(db, row.draft, Number(row.changed?.['step']))) ? [] : [row];
    },
  };
}
