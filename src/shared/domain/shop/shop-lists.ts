// Lists of items with ids (a draft's photos, an account's imprints) merged from two desks as sets:
// an item added on either side is kept, one removed on either side is removed, one both sides kept
// is merged. Items one side added keep their place before the item they preceded there. Pure.

/** Merges the lists; `lead` is the side whose order the result follows. */
export function mergeKeyedLists<T>(
  base: readonly T[] | undefined,
  mine: readonly T[],
  theirs: readonly T[],
  keyOf: (item: T) => string,
  item: (was: T | undefined, mine: T | undefined, theirs: T | undefined) => T,
  lead: 'mine' | 'theirs',
): T[] {
  const [b, m, t] = [base ?? [], mine, theirs].map((list) => new Map(list.map((x) => [keyOf(x), x])));
  const kept = keptKeys(b!, m!, t!);
  const ids = (list: readonly T[]) => list.map(keyOf).filter(kept);
  const [first, second] = lead === 'mine' ? [mine, theirs] : [theirs, mine];
  return placeAdded(ids(first), ids(second)).map((id) => item(b!.get(id), m!.get(id), t!.get(id)));
}

/** Whether an item stays: both sides have it, or one side added it (the base has not got it). */
export function keptKeys(
  base: ReadonlyMap<string, unknown>,
  mine: ReadonlyMap<string, unknown>,
  theirs: ReadonlyMap<string, unknown>,
): (id: string) => boolean {
  return (id) => (mine.has(id) && theirs.has(id)) || ((mine.has(id) || theirs.has(id)) && !base.has(id));
}

/** `lead` with the ids only `other` has, each put before the id it preceded in `other` (or last). */
function placeAdded(lead: readonly string[], other: readonly string[]): string[] {
  const out = [...lead];
  let before = out.length;
  for (const id of [...other].reverse()) {
    const placed = out.indexOf(id);
    if (placed >= 0) before = placed;
    else out.splice(before, 0, id);
  }
  return out;
}
