// The right to run a publish job (DESIGN.md "Claims"). A lone desk holds it at once and for ever;
// in a shop it is a lease with a fencing token in the shop's database
// (src/main/shop/claims/job-claims.ts), so that of all the desks exactly one calls the listing
// service for a job at a time.
import type { ServiceClient } from '../../service-client';
import type { JobRecord, JobStore } from '../jobs';
import { abortError } from '../pacing';

/** A job held by this desk. */
export interface JobClaim {
  /** Aborts when the claim is lost or could run out soon: the job stops calling the service. */
  readonly signal: AbortSignal;
  /** Throws an AbortError unless the claim still covers a call to the service. */
  check(): void;
  /** Writes the record where the next runner reads it; rejects with an AbortError once the claim is lost. */
  save(record: JobRecord): Promise<void>;
  /** Gives the job back, finished or stopped where it stands. */
  release(record: JobRecord): Promise<void>;
  /** The job's record as the shop last had it (another desk may have run it): the job goes on from it. */
  readonly record?: JobRecord;
}

/** What a new job becomes: run here, or left in the shop's queue; `existing` is the draft's open job. */
export type QueueOutcome = { runHere: boolean } | { existing: string; deskName: string };

/** What the shop hands claimed jobs to (the engine). */
export interface ClaimedJobs {
  /** Runs `record`, claimed from the shop, on this desk (replacing an older copy of it). */
  adopt(record: JobRecord, claim: JobClaim): Promise<void>;
  /** How many more jobs this desk can run now. */
  room(): number;
  /** Where the engine keeps the job's photo `name`. */
  photoPath(jobId: string, name: string): string;
  /**
   * Brings this desk's copy of a job that another desk runs up to the shop's `record`; `theirs`:
   * another desk wrote it last, so it stands whatever the two desks' clocks say.
   */
  mirror(record: JobRecord, theirs?: boolean): Promise<void>;
  /**
   * This desk's job `jobId` (pressed while the shop was out of reach) met the draft's open job
   * `existingId` of another desk in the shop: it ends here, taken over by that one.
   */
  joined(jobId: string, existingId: string): Promise<void>;
}

/** The engine's claims port. */
export interface PublishClaims {
  /** A new job is on disk (its photos under `photoPath`): where it runs. */
  queue(record: JobRecord, photoPath: (name: string) => string): Promise<QueueOutcome>;
  /** Asks for the right to run (or track) the job now; null: not on this desk now. */
  claim(record: JobRecord): Promise<JobClaim | null>;
  /**
   * Shares what this desk learned of a finished job's ad (its record's `later`) with the other desks.
   * Not optional: a wrapper that left it out (desk-claims did) kept the news on this desk alone.
   */
  noteLater(record: JobRecord): void;
  /** The desk that pressed Publish for the job, when another one did (the seller is told). */
  queuedBy?(jobId: string): string | undefined;
  /** Called once by the engine it serves; returns the detach. */
  attach(jobs: ClaimedJobs): () => void;
  /** True when a job for the account's drafts may be another desk's, with no file of it here (a shop). */
  shared?(accountId: string): boolean;
}

/**
 * Puts a new job (on disk already) where it runs. Its file goes again when the draft's job is
 * another desk's, or when the shop's queue could not take it (the error is the caller's).
 */
export async function queueNewJob(
  claims: PublishClaims,
  record: JobRecord,
  store: Pick<JobStore, 'photoPath' | 'discard'>,
): Promise<QueueOutcome> {
  let queued: QueueOutcome;
  try {
    queued = await claims.queue(record, (name) => store.photoPath(record.id, name));
  } catch (error) {
    await store.discard(record.id);
    throw error;
  }
  if ('existing' in queued) await store.discard(record.id);
  return queued;
}

const never = new AbortController().signal;

/** The lone desk's claim: granted at once, never lost, nothing to write beyond the job's file. */
export const LONE_CLAIM: JobClaim = {
  signal: never,
  check: () => undefined,
  save: async () => undefined,
  release: async () => undefined,
};

/** The lone desk's claims: every job runs here, at once. */
export const loneClaims: PublishClaims = {
  queue: async () => ({ runHere: true }),
  claim: async () => LONE_CLAIM,
  // No other desk to tell.
  noteLater: () => undefined,
  attach: () => () => undefined,
};

const LOCAL_METHODS = new Set<PropertyKey>(['authForm']);

/** The client that refuses to call the service once `claim` no longer covers a call. */
export function claimedClient(
  client: ServiceClient,
  claim: Pick<JobClaim, 'signal' | 'check'>,
): ServiceClient {
  if (claim === LONE_CLAIM) return client;
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== 'function') return value;
      // Only the service's calls need the claim; the rest answer from what the client knows.
      if (LOCAL_METHODS.has(property)) return value.bind(target) as unknown;
      return (...args: unknown[]) => {
        try {
          if (claim.signal.aborted) throw abortError();
          claim.check();
        } catch (error) {
          return Promise.reject(error);
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
