// The time rule for a POST whose outcome is unknown (timeout, reset, 5xx, an unreadable 2xx, or a
// crash while it was out). The service may still be working on such a request: a look that finds
// nothing at once proves nothing. So the job keeps looking (the listing by its reference, the
// publication among the listing's publications, an attach in the listing's `urls`) until the
// request timeout plus a settling margin has passed since the request may last have left, and only
// a look made after that window may conclude "not there" and let the POST go again. The send time is
// in the job file, so the rule holds after a restart just as in the process that sent it.
import type { JobContext } from '../context';
import type { JobError } from '../jobs';
import { pause } from '../pacing';

/** The latest moment a request sent at `sentAt` that failed at `failedAt` may have left. */
export function lastPossibleSend(
  ctx: Pick<JobContext, 'requestTimeoutMs'>,
  sentAt: number,
  failedAt: number,
): number {
  // The client may have sent it again by itself meanwhile (after a 429 or "unreachable"); the last
  // copy left no earlier than a timeout before the failure.
  return Math.max(sentAt, failedAt - ctx.requestTimeoutMs);
}

/** When the window of a request that may have left at `sentAt` closes (ms since the epoch). */
export function windowEnd(
  ctx: Pick<JobContext, 'requestTimeoutMs' | 'settleAfterTimeoutMs'>,
  sentAt: number,
): number {
  return sentAt + ctx.requestTimeoutMs + ctx.settleAfterTimeoutMs;
}

/** Writes one line of a job's reconcile decisions and repeats to the log. */
export function note(ctx: Pick<JobContext, 'log' | 'record' | 'step'>, message: string): void {
  ctx.log.info(`Publish job ${ctx.record.id} [${ctx.step ?? 'job'}]: ${message}`);
}

/**
 * Looks with `look` until it finds something or a look made after the window of `sentAt` found
 * nothing; resolves with the find, or null ("not there": the request can go again). `lost`, the
 * failure that made the outcome unknown, is shown as the job's wait meanwhile.
 */
export async function reconcile<T>(
  ctx: JobContext,
  what: string,
  sentAt: number,
  look: () => Promise<T | null>,
  lost?: JobError,
): Promise<T | null> {
  const end = windowEnd(ctx, sentAt);
  if (lost) ctx.waiting(lost, end);
  try {
    return await lookUntil(ctx, what, end, end - sentAt, look);
  } finally {
    if (lost) ctx.waiting(null);
  }
}

async function lookUntil<T>(
  ctx: JobContext,
  what: string,
  end: number,
  span: number,
  look: () => Promise<T | null>,
): Promise<T | null> {
  for (;;) {
    const lookedAt = ctx.now().getTime();
    const found = await look();
    if (found !== null) {
      note(ctx, `${what}: looked, found it; adopted`);
      return found;
    }
    const left = end - lookedAt;
    if (left <= 0) {
      note(ctx, `${what}: looked, not there after the window; sending again`);
      return null;
    }
    note(ctx, `${what}: looked, not there yet; ${left} ms of the window left`);
    // A few looks per window: soon enough to adopt early, few enough not to load the service.
    await pause(Math.min(left, Math.max(ctx.backoff.baseMs, Math.ceil(span / 4))), ctx.signal);
  }
}
