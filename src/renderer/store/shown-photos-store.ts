// How many photos the editor shows for a draft, for the Drafts list's row (issue 23.5). A removed
// photo waits out its Undo before main deletes anything, so main's count (the list's) lags the
// seller's by those seconds; the row takes the editor's count instead, at once, Undo included.
import { create } from 'zustand';
import type { DraftListRow } from '../../shared/domain/drafts';

/** The editor's count; `mainCount` once it was left: trusted only while the list still says that. */
interface Shown {
  count: number;
  mainCount: number | null;
}

interface ShownPhotosState {
  byDraft: ReadonlyMap<string, Shown>;
  /** The editor shows `count` photos of the draft (null: it shows none of it any more). */
  show(draftId: string, count: number | null): void;
  /** The editor left the draft with `count` shown while main had `mainCount` (its last removal is on its way). */
  leave(draftId: string, count: number, mainCount: number): void;
  /** A list came: counts main has caught up with (or moved past) are its own again. */
  settle(items: readonly DraftListRow[]): void;
}

export const useShownPhotos = create<ShownPhotosState>((set, get) => {
  const put = (draftId: string, shown: Shown | null) => {
    const byDraft = new Map(get().byDraft);
    if (shown) byDraft.set(draftId, shown);
    else byDraft.delete(draftId);
    set({ byDraft });
  };
  return {
    byDraft: new Map(),
    show(draftId, count) {
      const before = get().byDraft.get(draftId);
      if (count === null ? before : before?.count !== count || before.mainCount !== null)
        put(draftId, count === null ? null : { count, mainCount: null });
    },
    leave(draftId, count, mainCount) {
      put(draftId, count === mainCount ? null : { count, mainCount });
    },
    settle(items) {
      const left = [...get().byDraft].filter(([, shown]) => shown.mainCount !== null);
      const moved = left.filter(([id, shown]) => {
        const item = items.find((row) => row.id === id);
        return item !== undefined && item.photoCount !== shown.mainCount;
      });
      if (moved.length === 0) return;
      const byDraft = new Map(get().byDraft);
      for (const [id] of moved) byDraft.delete(id);
      set({ byDraft });
    },
  };
});

/** The photo count a row shows: the editor's while it shows the draft (or main has not caught up). */
export function useRowPhotoCount(item: DraftListRow): number {
  const shown = useShownPhotos((s) => s.byDraft.get(item.id));
  if (!shown) return item.photoCount;
  return shown.mainCount === null || shown.mainCount === item.photoCount ? shown.count : item.photoCount;
}
