// A draft's photos merged from two desks (issue 24.4): the set by photo id (added on either side:
// kept; removed on either side: removed), then the order of the photos both sides have. The order
// changed on both sides to different orders is a conflict (the set itself: shop-lists.ts). Pure.
import type { DraftPhoto } from './draft';
import { laterOf, mergedData, type Authored, type ShopSides } from './shop-conflicts';
import { keptKeys, mergeKeyedLists } from './shop-lists';

/** The merged photos, and both orders when they were changed apart (photo ids, latest desk's first). */
export interface PhotoMerge {
  photos: DraftPhoto[];
  orderConflict: Authored<string[]>[] | null;
}

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => b[i] === id);

const idsOf = (photos: readonly DraftPhoto[]) => photos.map((photo) => photo.id);

/** Merges the photos of base (undefined: both new), mine and theirs; `who` says who made each side. */
export function mergePhotos(
  base: readonly DraftPhoto[] | undefined,
  mine: readonly DraftPhoto[],
  theirs: readonly DraftPhoto[],
  who: ShopSides,
): PhotoMerge {
  const [b, m, t] = [base ?? [], mine, theirs].map((list) => new Map(list.map((p) => [p.id, p])));
  const kept = keptKeys(b!, m!, t!);
  // A photo both sides have and one changed (turned, say): that side's; changed on both: the later's.
  const record = (was: DraftPhoto | undefined, x: DraftPhoto | undefined, y: DraftPhoto | undefined) =>
    x && y ? mergedData(was, x, y, who, base !== undefined) : (x ?? y)!;

  // The order is compared on the photos every side has.
  const common = (id: string) => kept(id) && m!.has(id) && t!.has(id) && (!base || b!.has(id));
  const mineOrder = idsOf(mine).filter(common);
  const theirOrder = idsOf(theirs).filter(common);
  const wasOrder = base ? idsOf(base).filter(common) : null;
  const sides = { mine: { value: mineOrder, by: who.mine }, theirs: { value: theirOrder, by: who.theirs } };
  let lead: 'mine' | 'theirs';
  let orderConflict: PhotoMerge['orderConflict'] = null;
  if (wasOrder && !sameOrder(mineOrder, theirOrder) && sameOrder(wasOrder, mineOrder)) lead = 'theirs';
  else if (wasOrder && !sameOrder(mineOrder, theirOrder) && sameOrder(wasOrder, theirOrder)) lead = 'mine';
  else {
    lead = laterOf(sides.mine, sides.theirs) === sides.mine ? 'mine' : 'theirs';
    if (!sameOrder(mineOrder, theirOrder)) {
      const other = lead === 'mine' ? sides.theirs : sides.mine;
      orderConflict = [sides[lead], other];
    }
  }
  const photos = mergeKeyedLists(base, mine, theirs, (p) => p.id, record, lead);
  return { photos, orderConflict };
}

/** The photos with those of `order` in that order, in the places they hold; the others stay put. */
export function inPhotoOrder(photos: readonly DraftPhoto[], order: readonly string[]): DraftPhoto[] {
  const inOrder = new Set(order);
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const queue = order.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
  return photos.map((photo) => (inOrder.has(photo.id) && queue.length > 0 ? queue.shift()! : photo));
}
