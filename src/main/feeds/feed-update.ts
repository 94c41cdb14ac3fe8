// A feed's change to a live ad it updates (issue 38.2): the one call that sends it, the local work
// after it (the Listings view's copy, the publish engine tracking the ad again), and whether the
// draft's write may go side by side with that call.
import { isDeepStrictEqual } from 'node:util';
import type { Draft, DraftSummary } from '../../shared/domain/drafts';
import { baseOf, conflictsOf, mergeLive } from '../../shared/domain/live';
import type { FeedRunEntry } from '../../shared/domain/feeds';
import type { ListingView } from '../../shared/ipc/types';
import { updateRequestOf } from '../live/listing-edits';
import { liveError } from '../live/live-errors';
import type { PublishEngine } from '../publish/engine-api';
import type { ServiceClient } from '../service-client';

export interface LiveUpdateDeps {
  client(accountId: string): ServiceClient;
  /**
   * Puts a listing as the service answered it into the Listings view (`linked`: its draft as just
   * written, which its merge then neither looks for nor reads again).
   */
  remember?(accountId: string, listing: ListingView, linked?: Draft): Promise<void>;
  publish: Pick<PublishEngine, 'retrack'>;
}

/**
 * Sends the entry's change of its live ad (one PUT of the listing), if it has one. The local work
 * after the call goes to `after` when given (the ad is done once it ends; the run's next call need
 * not wait for it), else it is awaited here.
 */
export async function sendLivePatch(
  deps: LiveUpdateDeps,
  accountId: string,
  entry: FeedRunEntry,
  after?: (work: Promise<void>) => void,
  /**
   * Local work on the answer before the rest (the draft's write that agrees with it); answers the
   * draft as written, if it wrote the whole of it.
   */
  first?: (answer: ListingView | undefined) => Promise<Draft | undefined>,
): Promise<void> {
  const listingUuid = entry.listingUuid;
  if (listingUuid === undefined || !entry.livePatch || Object.keys(entry.livePatch).length === 0) return;
  let answer: ListingView | undefined;
  try {
    answer = await deps.client(accountId).updateListing(listingUuid, updateRequestOf(entry.livePatch));
  } catch (error) {
    throw liveError(error);
  }
  const settle = (async () => {
    const written = await first?.(answer);
    // Read again only by the Listings view itself: a feed of thousands must not cost a read per ad.
    if (answer) await deps.remember?.(accountId, answer, written);
    // The update reaches the listing's publications: they are validated again.
    await deps.publish.retrack(listingUuid);
  })();
  if (after) after(settle);
  else await settle;
}

/**
 * Whether the draft's write and the live ad's call may go at the same time: the draft is not being
 * published (a publish that began since the plan fails the entry before its call) and no step of a
 * price rule is due on it (the rule's restart from the feed's price is written before the call, so
 * a turn of the rule in between finds nothing due). Photos keep their order: files first.
 */
export function draftBesideCall(
  summary: Pick<DraftSummary, 'status' | 'priceRuleDue'> | undefined,
  entry: Pick<FeedRunEntry, 'changes' | 'liveChanges'>,
): boolean {
  if (!summary || summary.status === 'publishing' || summary.priceRuleDue !== null) return false;
  return ![...(entry.changes ?? []), ...(entry.liveChanges ?? [])].some((c) => c.field === 'photos');
}

/** Waits for every one of `works`; throws the first failure once all have ended. */
export async function allEnded(works: Promise<unknown>[]): Promise<void> {
  const ended = await Promise.allSettled(works);
  const failed = ended.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The draft after the feed's change, agreeing with its live ad as the service answered the update:
 * the fields both now show become the base both agree on, in the same write (the Listings view's
 * copy of the answer then finds the draft as it is, and writes it no second time). Anything else
 * the answer shows (a change made live, a conflict, photos) is left to that copy's own merge.
 */
export function agreedWith(draft: Draft, answer: ListingView | undefined): Draft {
  if (!answer || draft.remote?.listingUuid !== answer.uuid || draft.remote.publicationUuid === undefined)
    return draft;
  const base = baseOf(draft);
  if (!isDeepStrictEqual(base.urls, answer.urls)) return draft;
  const merged = mergeLive(base, draft, answer);
  const same =
    merged.fromLive.length === 0 && isDeepStrictEqual(conflictsOf(merged.draft), conflictsOf(draft));
  return same ? merged.draft : draft;
}
