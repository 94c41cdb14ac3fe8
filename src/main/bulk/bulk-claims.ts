// The right to run a bulk job of live listings (DESIGN.md "Claims"), as the publish engine's
// claims port: a lone desk holds it at once and for ever; in a shop it is a lease with a fencing
// token in the shop's queue (src/main/shop/claims/bulk-queue.ts), so that one desk sends a job's ads.
import type { BulkJob } from '../../shared/domain/bulk';

/** A bulk job held by this desk. */
export interface BulkClaim {
  /** Aborts when the claim is lost or could run out soon: the job stops calling the service. */
  readonly signal: AbortSignal;
  /** Throws an AbortError unless the claim still covers a call to the service. */
  check(): void;
  /** Writes the job where the next runner reads it; rejects with an AbortError once the claim is lost. */
  save(job: BulkJob): Promise<void>;
  /** Gives the job back, finished or stopped where it stands. */
  release(job: BulkJob): Promise<void>;
}

/** What the claims hand a job claimed from the shop to (the bulk jobs). */
export interface ClaimedBulkJobs {
  /** Runs `job` (the shop's copy, replacing this desk's) under `claim`. */
  adopt(job: BulkJob, claim: BulkClaim): void;
  /** Whether this desk runs the job now. */
  runs(jobId: string): boolean;
}

/** The bulk jobs' claims port. */
export interface BulkClaims {
  /** A new job (stored here already): true runs it here at once, false leaves it to the queue. */
  queue(job: BulkJob): Promise<boolean>;
  /** Asks to run the job now (found unfinished at open, or `reopen`ed by a retry); null: not here now. */
  claim(job: BulkJob, reopen?: boolean): Promise<BulkClaim | null>;
  /** Forgets a job that no desk runs. */
  forget(jobId: string): Promise<void>;
  /** The jobs as the bulk view shows them, from this desk's own. */
  view(local: BulkJob[]): BulkJob[];
  /** Called once by the bulk jobs; `changed` runs when the view may have changed; returns the detach. */
  attach(jobs: ClaimedBulkJobs, changed: () => void): () => void;
}

const never = new AbortController().signal;

/** The lone desk's claim: granted at once, never lost, nothing to write beyond the job's file. */
export const LONE_BULK_CLAIM: BulkClaim = {
  signal: never,
  check: () => undefined,
  save: async () => undefined,
  release: async () => undefined,
};

/** The lone desk's claims: every job runs here, at once. */
export const loneBulkClaims: BulkClaims = {
  queue: async () => true,
  claim: async () => LONE_BULK_CLAIM,
  view: (local) => local,
  forget: async () => undefined,
  attach: () => () => undefined,
};
