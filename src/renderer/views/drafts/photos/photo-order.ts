// The order of a draft's photos as lists of ids: the first is the cover. Pure, so the panel's
// buttons, its keyboard and its drags all change the order the same way.
import type { Draft, DraftPhoto } from '../../../../shared/domain/drafts';

/** `ids` with the item at `from` moved to `to` (both clamped into the list). */
export function moveIndex(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  if (from < 0 || from >= next.length) return next;
  const [moved] = next.splice(from, 1) as [string];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** `ids` with `id` moved `delta` places (negative: towards the cover). */
export function moveBy(ids: readonly string[], id: string, delta: number): string[] {
  const from = ids.indexOf(id);
  return from < 0 ? [...ids] : moveIndex(ids, from, from + delta);
}

/** `ids` with `id` first. */
export function makeCover(ids: readonly string[], id: string): string[] {
  return moveBy(ids, id, -ids.length);
}

/** The photos in the order of `order`; photos it does not name follow in their own order. */
export function inOrder(photos: readonly DraftPhoto[], order: readonly string[] | null): DraftPhoto[] {
  if (!order) return [...photos];
  const byId = new Map(photos.map((p) => [p.id, p]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  const named = new Set(order);
  return [...ordered, ...photos.filter((p) => !named.has(p.id))];
}

/**
 * `ids` with the photos of one drop (`batch`, in the order dropped) put back into that order,
 * in the places they hold. Photos sent side by side are stored as each finishes, which need not
 * be the order the seller dropped them in.
 */
export function restoreBatchOrder(ids: readonly string[], batch: readonly string[]): string[] {
  const present = new Set(ids);
  const wanted = batch.filter((id) => present.has(id));
  const inBatch = new Set(wanted);
  let next = 0;
  return ids.map((id) => (inBatch.has(id) ? (wanted[next++] as string) : id));
}

/** Whether two id lists are the same order. */
export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/** `photos` with the photos of each running batch shown in the order they were dropped. */
export function arrangeBatches(photos: DraftPhoto[], batches: readonly (readonly string[])[]): DraftPhoto[] {
  if (batches.length === 0) return photos;
  const ids = batches.reduce<string[]>(
    (order, batch) => restoreBatchOrder(order, batch),
    photos.map((p) => p.id),
  );
  const byId = new Map(photos.map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The ids to store for the order `ids` the seller chose: those still there, then photos added since
 * (they were not shown when the order was chosen), without those being deleted.
 */
export function idsToSend(ids: readonly string[], latest: Draft, deleting: ReadonlySet<string>): string[] {
  const chosen = new Set(ids);
  const present = latest.photos.filter((p) => !deleting.has(p.id));
  const presentIds = new Set(present.map((p) => p.id));
  const added = present.flatMap((p) => (chosen.has(p.id) ? [] : [p.id]));
  return [...ids.filter((id) => presentIds.has(id)), ...added];
}
