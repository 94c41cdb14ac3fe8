// A save that carries the fields it started from, merged three ways against what is stored now
// (issue 32.1). Without this, a save written over a value that changed since its base (another
// desk's text pulled in meanwhile, a live change, a feed's update) erased that value, and the
// shop's push then saw a plain descendant of the other desk's version and found no conflict. Here
// such a field becomes a conflict kept as data, the same data the shop's merge keeps and the sync
// shares, so every desk shows it until the seller picks. Pure.
import type { Draft, DraftFields } from '../drafts';
import { typedFieldsOf } from './draft-fields';
import {
  conflictOver,
  restoredBy,
  shopConflictsOf,
  withShopState,
  type ShopAuthor,
  type ShopConflictValue,
} from './shop-conflicts';
import { sameShopValue, shopValueOf, withShopValue, type ShopValue } from './shop-fields';

/** Who saves, and who made the value stored now in a field (for "changed on <desk> at <time>"). */
export interface SaveSides {
  mine: ShopAuthor;
  theirs(field: string): ShopAuthor;
}

const entry = (value: ShopValue, by: ShopAuthor): ShopConflictValue => ({
  value: value === undefined ? null : value,
  by,
});

/**
 * The stored draft with the saver's changes (`typed` against `base`): a field only the saver
 * changed takes the saver's value, a field nobody changed since the base keeps what is stored, and
 * a field also changed in the store to something else is a conflict (both values, who, when), kept
 * as the shop's merge keeps it, the saver's value held until the seller picks.
 */
export function mergeSave(stored: Draft, typed: DraftFields, base: DraftFields, who: SaveSides): Draft {
  const conflicts = new Map(shopConflictsOf(stored).map((conflict) => [conflict.field, conflict]));
  let next = stored;
  let touched = false;
  for (const path of typedFieldsOf(typed, base)) {
    const [was, mine, now] = [shopValueOf(base, path), shopValueOf(typed, path), shopValueOf(stored, path)];
    if (sameShopValue(now, was) || sameShopValue(now, mine)) {
      next = withShopValue(next, path, mine);
      // Typing on in a field in conflict: the saver's value there is the one typed now, never an
      // older half of it (a value equal to another side's settles the field). The same below.
      const held = conflicts.get(path);
      if (held?.values.some((value) => value.by.desk === who.mine.desk)) {
        const others = held.values.filter((value) => value.by.desk !== who.mine.desk);
        const conflict = conflictOver(path, [...others, entry(mine, who.mine)]);
        if (conflict) conflicts.set(path, conflict);
        else conflicts.delete(path);
        touched = true;
      }
      continue;
    }
    const sides = [
      { value: mine, by: who.mine },
      { value: now, by: who.theirs(path) },
    ];
    // The saver's value is held, whatever the clocks say: the seller may be typing on in it.
    next = withShopValue(next, path, mine);
    const held = (conflicts.get(path)?.values ?? []).filter((value) => value.by.desk !== who.mine.desk);
    const conflict = conflictOver(path, [...held, ...sides.map((side) => entry(side.value, side.by))]);
    if (conflict) conflicts.set(path, conflict);
    touched = true;
  }
  return touched ? withShopState(next, [...conflicts.values()], restoredBy(stored)) : next;
}

/** The fields of a save's conflicts that `saved` holds and `before` did not (for the log). */
export function newConflictFields(before: Draft, saved: Draft): string[] {
  const had = new Map(shopConflictsOf(before).map((c) => [c.field, c.values.length]));
  return shopConflictsOf(saved)
    .filter((c) => (had.get(c.field) ?? 0) < c.values.length)
    .map((c) => c.field);
}
