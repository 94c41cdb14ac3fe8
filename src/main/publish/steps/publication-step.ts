// Step 6: the publication, with the draft's location and the imprint. A create request whose
// answer was lost (reset, timeout, any 5xx, an unreadable 2xx, or the app stopped while it was out)
// is never sent again blindly: the listing's publications are read until the window of the request
// has passed (publication-read.ts, reconcile/reconcile.ts). One that appeared is the job's; none after the
// window means the request did not take effect, and it is sent again. Where the service offers no
// such read, the job stops and asks the seller ('publication-unknown'): sending it again could put
// the ad online twice, so Retry then needs the seller's confirmation of that risk.
import { draftToPublicationCreateRequest, suspectPublicationFields } from '../../../shared/domain/drafts';
import {
  jobError,
  judge,
  StepFailure,
  checkStopped,
  patiently,
  waitToRepeat,
  type JobContext,
} from '../context';
import type { JobError } from '../jobs';
import { isGone, listingGone } from './listing-step';
import { abortError } from '../pacing';
import { findPublication, readPublications, type PublicationDeps } from './publication-read';
import { lastPossibleSend, note } from '../reconcile';
import { jobWords } from '../views';
import { lostCreate, noteHistory } from './late-notes';

/** Creates the job's publication unless it has one; resolves with its uuid. */
export async function ensurePublication(
  ctx: JobContext,
  listingUuid: string,
  deps: PublicationDeps,
): Promise<string> {
  const { record } = ctx;
  if (record.publicationUuid !== null) return record.publicationUuid;
  const snapshot = record.snapshot;
  const request = draftToPublicationCreateRequest({
    ...snapshot,
    publication: { ...snapshot.publication, imprintUuid: record.imprintUuid },
  });
  // Written and told with the job's move to tracking, which follows at once (engine.ts); a crash
  // before that write finds the request out and looks for its publication, as after a lost answer.
  const adopt = (uuid: string): string => {
    deps.claimed.claim(uuid, record.id);
    record.publicationUuid = uuid;
    record.publicationRequested = false;
    return uuid;
  };
  let lost: JobError | undefined;
  for (let attempt = 0; ; attempt += 1) {
    checkStopped(ctx);
    if (record.publicationRequested) {
      // A file of version 1 has no send time; its last write is no earlier than the send.
      const sentAt = record.publicationRequestedAt ?? Date.parse(record.updatedAt);
      if (!lost && !record.late?.publication)
        lostCreate(ctx, 'publication', sentAt, jobWords('stoppedWhileOut'));
      const found = await findPublication(ctx, listingUuid, sentAt, deps, lost);
      if (found === 'not-offered') {
        note(
          ctx,
          'publication POST: outcome unknown and the service offers no read of publications; asking the seller',
        );
        throw unknownPublication(ctx, lost?.detail ?? jobWords('stoppedWhileOut'));
      }
      if (found !== null) {
        if (record.publicationInherited) {
          // Made from the earlier job's draft, and validated while this job rebuilt the listing.
          await patiently(ctx, () => ctx.client.updatePublication(listingUuid, found.uuid, request));
          note(ctx, 'publication POST: the earlier job’s publication was updated with this job’s data');
        }
        record.publicationInherited = false;
        noteHistory(ctx, 'publicationAdopted', { publication: found.uuid });
        return adopt(found.uuid);
      }
      noteHistory(ctx, 'publicationSentAgain');
      record.publicationRequested = false;
      record.publicationRequestedAt = null;
      record.publicationInherited = false;
    }
    if (record.publicationsBefore === undefined) {
      // What the listing has before the first request: what appears beyond it later is the job's.
      const before = await readPublications(ctx, listingUuid);
      record.publicationsBefore = before === 'not-offered' ? null : before.map((item) => item.uuid);
    }
    // Written before sending, so that a crash during the call is not taken for "never sent".
    const sentAt = ctx.now().getTime();
    record.publicationRequested = true;
    record.publicationRequestedAt = sentAt;
    await ctx.save();
    try {
      const { uuid } = await ctx.client.createPublication(listingUuid, request);
      return adopt(uuid);
    } catch (error) {
      if (isGone(error)) {
        record.publicationRequested = false;
        throw listingGone(ctx);
      }
      // "Missing data" names no field: the job's message names those the app's own check suspects.
      const verdict = judge(error, ctx.now(), suspectPublicationFields(request));
      if (verdict.kind === 'stopped') throw abortError();
      if (verdict.kind === 'fail') {
        // A refusal (400 Missing data, 401 after a new token ...) created nothing.
        record.publicationRequested = false;
        await ctx.save();
        throw new StepFailure(verdict.error);
      }
      if (verdict.effect === 'unknown') {
        record.publicationRequestedAt = lastPossibleSend(ctx, sentAt, ctx.now().getTime());
        lostCreate(ctx, 'publication', record.publicationRequestedAt, verdict.error.detail);
        await ctx.save();
        lost = verdict.error;
        note(
          ctx,
          `publication POST: ${verdict.error.title} (${verdict.error.detail}); outcome unknown, looking for it`,
        );
        continue;
      }
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
        message: jobWords('unknownOutcome', { why }),
      },
      ctx.now(),
    ),
  );
}
