// Edits of one draft made on two desks apart, merged field by field against the version both started
// from (issue 24.4; DESIGN.md "Merge"). A field changed on one side takes that side; changed on both
// to different values it keeps the later desk's value and records a conflict with every value and
// who made it, until the seller picks. The result is the same whichever desk merges first, so every
// desk converges on one draft. Templates and accounts' records merge key by key the same way.
// Pure.
import type { Draft } from '../drafts';
import {
  conflictOver,
  laterOf,
  mergeConflicts,
  mergedData,
  sideOf,
  restoredBy,
  shopConflictsOf,
  withShopState,
  type Authored,
  type ShopAuthor,
  type ShopConflictValue,
  type ShopSides,
} from './shop-conflicts';
import { sameShopValue, shopFieldsOf, shopValueOf, withShopValue, type ShopValue } from './shop-fields';
import { mergeKeyedLists } from './shop-lists';
import { mergePhotos, type PhotoContent } from './shop-photos';

export type { ShopAuthor, ShopConflict, ShopConflictValue, ShopSides } from './shop-conflicts';

const stored = (entry: Authored<ShopValue>): ShopConflictValue => ({
  value: entry.value === undefined ? null : entry.value,
  by: entry.by,
});

/** Merges two desks' versions of a draft against `base` (undefined: both new); see the file's top. */
export function mergeShopDraft(
  base: Draft | undefined,
  mine: Draft,
  theirs: Draft,
  who: ShopSides,
  contentOf?: PhotoContent,
): Draft {
  const known = base !== undefined;
  const conflicts = mergeConflicts(
    base ? shopConflictsOf(base) : undefined,
    shopConflictsOf(mine),
    shopConflictsOf(theirs),
  );
  const later = laterOf({ value: mine, by: who.mine }, { value: theirs, by: who.theirs }).value;
  let next: Draft = { ...later };
  for (const field of shopFieldsOf(...[base, mine, theirs].filter((d): d is Draft => d !== undefined))) {
    const was = base ? shopValueOf(base, field) : undefined;
    const [x, y] = [shopValueOf(mine, field), shopValueOf(theirs, field)];
    const side = sideOf(was, x, y, sameShopValue, known);
    if (side !== 'both') {
      next = withShopValue(next, field, side === 'mine' ? x : y);
      continue;
    }
    const values = [
      { value: x, by: who.mine },
      { value: y, by: who.theirs },
    ];
    next = withShopValue(next, field, laterOf(values[0]!, values[1]!).value);
    const held = conflicts.get(field)?.values ?? [];
    const conflict = conflictOver(field, [...held, ...values.map(stored)]);
    if (conflict) conflicts.set(field, conflict);
  }

  const photos = mergePhotos(base?.photos, mine.photos, theirs.photos, who, contentOf);
  if (photos.orderConflict) {
    const held = conflicts.get('photoOrder')?.values ?? [];
    const conflict = conflictOver('photoOrder', [...held, ...photos.orderConflict]);
    if (conflict) conflicts.set('photoOrder', conflict);
  }
  const restored = mergedData(base && restoredBy(base), restoredBy(mine), restoredBy(theirs), who, known);
  next = {
    ...next,
    photos: photos.photos,
    status: mergedData(base?.status, mine.status, theirs.status, who, known),
    remote: mergedData(base?.remote, mine.remote, theirs.remote, who, known),
    schedule: mergedData(base?.schedule ?? null, mine.schedule ?? null, theirs.schedule ?? null, who, known),
    priceRule: mergedData(base?.priceRule, mine.priceRule, theirs.priceRule, who, known),
    createdAt: mine.createdAt < theirs.createdAt ? mine.createdAt : theirs.createdAt,
    updatedAt: mine.updatedAt > theirs.updatedAt ? mine.updatedAt : theirs.updatedAt,
  };
  return withShopState(next, [...conflicts.values()], restored);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key of an item of a list merged as a set: its `uuid` or `id` (an imprint, a photo). */
const itemKey = (item: unknown): string | undefined => {
  if (!isRecord(item)) return undefined;
  const key = item.uuid ?? item.id;
  return typeof key === 'string' ? key : undefined;
};
const isKeyedList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.every((item) => itemKey(item) !== undefined);

/**
 * Merges two desks' versions of a record (a template, an account's settings, defaults or imprints)
 * key by key, nested objects too, lists of items with ids as sets; a key changed apart on both
 * sides keeps the later desk's value.
 */
export function mergeShopRecord<T>(base: T | undefined, mine: T, theirs: T, who: ShopSides): T {
  return mergedKeys(base, base !== undefined, mine, theirs, who) as T;
}

// `known` false: no base (both new), so every difference is a change on both sides.
function mergedKeys(was: unknown, known: boolean, mine: unknown, theirs: unknown, who: ShopSides): unknown {
  // Without a base, a key only one side has was added there: kept.
  if (!known && (mine === undefined || theirs === undefined)) return mine ?? theirs;
  if (isKeyedList(mine) && isKeyedList(theirs) && (was === undefined || isKeyedList(was))) {
    const lead = laterOf({ value: 'mine', by: who.mine }, { value: 'theirs', by: who.theirs }).value;
    const item = (b: unknown, x: unknown, y: unknown) =>
      x && y ? mergedKeys(b, known, x, y, who) : (x ?? y);
    return mergeKeyedLists(was, mine, theirs, (x) => itemKey(x)!, item, lead as 'mine' | 'theirs');
  }
  if (!isRecord(mine) || !isRecord(theirs) || (was !== undefined && !isRecord(was)))
    return mergedData(was, mine, theirs, who, known);
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(was ?? {})])) {
    const value = mergedKeys(was?.[key], known, mine[key], theirs[key], who);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** `mine`, edited here while another desk deleted it, brought back with a note of who deleted it. */
export function restoreAfterDelete(mine: Draft, deletedBy: ShopAuthor): Draft {
  return withShopState(mine, shopConflictsOf(mine), deletedBy);
}
