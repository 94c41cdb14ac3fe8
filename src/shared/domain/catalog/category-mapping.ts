// A shop's categories and words mapped once to the marketplace's (issue 34): a shop category
// ("Möbel > Tische") to a catalog path and default attributes, inherited down the shop's tree, and
// the shop's condition words to the catalog's condition values. Plain data and pure functions: main
// keeps the file, imports and feeds read their rows through it, the window edits it.
import { z } from 'zod';
import type { Catalog } from './catalog';
import type { CatalogView } from './catalog-view';
import { foldTerm, type CatalogHit, type CatalogSearch } from './catalog-search';

/** The separators shops write between the levels of their tree: ` > `, `/`, `|`. */
const SEPARATORS = /\s*[>/|]\s*/;

/** A shop category's levels as written (blank levels dropped). */
export function shopCategoryParts(raw: string): string[] {
  return raw
    .split(SEPARATORS)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '');
}

/** A shop category as the desk shows and stores it: its levels joined by ` > `. */
export function shopCategoryName(raw: string): string {
  return shopCategoryParts(raw).join(' > ');
}

/** The key two spellings of one shop category share (case, umlauts and separators aside). */
export function shopCategoryKey(raw: string): string {
  return shopCategoryParts(raw)
    .map((part) => foldTerm(part))
    .join('>');
}

const attributesSchema = z.record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(200));

/** One shop category mapped to a catalog path (or a path known good) and default attributes. */
export const categoryMappingSchema = z
  .object({
    /** The shop category as first written, levels joined by ` > `. */
    shopCategory: z.string().trim().min(1).max(500),
    path: z.string().trim().min(1).max(300),
    /** Attributes every draft of this shop category starts with (`art` and others). */
    attributes: attributesSchema.default({}),
    updatedAt: z.string().optional(),
  })
  .strict();
export type CategoryMapping = z.infer<typeof categoryMappingSchema>;

/** The attribute key whose values the condition words map to. */
export const CONDITION_KEY = 'condition';

/** A condition word as compared: folded (case, umlauts), inner spaces single. */
export function conditionWordKey(word: string): string {
  return foldTerm(word.trim().replace(/\s+/g, ' '));
}

export const categoryMappingsFileSchema = z
  .object({
    version: z.literal(1),
    mappings: z.array(categoryMappingSchema).max(20_000),
    /**
     * Folded condition word → condition value. Folding may double a word's length (ä → ae, ß → ss):
     * a word of 100 letters as typed still fits.
     */
    conditionWords: z.record(z.string().min(1).max(200), z.string().min(1).max(100)),
    /** The seller confirmed the condition words (the defaults are then theirs). */
    conditionConfirmed: z.boolean(),
  })
  .strict();
export type CategoryMappings = z.infer<typeof categoryMappingsFileSchema>;

/**
 * The mappings before the seller made any: the catalog's suggested condition words (its
 * `conditionWords`), folded, which stand until the seller confirms them once.
 */
export function emptyCategoryMappings(catalog: Pick<Catalog, 'conditionWords'>): CategoryMappings {
  const conditionWords: Record<string, string> = {};
  for (const [word, value] of Object.entries(catalog.conditionWords ?? {}))
    conditionWords[conditionWordKey(word)] = value;
  return { version: 1, mappings: [], conditionWords, conditionConfirmed: false };
}

/** The mapping that serves a shop category: its own, else the nearest mapped level above it. */
export function findMapping(
  mappings: readonly CategoryMapping[],
  raw: string,
): { mapping: CategoryMapping; inherited: boolean } | null {
  const parts = shopCategoryParts(raw).map((part) => foldTerm(part));
  if (parts.length === 0) return null;
  const byKey = new Map(mappings.map((m) => [shopCategoryKey(m.shopCategory), m]));
  for (let length = parts.length; length > 0; length -= 1) {
    const found = byKey.get(parts.slice(0, length).join('>'));
    if (found) return { mapping: found, inherited: length < parts.length };
  }
  return null;
}

/** Sets (adds or replaces) the mapping of a shop category; returns the new list. */
export function withMapping(mappings: readonly CategoryMapping[], next: CategoryMapping): CategoryMapping[] {
  const key = shopCategoryKey(next.shopCategory);
  const named = { ...next, shopCategory: shopCategoryName(next.shopCategory) };
  const kept = mappings.filter((m) => shopCategoryKey(m.shopCategory) !== key);
  return [...kept, named].sort((a, b) => a.shopCategory.localeCompare(b.shopCategory, 'de'));
}

/** The list without the mapping of this shop category (its own only: levels below keep theirs). */
export function withoutMapping(mappings: readonly CategoryMapping[], raw: string): CategoryMapping[] {
  const key = shopCategoryKey(raw);
  return mappings.filter((m) => shopCategoryKey(m.shopCategory) !== key);
}

/** How a row's category cell reads. */
export type CategoryCellReading =
  /** The cell is a catalog path, or one known good for the account: taken as it is. */
  | { kind: 'catalog'; path: string }
  /** A shop category with a mapping (its own, or inherited from `from`). */
  | {
      kind: 'mapped';
      path: string;
      attributes: Record<string, string>;
      shopCategory: string;
      from: string;
      inherited: boolean;
    }
  /** A shop category no mapping serves. */
  | { kind: 'unmapped'; shopCategory: string };

/** What a category cell is read against. */
export interface CategoryContext {
  view: CatalogView;
  mappings: readonly CategoryMapping[];
  /** The service took this path for the account (known good); absent: none is. */
  knownGood?: (path: string) => boolean;
}

/** The path a cell spells, as a draft holds a category (levels joined by `/`). */
function asPath(raw: string): string {
  return shopCategoryParts(raw).join('/');
}

/** Reads a category cell: a catalog path as it is, else a shop category through its mapping. */
export function readCategoryCell(raw: string, context: CategoryContext): CategoryCellReading {
  const path = asPath(raw);
  if (context.view.known(path) || context.knownGood?.(path) === true) return { kind: 'catalog', path };
  const shopCategory = shopCategoryName(raw);
  const found = findMapping(context.mappings, raw);
  if (found === null) return { kind: 'unmapped', shopCategory };
  return {
    kind: 'mapped',
    path: found.mapping.path,
    attributes: { ...found.mapping.attributes },
    shopCategory,
    from: found.mapping.shopCategory,
    inherited: found.inherited,
  };
}

/** A header or a value as compared with the catalog's labels: folded, letters and digits only. */
export function wordKey(text: string): string {
  return foldTerm(text.trim()).replace(/[^a-z0-9]/g, '');
}

/**
 * The attribute of the category that a column's header names: by its key, or its German or
 * English label (`Zustand` → `condition`, `Farbe` → `color`, `Marke` → `brand` or `marke`).
 */
export function attributeForHeader(view: CatalogView, path: string, header: string): string | null {
  const wanted = wordKey(header);
  if (wanted === '') return null;
  for (const attribute of view.attributes(path)) {
    const names = [
      attribute.key,
      view.attributeLabel(attribute.key, 'de'),
      view.attributeLabel(attribute.key, 'en'),
    ];
    if (names.some((name) => wordKey(name) === wanted)) return attribute.key;
  }
  return null;
}

/**
 * The value of the category's attribute that `text` names: an option by its value or either label
 * (case and umlauts aside); for the condition, the condition words first. Null when none matches.
 */
export function optionForText(
  view: CatalogView,
  path: string,
  key: string,
  text: string,
  conditionWords: Readonly<Record<string, string>>,
): string | null {
  const attribute = view.attributes(path).find((a) => a.key === key);
  const options = attribute?.options ?? [];
  const offered = (value: string) => options.length === 0 || options.some((o) => o.value === value);
  if (key === CONDITION_KEY) {
    const word = conditionWords[conditionWordKey(text)];
    if (word !== undefined && offered(word)) return word;
  }
  const wanted = wordKey(text);
  if (wanted === '') return null;
  if (attribute?.type === 'yes-no') {
    const { yes, no } = view.yesNoValues(attribute);
    if (['ja', 'yes', 'true', '1', 'x', 'j', 'y'].includes(wanted)) return yes;
    if (['nein', 'no', 'false', '0', 'n'].includes(wanted)) return no;
  }
  for (const option of options) {
    const names = [option.value, option.label, option.labelEn ?? ''];
    if (names.some((name) => name !== '' && wordKey(name) === wanted)) return option.value;
  }
  return null;
}

/** One attribute column's cell as a row gives it. */
export interface AttributeCell {
  header: string;
  text: string;
}

/** What a row's attribute columns became in its category. */
export interface MappedAttributes {
  attributes: Record<string, string>;
  /** A value that matches no option of its attribute: kept as typed, named in the plan. */
  unknownValues: { header: string; key: string; value: string }[];
  /** A column whose header names no attribute of the category: left out, named in the plan. */
  unknownColumns: { header: string; value: string }[];
}

/**
 * The attributes a row's attribute columns give in its category, over the mapping's defaults: each
 * header to the attribute it names, each value to an option. (A header with an attribute prefix,
 * `attribute:art` as an export writes it, names the key itself: the caller takes it as it is.)
 */
export function mapAttributeCells(
  view: CatalogView,
  path: string,
  cells: readonly AttributeCell[],
  defaults: Readonly<Record<string, string>>,
  conditionWords: Readonly<Record<string, string>>,
): MappedAttributes {
  const attributes: Record<string, string> = { ...defaults };
  const unknownValues: MappedAttributes['unknownValues'] = [];
  const unknownColumns: MappedAttributes['unknownColumns'] = [];
  for (const { header, text } of cells) {
    if (text.trim() === '') continue;
    const key = attributeForHeader(view, path, header);
    if (key === null) {
      unknownColumns.push({ header, value: text });
      continue;
    }
    const value = optionForText(view, path, key, text, conditionWords);
    if (value === null) {
      const offered = view.attributes(path).find((a) => a.key === key)?.options ?? [];
      if (offered.length > 0) unknownValues.push({ header, key, value: text });
      attributes[key] = text.trim();
    } else attributes[key] = value;
  }
  return { attributes, unknownValues, unknownColumns };
}

/** The shop categories of `raws` that no mapping serves and that are no catalog path, each once. */
export function unmappedCategories(raws: Iterable<string>, context: CategoryContext): string[] {
  const seen = new Map<string, string>();
  for (const raw of raws) {
    // Blank, or separators alone (` / `): no category at all, not one named "".
    if (shopCategoryParts(raw).length === 0) continue;
    const reading = readCategoryCell(raw, context);
    if (reading.kind !== 'unmapped') continue;
    const key = shopCategoryKey(raw);
    if (!seen.has(key)) seen.set(key, reading.shopCategory);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'de'));
}

/**
 * The catalog's best guesses for a shop category (a subcategory, or a kind with its `art`): its
 * deepest level searched first, then the levels above it, each guess once, best first.
 */
export function guessPaths(search: CatalogSearch, shopCategory: string, limit = 3): CatalogHit[] {
  const parts = shopCategoryParts(shopCategory);
  const found = new Map<string, CatalogHit>();
  for (const query of [...parts].reverse()) {
    for (const hit of search.search(query, { language: 'de', limit })) {
      const key = `${hit.path}\u0000${hit.kind?.value ?? ''}`;
      if (!found.has(key)) found.set(key, hit);
    }
    if (found.size >= limit) break;
  }
  return [...found.values()].slice(0, limit);
}
