// The slow check: a job whose publication settled in a state other than the requested one (it needs
// the seller) is no longer read closely, but the service may still move it (a review that ends, a
// seller who fixed the ad on the marketplace). So such jobs are read once at start and then every
// interval (15 min by default); any change of state reopens active tracking.
import { DEFAULT_SETTLE_RULE, type SettleRule } from '../../../shared/domain/publishing';
import type { Publication } from '../../../shared/service';
import type { PublishAccounts } from '../context';
import type { Entry } from './engine-entry';
import type { JobRecord } from '../jobs';

/** The engine's settle rule: the defaults with the options' changes. */
export function settleRule(patch: Partial<SettleRule> | undefined): SettleRule {
  return { ...DEFAULT_SETTLE_RULE, ...patch };
}

/** The slow check of the engine's jobs: those that need the seller, with nothing under way. */
export function slowCheckDeps(
  everyMs: number,
  entries: ReadonlyMap<string, Entry>,
  accounts: PublishAccounts,
  log: SlowCheckDeps['log'],
  reopen: (entry: Entry) => Promise<void>,
): SlowCheckDeps {
  return {
    everyMs,
    due: () =>
      [...entries.values()]
        .map((entry) => entry.record)
        .filter((r) => r.state === 'rejected' && r.publicationUuid !== null && r.supersededBy === null)
        .filter((r) => entries.get(r.id)?.task === null),
    read: (r) => accounts.client(r.accountId).getPublication(r.listingUuid ?? '', r.publicationUuid ?? ''),
    async reopen(record) {
      const entry = entries.get(record.id);
      if (entry) await reopen(entry);
    },
    log,
  };
}

export interface SlowCheckDeps {
  everyMs: number;
  /** The jobs to check now (those that need the seller and have nothing under way). */
  due(): JobRecord[];
  read(record: JobRecord): Promise<Publication>;
  /** Puts the job back to active tracking (its state changed). */
  reopen(record: JobRecord): Promise<void>;
  log: { info(message: string): void };
}

/** A running slow check; `stop` ends it and waits for a check under way. */
export interface SlowCheck {
  /** Checks every due job now; resolves with the number reopened. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Whether a read differs from what the job last recorded (a change reopens tracking). */
export function stateChanged(record: JobRecord, publication: Publication): boolean {
  const tracking = record.tracking;
  if (tracking === null) return true;
  // A read without states tells nothing new.
  if (publication.actualState === undefined || publication.actualState === null) return false;
  return (
    publication.actualState !== tracking.actualState ||
    (publication.requestedState ?? tracking.requestedState) !== tracking.requestedState
  );
}

/** Starts the slow check: once now, then every `everyMs`. */
export function startSlowCheck(deps: SlowCheckDeps): SlowCheck {
  let stopped = false;
  let running: Promise<number> = Promise.resolve(0);
  const check = async (): Promise<number> => {
    let reopened = 0;
    for (const record of deps.due()) {
      if (stopped) break;
      try {
        const publication = await deps.read(record);
        if (stopped || !stateChanged(record, publication)) continue;
        deps.log.info(
          `Publish job ${record.id}: slow check found ${publication.actualState ?? '(no state)'} (was ${record.tracking?.actualState ?? '(none)'}); tracking again`,
        );
        await deps.reopen(record);
        reopened += 1;
      } catch (error) {
        // The next check tries again; one failed read changes nothing the seller sees.
        deps.log.info(`Publish job ${record.id}: slow check could not read it (${(error as Error).message})`);
      }
    }
    return reopened;
  };
  const runOnce = (): Promise<number> => {
    running = running.then(check, check);
    return running;
  };
  void runOnce();
  const timer = setInterval(() => void runOnce(), Math.max(1, deps.everyMs));
  timer.unref?.();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}
