// Step 2 of the spec's order: the listing. A create request whose answer was lost (timeout, reset,
// 5xx, a crash while it was out) is never sent again blindly: the listing is looked for by its
// reference (see reconcile/listing-match.ts) for as long as the service may still be working on it (see
// reconcile/reconcile.ts). Found: it is ours. Still not there after that: the request did not take effect,
// and it is sent again. Two or more: which one is ours cannot be told, and the seller is asked.
import { draftToListingCreateRequest } from '../../../shared/domain/drafts';
import type { Listing } from '../../../shared/service';
import { ServiceError } from '../../service-client';
import {
  jobError,
  StepFailure,
  checkStopped,
  patiently,
  repeatOrThrow,
  waitToRepeat,
  type JobContext,
} from '../context';
import type { JobError } from '../jobs';
import {
  matchListings,
  unreadableWithReference,
  lastPossibleSend,
  note,
  reconcile,
  type Owners,
} from '../reconcile';
import { jobWords } from '../views';
import { lostCreate, noteHistory } from './late-notes';

export interface ListingDeps {
  /** Listings that belong to a job (engine-wide); a lost answer is never matched with another job's. */
  claimed: Owners;
  /** Runs creations of one reference one at a time, so two jobs never both adopt one listing. */
  exclusive<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** Makes sure the job has its listing; resolves with its uuid. */
export async function ensureListing(ctx: JobContext, deps: ListingDeps): Promise<string> {
  const { record } = ctx;
  if (record.listingUuid !== null && record.listingInherited) await refreshInherited(ctx, record.listingUuid);
  if (record.listingUuid !== null) return record.listingUuid;
  const request = draftToListingCreateRequest(record.snapshot);
  // `fresh`: the uuid came in the answer to this job's own create, so no one else knows the listing
  // yet and it has no publication: the read of those before the job's own is not needed (it is
  // written with the uuid, in one save). A listing found after a lost answer is read as before.
  const adopt = async (uuid: string, fresh = false): Promise<string> => {
    deps.claimed.claim(uuid, record.id);
    record.listingUuid = uuid;
    record.listingRequested = false;
    if (fresh && record.publicationsBefore === undefined) record.publicationsBefore = [];
    await ctx.save();
    return uuid;
  };
  return deps.exclusive(`${record.accountId}\n${request.customReference ?? ''}`, async () => {
    let lost: JobError | undefined;
    for (let attempt = 0; ; attempt += 1) {
      checkStopped(ctx);
      if (record.listingRequested) {
        // A file of version 1 has no send time; its last write is no earlier than the send.
        const sentAt = record.listingRequestedAt ?? Date.parse(record.updatedAt);
        // Resumed with a create out (the app stopped meanwhile): it may be finished late too.
        if (!lost && !record.late?.listing) lostCreate(ctx, 'listing', sentAt, jobWords('stoppedWhileOut'));
        const found = await reconcile(
          ctx,
          'listing POST',
          sentAt,
          async () => {
            const { matches, hidden } = await patiently(ctx, async () => {
              const read = await ctx.client.readListings();
              return {
                // One this job claimed is its own: a run stopped while the create was out may have
                // claimed its late answer and then had its save refused (see reconcile/owners.ts).
                matches: matchListings(read.listings, request, deps.claimed.others(record.id)),
                hidden: unreadableWithReference(read.unreadable, request, deps.claimed.others(record.id)),
              };
            });
            if (matches.length > 1) throw ambiguous(ctx, matches.length, request.customReference);
            // Ours may be among those the list could not read: sending again could make a second ad.
            if (matches.length === 0 && hidden.length > 0)
              throw unreadableMatch(ctx, hidden.length, request.customReference);
            return matches[0] ?? null;
          },
          lost,
        );
        if (found) {
          noteHistory(ctx, 'listingAdopted', { listing: found.uuid });
          return adopt(found.uuid);
        }
        noteHistory(ctx, 'listingSentAgain');
        // Nothing there after the window: no earlier request took effect, so a new one cannot make a
        // second listing.
        record.listingRequested = false;
        record.listingRequestedAt = null;
      }
      // Written before sending: after a crash during the call, the resumed job looks before creating.
      const sentAt = ctx.now().getTime();
      record.listingRequested = true;
      record.listingRequestedAt = sentAt;
      await ctx.save();
      try {
        const { uuid } = await ctx.client.createListing(request);
        return await adopt(uuid, true);
      } catch (error) {
        const verdict = repeatOrThrow(ctx, error);
        if (verdict.effect === 'none') {
          record.listingRequested = false;
          record.listingRequestedAt = null;
          await waitToRepeat(ctx, verdict, attempt);
          continue;
        }
        record.listingRequestedAt = lastPossibleSend(ctx, sentAt, ctx.now().getTime());
        lostCreate(ctx, 'listing', record.listingRequestedAt, verdict.error.detail);
        await ctx.save();
        lost = verdict.error;
        note(
          ctx,
          `listing POST: ${verdict.error.title} (${verdict.error.detail}); outcome unknown, looking for it`,
        );
      }
    }
  });
}

function ambiguous(ctx: JobContext, count: number, reference: string | null | undefined): StepFailure {
  return new StepFailure(
    jobError(
      {
        problem: 'listing-ambiguous',
        message: jobWords('severalMatch', { number: count, reference: reference ?? '' }),
      },
      ctx.now(),
    ),
  );
}

function unreadableMatch(ctx: JobContext, count: number, reference: string | null | undefined): StepFailure {
  return new StepFailure(
    jobError(
      {
        problem: 'listing-ambiguous',
        message: jobWords(count === 1 ? 'unreadableOne' : 'unreadableSeveral', {
          number: count,
          reference: reference ?? '',
        }),
      },
      ctx.now(),
    ),
  );
}

// A listing inherited from an earlier job of the draft that never got published: it gets the
// snapshot's fields and loses the media of that job (this job attaches its own photos).
async function refreshInherited(ctx: JobContext, uuid: string): Promise<void> {
  const { record } = ctx;
  const { customReference: _reference, ...fields } = draftToListingCreateRequest(record.snapshot);
  try {
    await patiently(ctx, () => ctx.client.updateListing(uuid, fields));
    const listing = await patiently(ctx, () => ctx.client.getListing(uuid));
    for (const url of listing.urls) await removeMedia(ctx, uuid, url);
  } catch (error) {
    if (!isGone(error)) throw error;
    // Deleted on the service meanwhile: this job creates a new one.
    record.listingUuid = null;
  }
  record.listingInherited = false;
  await ctx.save();
}

/** Reads the listing; a 404 means it was deleted on the service, which fails the job as 'listing-gone'. */
export async function readListing(ctx: JobContext, uuid: string): Promise<Listing> {
  try {
    return await patiently(ctx, () => ctx.client.getListing(uuid));
  } catch (error) {
    throw isGone(error) ? listingGone(ctx) : error;
  }
}

/** True when a step failed because the service answered 404. */
export function isGone(error: unknown): boolean {
  return (
    (error instanceof StepFailure && error.error.problem === 'not-found') ||
    (error instanceof ServiceError && error.problem === 'not-found')
  );
}

/** The failure of a job whose listing was deleted on the service. */
export function listingGone(ctx: JobContext): StepFailure {
  return new StepFailure(jobError({ problem: 'listing-gone', message: jobWords('listingGone') }, ctx.now()));
}

/** Removes one media URL from the listing; a URL already gone is fine. */
export async function removeMedia(ctx: JobContext, listingUuid: string, url: string): Promise<void> {
  await patiently(ctx, async () => {
    try {
      await ctx.client.deleteMedia(listingUuid, [url]);
    } catch (error) {
      // 404 "Could not remove media": it is not on the listing, which is what was wanted.
      if (error instanceof ServiceError && error.problem === 'not-found') return;
      throw error;
    }
  });
}
