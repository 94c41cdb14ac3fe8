// The draft a live listing was published from, found through the publish jobs that made its
// publications (a draft's summary does not carry its link, and reading every draft would cost as
// much with 10,000 drafts as the list itself). Only a draft still linked to the listing counts.
import type { Draft } from '../../shared/domain/drafts';
import { fullCategory, type LiveEditSource } from '../../shared/domain/live';
import type { ListingView } from '../../shared/ipc/types';
import type { DraftsStore } from '../storage/drafts-store';
import type { LiveContext } from './live-context';

/** The full category paths live edits sent, by listing uuid (a service may show only the last segment). */
export type SentCategories = Map<string, string>;

/** The listing's category as the seller knows it: as a live edit sent it, else as its draft has it. */
export function categoryOf(
  shown: string,
  uuid: string,
  sent: SentCategories | undefined,
  linked: Draft | null,
): string {
  return fullCategory(fullCategory(shown, sent?.get(uuid)), linked?.category);
}

/** The draft of `accountId` published as listing `listingUuid` (newest job first), or null. */
export async function findLinkedDraft(
  ctx: Pick<LiveContext, 'engine'>,
  store: Pick<DraftsStore, 'get' | 'list'>,
  accountId: string,
  listingUuid: string,
): Promise<Draft | null> {
  const live = new Set(store.list().map((summary) => summary.id));
  const jobs = ctx.engine
    .publicationsOf(listingUuid)
    .filter((known) => known.accountId === accountId)
    .reverse();
  for (const { jobId } of jobs) {
    const draftId = ctx.engine.get(jobId)?.draftId;
    // A draft in the trash is not edited behind the seller's back.
    if (draftId === undefined || !live.has(draftId)) continue;
    const draft = await store.get(draftId).catch(() => null);
    if (draft?.remote?.listingUuid === listingUuid && (draft.accountId ?? accountId) === accountId)
      return draft;
  }
  return null;
}

/** The live edit form's start: the listing read now, its full category and its linked draft. */
export async function liveEditSource(
  ctx: LiveContext,
  store: Pick<DraftsStore, 'get' | 'list'>,
  uuid: string,
  sent?: SentCategories,
): Promise<LiveEditSource & { listing: ListingView }> {
  const { accountId, client } = ctx.clientOf();
  let listing: ListingView;
  try {
    listing = await client.getListing(uuid);
  } catch (error) {
    throw await ctx.fail(accountId, uuid, error);
  }
  const linked = await findLinkedDraft(ctx, store, accountId, uuid).catch(() => null);
  return {
    listing,
    category: categoryOf(listing.category, uuid, sent, linked),
    linkedDraftId: linked?.id ?? null,
  };
}
