// Safe live edits (issue 15): what the live edit form starts from, and the undo a photo removal
// offers. Plain data and pure functions; main does the calls (src/main/live/).
import type { ListingView } from '../../service/listing';
import { categorySegments } from '../drafts';
import { sameCategory } from './live-diff';

/** What a live listing's edit form needs besides the listing itself. */
export interface LiveEditSource {
  /** The category as the seller knows it: the full path where the linked draft has it. */
  category: string;
  /** The draft published as this listing (same account), if any. */
  linkedDraftId: string | null;
}

/** How long a removed live photo can be sent back, in ms. */
export const PHOTO_UNDO_WINDOW_MS = 60_000;

/** The undo a photo removal offers: its handle, where the photo stood, and for how long. */
export interface PhotoUndoOffer {
  id: string;
  /** The photo's place before removal, from 1, of `total`. */
  position: number;
  total: number;
  /** Milliseconds from the answer during which Undo is accepted. */
  windowMs: number;
}

/** The answer of a photo removal: the listing now, and the undo (null when no copy could be kept). */
export interface PhotoRemoval {
  listing: ListingView;
  undo: PhotoUndoOffer | null;
}

/**
 * The listing's category as the seller knows it. A service may answer only the last segment of the
 * path it was sent; the linked draft's path is taken when that segment is its last, else the
 * service's text stands (the listing was changed elsewhere).
 */
export function fullCategory(shown: string, draftCategory: string | null | undefined): string {
  if (!draftCategory) return shown;
  const asked = categorySegments(draftCategory).join('/');
  return asked !== '' && sameCategory(asked, shown) ? asked : shown;
}
