// A recognized feed's items made into rows one at a time (issue 35.8): the items' ids and group ids
// are read first (the outline), so each unit — an item, or the variants of one `item_group_id`
// wherever they stand — is known before its items come; then the items come again in file order
// and each unit's row is made as soon as its last item is there. A feed of thousands never holds
// all its items, nor all its rows.
import type { FeedRow } from '../feed-rows';
import type { FeedSampleField, ProductItem } from './product-item';
import { unitRow, unitSample, type ProductRows, type ProductRowsOptions, type UnitRow } from './product-rows';

/**
 * What the outline keeps of an item: what decides its unit and the unit's reference, and a sale
 * period's dates (when the plan is due again).
 */
export type ItemOutline = Pick<ProductItem, 'id' | 'itemGroupId' | 'salePrice' | 'salePriceEffectiveDate'>;

/** The outline of an item: a small copy without what the plan needs only once its row is made. */
export function outlineOf(item: ProductItem): ItemOutline {
  const dated = item.salePrice !== undefined && item.salePriceEffectiveDate !== undefined;
  return {
    id: item.id,
    ...(item.itemGroupId !== undefined && { itemGroupId: item.itemGroupId }),
    ...(dated && { salePrice: item.salePrice, salePriceEffectiveDate: item.salePriceEffectiveDate }),
  };
}

/**
 * A recognized feed's items as the planner reads them: the outline first, then every item again in
 * the same order (an XML feed's kept copy read once more as a stream; a table's items from memory).
 */
export interface ProductItemStream {
  outline: readonly ItemOutline[];
  /** Gives each item in file order; refuses when the source is no longer the one outlined. */
  each(take: (item: ProductItem) => void): Promise<void>;
}

/** The stream of items held in memory (a table's); each is let go once taken. */
export function itemsInMemory(items: ProductItem[]): ProductItemStream {
  const held: (ProductItem | undefined)[] = items.splice(0);
  return {
    outline: held.map((item) => outlineOf(item!)),
    async each(take) {
      for (let at = 0; at < held.length; at += 1) {
        const item = held[at]!;
        held[at] = undefined;
        take(item);
      }
      await Promise.resolve();
    },
  };
}

export interface ProductUnits {
  /** Each unit's reference in file order (a group at its first variant's place; null: none). */
  references: readonly (string | null)[];
  /**
   * Takes the file's next item (in the outline's order); calls `emit` with the unit's number and
   * row when the item completes its unit.
   */
  take(item: ProductItem, emit: (unit: number, row: FeedRow) => void): void;
  /** What each field of the first unit became, once it is made; empty before (and for an empty file). */
  sample(): FeedSampleField[];
  /** How many items were taken. */
  taken(): number;
}

/** The units of the items of `outline` (the same items, in the same order, are taken later). */
export function productUnits(outline: readonly ItemOutline[], options: ProductRowsOptions): ProductUnits {
  const byGroup = options.variants !== 'each';
  const unitOf = new Int32Array(outline.length);
  const references: (string | null)[] = [];
  // Per unit: its group id ('' for an item alone) and how many items it has.
  const groupIds: string[] = [];
  const sizes: number[] = [];
  const groups = new Map<string, number>();
  outline.forEach((item, at) => {
    const groupId = byGroup ? (item.itemGroupId?.trim() ?? '') : '';
    const known = groupId === '' ? undefined : groups.get(groupId);
    if (known !== undefined) {
      unitOf[at] = known;
      sizes[known]! += 1;
      return;
    }
    unitOf[at] = references.length;
    if (groupId !== '') groups.set(groupId, references.length);
    const id = item.id.trim();
    references.push(groupId !== '' ? groupId : id === '' ? null : id);
    groupIds.push(groupId);
    sizes.push(1);
  });
  groups.clear();
  // The variants of groups not yet whole.
  const waiting = new Map<number, ProductItem[]>();
  let count = 0;
  let first: UnitRow | undefined;
  return {
    references,
    take(item, emit) {
      const at = count;
      count += 1;
      if (at >= outline.length) throw new Error('more items than the outline counted');
      const unit = unitOf[at]!;
      const groupId = groupIds[unit]!;
      let made: UnitRow;
      if (groupId === '') made = unitRow({ kind: 'item', item }, options);
      else {
        const variants = waiting.get(unit) ?? [];
        variants.push(item);
        if (variants.length < sizes[unit]!) {
          waiting.set(unit, variants);
          return;
        }
        waiting.delete(unit);
        made = unitRow({ kind: 'group', groupId, variants }, options);
      }
      if (unit === 0) first = made;
      emit(unit, made.row);
    },
    sample: () => (first === undefined ? [] : unitSample(options.format, first)),
    taken: () => count,
  };
}

/**
 * The rows of a recognized feed's items, in file order (a group at its first variant's place), and
 * what each field of its first item (or group) became. Each item is read as its row is made. With
 * `consume`, the array given is emptied and each item is let go once its row is made: a feed of
 * thousands never holds all its items and all its rows at once.
 */
export function productRows(
  items: ProductItem[],
  options: ProductRowsOptions & { consume: true },
): ProductRows;
export function productRows(items: readonly ProductItem[], options: ProductRowsOptions): ProductRows;
export function productRows(
  items: readonly ProductItem[],
  options: ProductRowsOptions & { consume?: boolean },
): ProductRows {
  const given: (ProductItem | undefined)[] = options.consume
    ? (items as ProductItem[]).splice(0)
    : [...items];
  const units = productUnits(given as ProductItem[], options);
  const rows = new Array<FeedRow>(units.references.length);
  for (let at = 0; at < given.length; at += 1) {
    const item = given[at]!;
    given[at] = undefined;
    units.take(item, (unit, row) => {
      rows[unit] = row;
    });
  }
  return { rows, sample: units.sample() };
}
