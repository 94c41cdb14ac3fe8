// The notes of creates that got no answer: the watch they start (steps/late-answers.ts) and the
// job's history (jobs/job-history.ts).
import type { JobContext } from '../context';
import { addHistory, type JobLateWatch } from '../jobs';

/** How long after a create without an answer the job keeps reading, in client timeouts. */
export const LATE_FACTOR = 10;

/**
 * Notes that a create of `kind` that may have left at `sentAt` got no answer (`why`): the job
 * watches for it until 10× the timeout after that. The caller saves the record.
 */
export function lostCreate(
  ctx: JobContext,
  kind: 'listing' | 'publication',
  sentAt: number,
  why: string,
): void {
  const { record } = ctx;
  const until = sentAt + LATE_FACTOR * ctx.requestTimeoutMs;
  const late: JobLateWatch = record.late ?? { until, listing: false, publication: false, seen: [] };
  late.until = Math.max(late.until, until);
  late[kind] = true;
  record.late = late;
  const seconds = Math.max(1, Math.round((until - ctx.now().getTime()) / 1000));
  addHistory(record, ctx.now(), ctx.log, `${kind}NoAnswer`, { why, seconds });
}

/** Writes an entry of the job's history (and the log); the caller saves. */
export function noteHistory(ctx: JobContext, key: string, values?: Record<string, string | number>): void {
  addHistory(ctx.record, ctx.now(), ctx.log, key, values);
}
