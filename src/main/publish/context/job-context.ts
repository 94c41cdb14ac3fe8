// What the steps of a job work with: its record, the account's client, the clock, and the engine's
// side effects (saving, progress, waiting) injected, so that each step is a plain async function.
import type { MediaLimit } from '../../media/shrink';
import type { ServiceClient } from '../../service-client';
import { judge, type Verdict } from './failure';
import type { JobError, JobRecord } from '../jobs';
import { type Limiter, abortError, MAX_RETRY_AFTER_MS, pause } from '../pacing';
import { backoffDelay, type Backoff } from '../../service-client/backoff';

export interface JobContext {
  /** The job; steps change it in place and then call `save` before going on. */
  readonly record: JobRecord;
  readonly client: ServiceClient;
  /** Aborts on cancel and on engine stop. */
  readonly signal: AbortSignal;
  readonly now: () => Date;
  readonly random: () => number;
  readonly backoff: Backoff;
  /**
   * After a timeout of a POST the service may still be working on it: how long to give it before
   * looking whether it took effect.
   */
  readonly settleAfterTimeoutMs: number;
  /** The service client's limit per request: the base of the reconcile window (reconcile/reconcile.ts). */
  readonly requestTimeoutMs: number;
  /** Where retries and reconcile decisions are written. */
  readonly log: { info(message: string): void };
  /** The step under way, for the log (e.g. 'listing'). */
  readonly step?: string;
  /** Bounds the uploads of all jobs together. */
  readonly uploads: Limiter;
  /** Absolute path of a photo the job keeps (see jobs/job-store.ts). */
  photoPath(name: string): string;
  /** The photo sizes the account's service takes, remembered across jobs (absent: not remembered). */
  readonly media?: {
    limit(): MediaLimit | null;
    note(bytes: number, accepted: boolean): void;
  };
  /** Writes the record (see JobStore.save) and tells the UI. */
  save(): Promise<void>;
  /** Tells the UI of a change of the record that is written with the next save (absent: not told). */
  announce?(): void;
  /** Bytes of a photo sent so far (the UI gets it throttled). */
  progress(photoId: string, bytes: number): void;
  /** Marks the job as waiting until `until` (ms) because of `error`; `null` ends the wait. */
  waiting(error: JobError | null, until?: number): void;
}

/** A job step failed for good; the job fails with `error`. */
export class StepFailure extends Error {
  constructor(readonly error: JobError) {
    super(error.detail);
    this.name = 'StepFailure';
  }
}

/** Throws an AbortError when the job was cancelled or the engine stops. */
export function checkStopped(ctx: Pick<JobContext, 'signal'>): void {
  if (ctx.signal.aborted) throw abortError();
}

/** Waits before repeat number `attempt` as `verdict` asks (shown to the seller as 'waiting'). */
export async function waitToRepeat(
  ctx: JobContext,
  verdict: Extract<Verdict, { kind: 'repeat' }>,
  attempt: number,
  extraMs = 0,
): Promise<void> {
  const delay = Math.max(
    backoffDelay(attempt, ctx.backoff, verdict.retryAfterMs, ctx.random, MAX_RETRY_AFTER_MS),
    extraMs,
  );
  ctx.log.info(
    `Publish job ${ctx.record.id} [${ctx.step ?? 'job'}]: ${verdict.error.title} (${verdict.error.detail}); repeating in ${delay} ms (repeat ${attempt + 1})`,
  );
  ctx.waiting(verdict.error, ctx.now().getTime() + delay);
  try {
    await pause(delay, ctx.signal);
  } finally {
    ctx.waiting(null);
  }
}

/** Throws the verdict on `error` unless it says to repeat; then returns it. */
export function repeatOrThrow(ctx: JobContext, error: unknown): Extract<Verdict, { kind: 'repeat' }> {
  const verdict = judge(error, ctx.now());
  if (verdict.kind === 'stopped') throw abortError();
  if (verdict.kind === 'fail') throw new StepFailure(verdict.error);
  return verdict;
}

/**
 * Runs a call that is safe to repeat (a read, a PUT, a DELETE, or a POST whose repeat cannot harm)
 * until it succeeds, pausing between attempts while the failure is one that passes (out of reach,
 * busy, 5xx); any other failure ends the job's step.
 */
export async function patiently<T>(ctx: JobContext, call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    checkStopped(ctx);
    try {
      return await call();
    } catch (error) {
      await waitToRepeat(ctx, repeatOrThrow(ctx, error), attempt);
    }
  }
}
