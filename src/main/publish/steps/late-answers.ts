// Creates the service finishes late (issue 36.1). A listing or publication create that got no
// answer is looked for within its reconcile window (reconcile/reconcile.ts) and, when nothing showed
// up, sent again. A slow server behind a load balancer may still finish the first one later: so the
// job keeps reading for 10× the client's timeout after such a create (then it is left to the regular
// refresh). A listing that appears with the job's reference and content (reconcile/listing-match.ts),
// claimed by no job, while the job has its own already, is deleted where the service offers that,
// else the seller is shown it as "made twice by the service" (the record's `madeTwice`). A second
// publication of the job's listing is paused where the service offers that; where the service
// offers no read of a listing's publications the job says it cannot tell. Everything found and
// done goes into the job's history and the log (jobs/job-history.ts).
import { draftToListingCreateRequest } from '../../../shared/domain/drafts';
import { ServiceError } from '../../service-client';
import { checkStopped, patiently, StepFailure, type JobContext } from '../context';
import type { JobLateWatch } from '../jobs';
import { pause } from '../pacing';
import { lateOwner, matchListings } from '../reconcile';
import { noteHistory } from './late-notes';
import type { ListingDeps } from './listing-step';
import { readPublications, type PublicationDeps } from './publication-read';

/** What the watch needs of the engine: the listings and publications every job claimed. */
export interface LateDeps {
  listings: ListingDeps;
  publications: PublicationDeps;
}

// Marks the publications read as not offered in `seen` (said once).
const UNREADABLE = '#publications-unreadable';

/**
 * Reads until the watch's end for what creates without an answer made late, and deals with it;
 * resolves at once when the job has no watch. A failure other than a stop ends the watch early
 * (written to the log): the job itself is done by then.
 */
export async function watchLateAnswers(ctx: JobContext, deps: LateDeps): Promise<void> {
  const { record } = ctx;
  const late = record.late;
  if (!late) return;
  try {
    for (;;) {
      checkStopped(ctx);
      const lookedAt = ctx.now().getTime();
      if (late.listing && record.listingUuid !== null) await lateListings(ctx, deps, late);
      if (late.publication && record.publicationUuid !== null) await latePublications(ctx, deps, late);
      const left = late.until - lookedAt;
      if (left <= 0) break;
      // About ten reads over the watch: soon enough, and light on the account's list.
      await pause(Math.min(left, Math.max(ctx.backoff.baseMs, ctx.requestTimeoutMs)), ctx.signal);
    }
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    ctx.log.info(`Publish job ${record.id}: the watch for late answers stopped: ${String(error)}`);
    return;
  }
  record.late = null;
  noteHistory(ctx, 'lateWatchEnded');
  await ctx.save();
}

async function lateListings(ctx: JobContext, deps: LateDeps, late: JobLateWatch): Promise<void> {
  const { record } = ctx;
  const request = draftToListingCreateRequest(record.snapshot);
  // The same lock as the listing step's: no other job adopts a listing while it is dealt with here.
  await deps.listings.exclusive(`${record.accountId}\n${request.customReference ?? ''}`, async () => {
    const read = await patiently(ctx, () => ctx.client.readListings());
    const found = matchListings(read.listings, request, deps.listings.claimed).filter(
      (listing) => !late.seen.includes(listing.uuid),
    );
    for (const listing of found) {
      late.seen.push(listing.uuid);
      // No other job may take it for its own from now on.
      deps.listings.claimed.claim(listing.uuid, lateOwner(record.id));
      // A create of this job made no photos: one with photos is somebody's work, never deleted.
      if (listing.urls.length > 0) {
        noteHistory(ctx, 'lateListingLeft', { listing: listing.uuid });
      } else if (await offered(() => ctx.client.deleteListing(listing.uuid), ctx)) {
        noteHistory(ctx, 'lateListingDeleted', { listing: listing.uuid });
      } else {
        (record.madeTwice ??= []).push(listing.uuid);
        noteHistory(ctx, 'lateListingTwice', { listing: listing.uuid });
      }
      await ctx.save();
    }
  });
}

async function latePublications(ctx: JobContext, deps: LateDeps, late: JobLateWatch): Promise<void> {
  const { record } = ctx;
  const listingUuid = record.listingUuid!;
  const items = await readPublications(ctx, listingUuid);
  if (items === 'not-offered') {
    if (late.seen.includes(UNREADABLE)) return;
    late.seen.push(UNREADABLE);
    noteHistory(ctx, 'latePublicationUnknown');
    await ctx.save();
    return;
  }
  const before = new Set(record.publicationsBefore ?? []);
  for (const item of items) {
    const ours = item.uuid === record.publicationUuid;
    if (ours || before.has(item.uuid) || deps.publications.claimed.has(item.uuid)) continue;
    if (late.seen.includes(item.uuid)) continue;
    late.seen.push(item.uuid);
    deps.publications.claimed.claim(item.uuid, lateOwner(record.id));
    const paused = await offered(() => ctx.client.setPublicationState(listingUuid, item.uuid, 'PAUSED'), ctx);
    noteHistory(ctx, paused ? 'latePublicationPaused' : 'latePublicationTwice', { publication: item.uuid });
    await ctx.save();
  }
}

// Runs `call` patiently; false when the service does not offer it.
async function offered(call: () => Promise<unknown>, ctx: JobContext): Promise<boolean> {
  try {
    await patiently(ctx, call);
    return true;
  } catch (error) {
    const problem =
      error instanceof StepFailure
        ? error.error.problem
        : error instanceof ServiceError
          ? error.problem
          : null;
    if (problem === 'not-offered') return false;
    throw error;
  }
}
