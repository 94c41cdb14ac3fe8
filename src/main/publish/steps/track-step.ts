// Step 7: the publication is read until its actualState equals its requestedState, from 1 s
// doubling to 30 s. A state the app does not know is kept and shown as it comes. A state that does
// not move (other than the first pending one) ends the reading as "needs the seller" once it held
// over the rule's reads and window (publication-outcome.ts); while one is being watched, the next read
// lands when its window is over, so the verdict comes on time. A read without states is
// "not reported yet" and read again.
import {
  DEFAULT_SETTLE_RULE,
  judgeRead,
  rejectionReasonOf,
  type SettleRule,
} from '../../../shared/domain/publishing';
import { ServiceError } from '../../service-client';
import { jobError, judge, StepFailure, checkStopped, type JobContext } from '../context';
import { backoffDelay, type Backoff } from '../../service-client/backoff';
import { abortError, pause } from '../pacing';
import { jobWords } from '../views';

/** How the reading ended: the ad is where it was asked to be, or it settled elsewhere (needs the seller). */
export type TrackOutcome = 'settled' | 'rejected';

/** Reads the job's publication until it settles; `onNext` learns when the next read is due. */
export async function trackPublication(
  ctx: JobContext,
  schedule: Backoff,
  onNext: (atMs: number | null) => void,
  rule: Pick<SettleRule, 'windowMs' | 'reads'> = DEFAULT_SETTLE_RULE,
): Promise<TrackOutcome> {
  const { record } = ctx;
  const listingUuid = record.listingUuid;
  const publicationUuid = record.publicationUuid;
  if (listingUuid === null || publicationUuid === null) throw new Error('Nothing to track: no publication.');
  // A resumed job reads at once; a new publication gets a moment to be validated.
  let delay = record.tracking === null ? schedule.baseMs : 0;
  let watching = false;
  for (let read = 0; ; read += 1) {
    checkStopped(ctx);
    onNext(ctx.now().getTime() + delay);
    try {
      await pause(delay, ctx.signal);
    } finally {
      onNext(null);
    }
    let retryAfterMs: number | undefined;
    try {
      const publication = await ctx.client.getPublication(listingUuid, publicationUuid);
      const nowMs = ctx.now().getTime();
      const judged = judgeRead(
        record.tracking ?? {},
        publication.requestedState,
        publication.actualState,
        nowMs,
        rule,
      );
      const next = {
        requestedState: publication.requestedState ?? null,
        actualState: publication.actualState ?? null,
        adId: publication.adId ?? record.tracking?.adId ?? null,
        checkedAt: ctx.now().toISOString(),
        reason: rejectionReasonOf(publication),
        firstPending: judged.memory.firstPending ?? null,
        steady: judged.memory.steady ?? null,
      };
      const changed =
        record.tracking === null ||
        record.tracking.actualState !== next.actualState ||
        record.tracking.requestedState !== next.requestedState ||
        record.tracking.adId !== next.adId ||
        (record.tracking.steady?.reads ?? 0) !== (next.steady?.reads ?? 0);
      record.tracking = next;
      watching = next.steady !== null;
      if (judged.verdict === 'settled') return 'settled';
      if (judged.verdict === 'needs-seller') return 'rejected';
      if (changed) await ctx.save();
    } catch (error) {
      if (error instanceof ServiceError && error.problem === 'not-found') {
        throw new StepFailure(
          jobError({ problem: 'publication-gone', message: jobWords('publicationGone') }, ctx.now()),
        );
      }
      const verdict = judge(error, ctx.now());
      if (verdict.kind === 'stopped') throw abortError();
      if (verdict.kind === 'fail') throw new StepFailure(verdict.error);
      retryAfterMs = verdict.retryAfterMs;
    }
    const next = backoffDelay(read + 1, schedule, undefined, () => 1);
    delay = Math.max(
      watching ? Math.min(next, untilVerdict(record.tracking, rule, ctx.now())) : next,
      retryAfterMs ?? 0,
    );
  }
}

// While a steady state is watched: the next read lands when its window is over (so the verdict comes
// on time), or at half windows while reads are still missing.
function untilVerdict(
  tracking: JobContext['record']['tracking'],
  rule: Pick<SettleRule, 'windowMs' | 'reads'>,
  now: Date,
): number {
  const steady = tracking?.steady;
  const half = Math.ceil(rule.windowMs / 2);
  if (!steady) return half;
  const left = steady.sinceMs + rule.windowMs - now.getTime();
  return left > 0 ? left + 5 : half;
}
