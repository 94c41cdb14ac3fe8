// The seller settles what the shop's merge left on a draft (issue 24.4): picks one value of a field
// in conflict, or dismisses the note that the draft came back after a deletion. Pure.
import type { Draft } from '../drafts';
import { restoredBy, shopConflictsOf, withShopState } from './shop-conflicts';
import { withShopValue } from './shop-fields';
import { inPhotoOrder } from './shop-photos';

/** The draft with value `index` of conflict `field` taken and the conflict settled; null when there is none. */
export function pickShopValue(draft: Draft, field: string, index: number): Draft | null {
  const conflicts = shopConflictsOf(draft);
  const conflict = conflicts.find((c) => c.field === field);
  const picked = conflict?.values[index];
  if (!conflict || !picked) return null;
  const next =
    field === 'photoOrder'
      ? { ...draft, photos: inPhotoOrder(draft.photos, picked.value as string[]) }
      : withShopValue(draft, field, picked.value);
  return withShopState(
    next,
    conflicts.filter((c) => c !== conflict),
    restoredBy(draft),
  );
}

/** The draft without the note that it came back after a deletion. */
export function dismissRestored(draft: Draft): Draft {
  return withShopState(draft, shopConflictsOf(draft), undefined);
}
