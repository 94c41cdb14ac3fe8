// A draft's photos merged from two desks (issue 24.4): the set by photo id (added on either side:
// kept; removed on either side: removed), then the order of the photos both sides have. The order
// changed on both sides to different orders is a conflict (the set itself: shop-lists.ts). The same
// file added on both sides (the same content under two photo ids) is one photo, where it comes
// first. Pure.
import type { DraftPhoto } from '../drafts';
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

/** The content of a photo's file (its sha-256), when known. */
export type PhotoContent = (photo: DraftPhoto) => string | undefined;

/**
 * Merges the photos of base (undefined: both new), mine and theirs; `who` says who made each side;
 * `contentOf` tells the same file added on both sides.
 */
export function mergePhotos(
  base: readonly DraftPhoto[] | undefined,
  mine: readonly DraftPhoto[],
  theirs: readonly DraftPhoto[],
  who: ShopSides,
  contentOf?: PhotoContent,
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
  return { photos: contentOf ? oneOfEachAdded(photos, b!, m!, contentOf) : photos, orderConflict };
}

/**
 * Drops a photo one side added when the other side added the same content earlier in the list (an
 * import of the same file on two desks): the seller added one photo, not two. A side's own
 * repeats, and photos the base had, are left as they are.
 */
function oneOfEachAdded(
  photos: DraftPhoto[],
  base: ReadonlyMap<string, DraftPhoto>,
  mine: ReadonlyMap<string, DraftPhoto>,
  contentOf: PhotoContent,
): DraftPhoto[] {
  const addedBy = new Map<string, 'mine' | 'theirs'>();
  return photos.filter((photo) => {
    const content = contentOf(photo);
    if (base.has(photo.id) || content === undefined) return true;
    const side = mine.has(photo.id) ? 'mine' : 'theirs';
    const first = addedBy.get(content);
    if (first === undefined) addedBy.set(content, side);
    return first === undefined || first === side;
  });
}

/** The photos with those of `order` in that order, in the places they hold; the others stay put. */
export function inPhotoOrder(photos: readonly DraftPhoto[], order: readonly string[]): DraftPhoto[] {
  const inOrder = new Set(order);
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const queue = order.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
  return photos.map((photo) => (inOrder.has(photo.id) && queue.length > 0 ? queue.shift()! : photo));
}
