// The context each job's steps run in (context/job-context.ts), built from what the engine holds: the
// account's client (behind the job's claim), the clock, the limits, and the engine's side effects.
import { claimedClient, LONE_CLAIM } from '../claims';
import type { PublishAccounts, JobContext } from '../context';
import type { Entry } from './engine-entry';
import { setWaiting } from './engine-entry';
import type { JobStore } from '../jobs';
import type { Limiter } from '../pacing';
import type { Backoff } from '../../service-client/backoff';

export interface ContextDeps {
  accounts: PublishAccounts;
  store: Pick<JobStore, 'photoPath'>;
  now: () => Date;
  random: () => number;
  backoff: Backoff;
  settleAfterTimeoutMs: number;
  requestTimeoutMs: number;
  log: { info(message: string): void };
  uploads: Limiter;
  persist(entry: Entry): Promise<void>;
  /** Tells the UI the job changed (`announce`: at once, not throttled). */
  changed(jobId: string, announce?: boolean): void;
}

/** Builds the context of a job's steps from the engine's parts. */
export function contextMaker(deps: ContextDeps): (entry: Entry, signal: AbortSignal) => JobContext {
  const { accounts } = deps;
  return (entry, signal) => ({
    record: entry.record,
    // In a shop the service is called only while the job's lease covers the call.
    client: claimedClient(accounts.client(entry.record.accountId), entry.claim ?? LONE_CLAIM),
    signal,
    now: deps.now,
    random: deps.random,
    backoff: deps.backoff,
    settleAfterTimeoutMs: deps.settleAfterTimeoutMs,
    requestTimeoutMs: deps.requestTimeoutMs,
    log: deps.log,
    uploads: deps.uploads,
    photoPath: (name) => deps.store.photoPath(entry.record.id, name),
    media: {
      limit: () => accounts.mediaLimit?.(entry.record.accountId) ?? null,
      note: (bytes, accepted) => accounts.noteMediaSize?.(entry.record.accountId, bytes, accepted),
    },
    save: () => deps.persist(entry),
    announce: () => deps.changed(entry.record.id, true),
    progress(photoId, bytes) {
      entry.bytes.set(photoId, bytes);
      deps.changed(entry.record.id);
    },
    waiting(error, untilMs) {
      setWaiting(entry, error, untilMs ?? deps.now().getTime());
      deps.changed(entry.record.id, true);
    },
  });
}
