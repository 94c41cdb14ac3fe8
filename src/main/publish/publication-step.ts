// Step 6: the publication, with the draft's location and the imprint. Unlike the listing, a
// publication cannot be looked up after a lost answer: the spec names a read of a listing's
// publications but shows neither its path nor its shape, and a listing carries no trace of its
// publications. So the engine decides thus:
// - the request surely did not take effect (not sent, a failed token request, 4xx such as 429,
//   503 "unable to handle the request"): it is sent again after a pause;
// - the answer was lost (reset, timeout, another 5xx, an unreadable 2xx), or the app stopped while
//   the request was out: the job stops and asks the seller ('publication-unknown'). Sending it
//   again could put the ad online twice. Retry is the seller's decision to send it again.
import { draftToPublicationCreateRequest } from '../../shared/domain/draft-requests';
import { factsOf, jobError, judge } from './failure';
import { StepFailure, checkStopped, waitToRepeat, type JobContext } from './job-context';
import { abortError } from './pause';
import { isGone, listingGone } from './listing-step';

/** Creates the job's publication unless it has one; resolves with its uuid. */
export async function ensurePublication(ctx: JobContext, listingUuid: string): Promise<string> {
  const { record } = ctx;
  if (record.publicationUuid !== null) return record.publicationUuid;
  if (record.publicationRequested)
    throw unknownPublication(ctx, 'The app stopped while the request was out.');
  const snapshot = record.snapshot;
  const request = draftToPublicationCreateRequest({
    ...snapshot,
    publication: { ...snapshot.publication, imprintUuid: record.imprintUuid },
  });
  for (let attempt = 0; ; attempt += 1) {
    checkStopped(ctx);
    // Written before sending, so that a crash during the call is not taken for "never sent".
    record.publicationRequested = true;
    await ctx.save();
    try {
      const { uuid } = await ctx.client.createPublication(listingUuid, request);
      record.publicationUuid = uuid;
      record.publicationRequested = false;
      await ctx.save();
      return uuid;
    } catch (error) {
      if (isGone(error)) {
        record.publicationRequested = false;
        throw listingGone(ctx);
      }
      const verdict = judge(error, ctx.now());
      if (verdict.kind === 'stopped') throw abortError();
      if (verdict.kind === 'fail') {
        // A refusal (400 Missing data, 401 after a new token ...) created nothing.
        record.publicationRequested = false;
        await ctx.save();
        throw new StepFailure(verdict.error);
      }
      if (verdict.effect === 'unknown') throw unknownPublication(ctx, factsOf(error).message);
      record.publicationRequested = false;
      await ctx.save();
      await waitToRepeat(ctx, verdict, attempt);
    }
  }
}

function unknownPublication(ctx: JobContext, why: string): StepFailure {
  return new StepFailure(
    jobError(
      {
        problem: 'publication-unknown',
        message: `It is not known whether the publication was created. ${why}`,
      },
      ctx.now(),
    ),
  );
}
