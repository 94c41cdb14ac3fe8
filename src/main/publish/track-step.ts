// Step 7: the publication is read until its actualState equals its requestedState, from 1 s
// doubling to 30 s. A state the app does not know is kept and shown as it comes; it is read again
// like any other, since only equality with requestedState says the ad is where it was asked to be;
// a state whose name says the ad was turned down ends the reading (publication-outcome.ts).
import { isRejectedState, rejectionReasonOf } from '../../shared/domain/publication-outcome';
import { ServiceError } from '../service-client';
import { jobError, judge } from './failure';
import { StepFailure, checkStopped, type JobContext } from './job-context';
import { abortError, backoffDelay, pause, type Backoff } from './pause';

/** How the reading ended: the ad is where it was asked to be, or the service turned it down. */
export type TrackOutcome = 'settled' | 'rejected';

/** Reads the job's publication until it settles; `onNext` learns when the next read is due. */
export async function trackPublication(
  ctx: JobContext,
  schedule: Backoff,
  onNext: (atMs: number | null) => void,
): Promise<TrackOutcome> {
  const { record } = ctx;
  const listingUuid = record.listingUuid;
  const publicationUuid = record.publicationUuid;
  if (listingUuid === null || publicationUuid === null) throw new Error('Nothing to track: no publication.');
  // A resumed job reads at once; a new publication gets a moment to be validated.
  let delay = record.tracking === null ? schedule.baseMs : 0;
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
      const next = {
        requestedState: publication.requestedState,
        actualState: publication.actualState,
        adId: publication.adId ?? record.tracking?.adId ?? null,
        checkedAt: ctx.now().toISOString(),
        reason: rejectionReasonOf(publication),
      };
      const changed =
        record.tracking === null ||
        record.tracking.actualState !== next.actualState ||
        record.tracking.requestedState !== next.requestedState ||
        record.tracking.adId !== next.adId;
      record.tracking = next;
      if (next.actualState === next.requestedState) return 'settled';
      if (isRejectedState(next.actualState)) return 'rejected';
      if (changed) await ctx.save();
    } catch (error) {
      if (error instanceof ServiceError && error.problem === 'not-found') {
        throw new StepFailure(
          jobError(
            { problem: 'publication-gone', message: 'The publication no longer exists on the service.' },
            ctx.now(),
          ),
        );
      }
      const verdict = judge(error, ctx.now());
      if (verdict.kind === 'stopped') throw abortError();
      if (verdict.kind === 'fail') throw new StepFailure(verdict.error);
      retryAfterMs = verdict.retryAfterMs;
    }
    delay = Math.max(
      backoffDelay(read + 1, schedule, undefined, () => 1),
      retryAfterMs ?? 0,
    );
  }
}
