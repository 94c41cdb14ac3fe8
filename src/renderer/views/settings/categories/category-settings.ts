// Settings → Categories (issue 34): what the panel shows and edits, as plain functions over the
// catalog's lookups. The catalog and its functions load on demand in the window, so they come in as
// arguments (types only are imported here).
import type {
  CatalogAttribute,
  CatalogLanguage,
  CatalogView,
  CategoryMapping,
} from '../../../../shared/domain/catalog';
import { categoryName } from '../../../components/category-picker/picker-rows';

/** The condition's attribute key (as the catalog names it; CONDITION_KEY in the domain). */
export const CONDITION = 'condition';

/**
 * Every condition value the catalog offers, in its order: the categories' lists merged, each value
 * placed after the one it follows in the list that names it first (`new_with_tag` before `new`).
 */
export function conditionValues(view: Pick<CatalogView, 'categories'>): string[] {
  const out: string[] = [];
  for (const category of view.categories) {
    const options = category.attributes?.find((a) => a.key === CONDITION)?.options ?? [];
    options.forEach((option, index) => {
      if (out.includes(option.value)) return;
      const before = index > 0 ? out.indexOf(options[index - 1]!.value) : -1;
      out.splice(before + 1, 0, option.value);
    });
  }
  return out;
}

/** The category's selects a mapping may set by default (its kind first), each with options. */
export function defaultSelects(view: CatalogView, path: string): CatalogAttribute[] {
  const selects = view.attributes(path).filter((a) => a.type === 'select' && (a.options?.length ?? 0) > 0);
  const kind = view.kindAttribute(path);
  return kind ? [kind, ...selects.filter((a) => a.key !== kind.key)] : selects;
}

/**
 * The default attributes after the path changed to `path` (the picker's choice, with its kind or
 * without): those the new category offers kept, the kind set or let go as the choice says. For a
 * path the catalog does not know (one the service took), nothing can be checked: all are kept.
 */
export function attributesForPath(
  view: CatalogView,
  path: string,
  attributes: Readonly<Record<string, string>>,
  kind?: { key: string; value: string },
): Record<string, string> {
  if (!view.known(path)) return kind ? { ...attributes, [kind.key]: kind.value } : { ...attributes };
  const selects = defaultSelects(view, path);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) {
    const offered = selects.find((a) => a.key === key)?.options?.some((o) => o.value === value);
    if (offered) out[key] = value;
  }
  const kindKey = view.kindAttribute(path)?.key;
  if (kind) out[kind.key] = kind.value;
  else if (kindKey) delete out[kindKey];
  return out;
}

/** What a mapping's row shows: the category's name with its kind, and its other defaults. */
export interface MappingLine {
  /** `Haus & Garten › Küche & Esszimmer › Tische`; the path itself where the catalog lacks it. */
  name: string;
  known: boolean;
  /** The other defaults as `Zustand: Gut` (label: value label), in the category's order. */
  defaults: string[];
}

export function mappingLine(
  view: CatalogView,
  mapping: Pick<CategoryMapping, 'path' | 'attributes'>,
  language: CatalogLanguage,
): MappingLine {
  const name = categoryName(view, mapping.path, language, mapping.attributes);
  const kindKey = view.kindAttribute(mapping.path)?.key;
  // The kind is in the name when the catalog offers it; otherwise it is a default like the others.
  const named = name !== null && kindKey !== undefined && name !== categoryName(view, mapping.path, language);
  const order = view.attributes(mapping.path).map((a) => a.key);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const defaults = Object.entries(mapping.attributes)
    .filter(([key]) => !(named && key === kindKey))
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(
      ([key, value]) =>
        `${view.attributeLabel(key, language)}: ${view.valueLabel(mapping.path, key, value, language)}`,
    );
  return { name: name ?? mapping.path, known: name !== null, defaults };
}

/** One row of the condition words' table as edited. */
export interface WordRow {
  /** Stable while the row is edited (React's key, focus after removing). */
  id: number;
  word: string;
  value: string;
}

/** The stored words as rows: by the value's place in the catalog's order, then by word. */
export function wordRows(words: Readonly<Record<string, string>>, order: readonly string[]): WordRow[] {
  const rank = (value: string) => (order.includes(value) ? order.indexOf(value) : order.length);
  return Object.entries(words)
    .sort(([wa, va], [wb, vb]) => rank(va) - rank(vb) || va.localeCompare(vb) || wa.localeCompare(wb, 'de'))
    .map(([word, value], id) => ({ id, word, value }));
}

export type WordProblem =
  | { row: number; problem: 'empty' }
  /** The same word (case and umlauts aside) twice: `first` is the row it first stands in. */
  | { row: number; problem: 'twice'; first: number };

/**
 * The rows as main stores them (word → value), or the rows' problems: a row without a word, a word
 * twice (as `key` compares words: the domain's conditionWordKey).
 */
export function wordsOfRows(
  rows: readonly WordRow[],
  key: (word: string) => string,
): { words: Record<string, string>; problems: [] } | { words: null; problems: WordProblem[] } {
  const words: Record<string, string> = {};
  const firstRow = new Map<string, number>();
  const problems: WordProblem[] = [];
  rows.forEach((row, index) => {
    const folded = key(row.word);
    if (folded === '') {
      problems.push({ row: index, problem: 'empty' });
      return;
    }
    const first = firstRow.get(folded);
    if (first !== undefined) {
      problems.push({ row: index, problem: 'twice', first });
      return;
    }
    firstRow.set(folded, index);
    words[row.word.trim()] = row.value;
  });
  return problems.length > 0 ? { words: null, problems } : { words, problems: [] };
}

/** Whether the rows say what the stored words say (nothing to save). */
export function sameWords(
  rows: readonly WordRow[],
  stored: Readonly<Record<string, string>>,
  key: (word: string) => string,
): boolean {
  const made = wordsOfRows(rows, key);
  if (made.words === null) return false;
  const entries = Object.entries(made.words).map(([word, value]) => [key(word), value] as const);
  return (
    entries.length === Object.keys(stored).length && entries.every(([word, value]) => stored[word] === value)
  );
}
