// What the editor shows before "Publish changes" (issue 23.1): each field that is to go live with
// its live and draft values, and each field in conflict with both. Pure.
import type { Draft } from '../drafts';
import type { DraftLiveDiff, LiveDiffRow } from './live';
import type { LiveMerge } from './live-merge';
import { draftValueOf, listingValueOf, type ListingShown } from './live-values';

/** Photo numbers (from 1, as the draft shows them) of media URLs; '?' for one the draft has not. */
function positions(draft: Draft, urls: readonly string[]): string[] {
  const photoUrls = draft.remote?.photoUrls ?? {};
  return urls.map((url) => {
    const index = draft.photos.findIndex((p) => photoUrls[p.id] === url);
    return index < 0 ? '?' : String(index + 1);
  });
}

/** The rows of a merged draft and its listing: conflicts first, then what Publish changes sends. */
export function liveDiffRows(merge: LiveMerge, listing: ListingShown): LiveDiffRow[] {
  const { draft, base, pendingPhotos } = merge;
  const rows: LiveDiffRow[] = merge.conflicts.map((conflict) =>
    conflict.field === 'photoOrder'
      ? {
          field: 'photoOrder',
          way: 'conflict',
          live: positions(draft, conflict.live as string[]),
          draft: positions(draft, conflict.draft as string[]),
        }
      : { field: conflict.field, way: 'conflict', live: conflict.live, draft: conflict.draft },
  );
  const path = (base.fields.category as string | undefined) ?? null;
  for (const field of merge.pending)
    rows.push({
      field,
      way: 'to-live',
      live: listingValueOf(listing, field, path),
      draft: draftValueOf(draft, field),
    });
  if (pendingPhotos.addedIds.length > 0 || pendingPhotos.removedUrls.length > 0)
    rows.push({ field: 'photos', way: 'to-live', live: listing.urls.length, draft: draft.photos.length });
  if (pendingPhotos.reordered) {
    const shown = new Set(listing.urls);
    const mine = draft.photos.map((p) => draft.remote?.photoUrls?.[p.id]).filter((u) => u && shown.has(u));
    rows.push({
      field: 'photoOrder',
      way: 'to-live',
      live: positions(
        draft,
        listing.urls.filter((url) => mine.includes(url)),
      ),
      draft: positions(draft, mine as string[]),
    });
  }
  return rows;
}

/** The diff the editor shows of a merged draft and its listing. */
export function mergedDiff(merge: LiveMerge, listing: ListingShown): DraftLiveDiff {
  const rows = liveDiffRows(merge, listing);
  const photos = {
    added: merge.pendingPhotos.addedIds.length,
    removed: merge.pendingPhotos.removedUrls.length,
    reordered: merge.pendingPhotos.reordered,
  };
  const fields = [...merge.conflicts.map((c) => c.field), ...merge.pending].filter((f) => f !== 'photoOrder');
  return {
    draftId: merge.draft.id,
    listingUuid: listing.uuid,
    state: rows.length === 0 ? 'same' : 'differs',
    fields,
    photos,
    rows,
    fromLive: merge.fromLive,
  };
}
