// The conflicts and notes the shop's merge keeps on a draft (issue 24.4), and the one order every
// desk gives to desks' changes, so that all of them keep the same value of a field changed on two
// desks, whichever merges first. Pure.
import type { Draft } from '../drafts';
import { canonical, sameData, type ShopValue } from './shop-fields';

/** A desk of the shop that made a change, and when (ISO time). */
export interface ShopAuthor {
  desk: string;
  deskName: string;
  at: string;
}

/** One value of a field in conflict, with the desk that made it. */
export interface ShopConflictValue {
  /** An attribute the desk removed is kept as null. */
  value: Exclude<ShopValue, undefined>;
  by: ShopAuthor;
}

/** A field changed on two desks apart: the draft holds the first value until the seller picks. */
export interface ShopConflict {
  field: string;
  values: ShopConflictValue[];
}

/** A value and who made it, as the merge orders them. */
export interface Authored<V> {
  value: V;
  by: ShopAuthor;
}

const timeOf = (at: string) => {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? 0 : ms;
};

/** Orders changes: the later first, then by desk id, then by value, so that no two tie. */
export function laterFirst<V>(a: Authored<V>, b: Authored<V>): number {
  const time = timeOf(b.by.at) - timeOf(a.by.at);
  if (time !== 0) return time;
  if (a.by.desk !== b.by.desk) return a.by.desk < b.by.desk ? 1 : -1;
  const [x, y] = [canonical(a.value), canonical(b.value)];
  return x === y ? 0 : x < y ? -1 : 1;
}

/** The change every desk keeps of two: the later. */
export function laterOf<V>(a: Authored<V>, b: Authored<V>): Authored<V> {
  return laterFirst(a, b) <= 0 ? a : b;
}

/** Who made each side of a merge. */
export interface ShopSides {
  mine: ShopAuthor;
  theirs: ShopAuthor;
}

/** Which side a three-way comparison takes, or 'both' when they changed it apart. */
export function sideOf<V>(
  was: V | undefined,
  mine: V,
  theirs: V,
  same: (a: V, b: V) => boolean,
  known: boolean,
): 'mine' | 'theirs' | 'both' {
  if (same(mine, theirs)) return 'mine';
  if (known && same(was as V, mine)) return 'theirs';
  if (known && same(was as V, theirs)) return 'mine';
  return 'both';
}

/** A value of one side or, changed on both, the later desk's (no conflict: not the seller's words). */
export function mergedData<V>(was: V | undefined, mine: V, theirs: V, who: ShopSides, known: boolean): V {
  const side = sideOf(was, mine, theirs, sameData, known);
  if (side !== 'both') return side === 'mine' ? mine : theirs;
  return laterOf({ value: mine, by: who.mine }, { value: theirs, by: who.theirs }).value;
}

/** The conflicts the merge left on the draft. */
export function shopConflictsOf(draft: Pick<Draft, 'shop'>): ShopConflict[] {
  return (draft.shop?.conflicts ?? []) as ShopConflict[];
}

/** The desk that deleted the draft before it came back, if it did. */
export function restoredBy(draft: Pick<Draft, 'shop'>): ShopAuthor | undefined {
  return draft.shop?.restored;
}

/** The draft with these conflicts and note (no `shop` key when there are none, as before any shop). */
export function withShopState(draft: Draft, conflicts: ShopConflict[], restored?: ShopAuthor): Draft {
  const { shop: _was, ...rest } = draft;
  if (conflicts.length === 0 && !restored) return rest;
  const sorted = [...conflicts].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  return {
    ...rest,
    shop: { ...(sorted.length > 0 && { conflicts: sorted }), ...(restored && { restored }) },
  };
}

/** The conflict of `field` over all these values: each value once (by its latest desk), latest first. */
export function conflictOver(field: string, values: readonly ShopConflictValue[]): ShopConflict | null {
  const seen = new Set<string>();
  const distinct = [...values].sort(laterFirst).filter((entry) => {
    const key = canonical(entry.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return distinct.length < 2 ? null : { field, values: distinct };
}

/**
 * The conflicts of two desks merged field by field against the base's: a conflict one desk settled
 * and the other left as it was is settled; one both changed keeps every value either holds.
 */
export function mergeConflicts(
  base: readonly ShopConflict[] | undefined,
  mine: readonly ShopConflict[],
  theirs: readonly ShopConflict[],
): Map<string, ShopConflict> {
  const byField = (list: readonly ShopConflict[] | undefined) =>
    new Map((list ?? []).map((conflict) => [conflict.field, conflict]));
  const [was, m, t] = [byField(base), byField(mine), byField(theirs)];
  const out = new Map<string, ShopConflict>();
  for (const field of new Set([...m.keys(), ...t.keys()])) {
    const [b, x, y] = [was.get(field), m.get(field), t.get(field)];
    const same = (p?: ShopConflict, q?: ShopConflict) => canonical(p) === canonical(q);
    let kept: ShopConflict | null | undefined;
    if (same(x, y)) kept = x;
    else if (base && same(b, x)) kept = y;
    else if (base && same(b, y)) kept = x;
    else kept = conflictOver(field, [...(x?.values ?? []), ...(y?.values ?? [])]);
    if (kept) out.set(field, kept);
  }
  return out;
}
