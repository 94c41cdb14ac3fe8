// Variants of one product (issue 35.3): items sharing an `item_group_id`, wherever they stand in
// the file, become one ad by default. Its title is the first in-stock variant's without its size
// and colour; the sizes and colours in stock are listed in its description.
import type { ProductItem } from './product-item';

/** Items in file order, each alone or with the other variants of its group. */
export type ItemUnit =
  { kind: 'item'; item: ProductItem } | { kind: 'group'; groupId: string; variants: ProductItem[] };

/**
 * The items as the ads they become: with `variants` 'group', the items of one `item_group_id` as one
 * unit at the place of its first variant; with 'each' (or without a group id), every item alone.
 */
export function itemUnits(items: readonly ProductItem[], variants: 'group' | 'each'): ItemUnit[] {
  if (variants === 'each') return items.map((item) => ({ kind: 'item', item }));
  const groups = new Map<string, ProductItem[]>();
  const units: ItemUnit[] = [];
  for (const item of items) {
    const groupId = item.itemGroupId?.trim() ?? '';
    if (groupId === '') {
      units.push({ kind: 'item', item });
      continue;
    }
    const members = groups.get(groupId);
    if (members) members.push(item);
    else {
      const variants = [item];
      groups.set(groupId, variants);
      units.push({ kind: 'group', groupId, variants });
    }
  }
  return units;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// What may stand between a product's name and a variant's value: " - ", " / ", ", ", " | ", "–".
const JOINER = /\s*[-–—/|,:]\s*$/;

/**
 * A variant's title without its size and colour: "Shirt Basic – Rot, M" → "Shirt Basic". Each value
 * is taken out where it stands as a word of its own (case aside), with the separator before it;
 * brackets left empty go too. A title that would be left empty stays as it is.
 */
export function titleWithoutVariant(title: string, values: readonly (string | undefined)[]): string {
  let text = title;
  const words = values
    .map((value) => value?.trim() ?? '')
    .filter((value) => value !== '')
    .sort((a, b) => b.length - a.length);
  for (const value of words) {
    // The value as a word of its own: not inside another word ("M" in "Merino").
    const pattern = new RegExp(`(^|[\\s([{/,|:–—-])${escape(value)}(?=$|[\\s)\\]}/,|:;–—-])`, 'giu');
    text = text.replace(pattern, '$1');
  }
  text = text
    .replace(/\(\s*[,/|–—-]?\s*\)|\[\s*[,/|–—-]?\s*\]/g, '')
    .replace(/\(\s*[,/|]\s*/g, '(')
    .replace(/\s*[,/|]\s*\)/g, ')')
    .replace(/\s*([,/|])\s*(?:[,/|]\s*)+/g, '$1 ')
    .replace(/\s+-\s+(?:[-–—]\s+)+/g, ' - ')
    .replace(/\s+/g, ' ')
    .trim();
  // Separators left at either end ("Shirt -", ", Shirt").
  for (let before = ''; before !== text;) {
    before = text;
    text = text
      .replace(JOINER, '')
      .replace(/^\s*[-–—/|,:]\s*/, '')
      .trim();
  }
  return text === '' ? title.trim() : text;
}

/** Values of the variants, each once (case aside) in the order they first come. */
export function distinctValues(values: readonly (string | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const text = value?.trim() ?? '';
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

/** The one value all the variants share (case aside), or undefined when they differ or give none. */
export function sharedValue(values: readonly (string | undefined)[]): string | undefined {
  const given = values.map((value) => value?.trim() ?? '');
  const first = given[0];
  if (first === undefined || first === '') return undefined;
  return given.every((value) => value.toLowerCase() === first.toLowerCase()) ? first : undefined;
}
