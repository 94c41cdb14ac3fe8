// What the category picker lists (issue 33.2), worked out apart from React so that tests can read
// it: the hits of the catalog search for typed words; with nothing typed, the categories used
// recently and then the tree (main categories → subcategories → kinds), one level at a time.
// Only types come from the catalog here: its code (and MiniSearch) stays in its lazy chunk.
import type { CatalogHit, CatalogLanguage, CatalogSearch, CatalogView } from '../../../shared/domain/catalog';
import { isCategoryPath } from '../../../shared/domain/drafts';

export interface PickedKind {
  key: string;
  value: string;
}

/** Where the seller is in the tree while browsing. */
export type PickerLevel = { at: 'top' } | { at: 'main'; segment: string } | { at: 'sub'; path: string };

export type PickerRow =
  /** A category (and maybe a kind) that Enter or a click takes. */
  | { type: 'pick'; path: string; kind?: PickedKind; label: string; detail: string; group: PickerGroup }
  /** A level below (a main category, a subcategory with kinds) that Enter or → opens. */
  | { type: 'open'; level: PickerLevel; label: string; detail: string; group: PickerGroup }
  /** Back up one level (← as well). */
  | { type: 'up'; level: PickerLevel; label: string; group: PickerGroup };

export type PickerGroup = 'recent' | 'results' | 'tree';

/** The words the rows need that are not the catalog's (the window's i18n). */
export interface PickerWords {
  /** "Back to all categories" / "Back to {{name}}". */
  up(name: string | null): string;
  /** "All of {{name}}" (the subcategory without a kind). */
  whole(name: string): string;
}

export interface PickerCatalog {
  view: CatalogView;
  search: CatalogSearch;
}

const RECENT_SHOWN = 5;
export const HITS_SHOWN = 20;

/**
 * The recently used categories as paths the catalog can name: whole paths as they are, and a single
 * segment (a category the service read back so) only where exactly one catalog path ends in it.
 */
export function recentPaths(recent: readonly string[], view: CatalogView | undefined): string[] {
  const out: string[] = [];
  for (const raw of recent) {
    const text = raw.trim();
    const ending = !isCategoryPath(text) && view ? view.pathsEndingIn(text) : [];
    const path = isCategoryPath(text) ? text : ending.length === 1 ? ending[0]! : null;
    if (path && !out.includes(path)) out.push(path);
    if (out.length >= RECENT_SHOWN) break;
  }
  return out;
}

/** A category's name as the field shows it: `Familie, Kind & Baby › Spielzeug › LEGO & Duplo`. */
export function categoryName(
  view: CatalogView,
  path: string,
  language: CatalogLanguage,
  attributes: Readonly<Record<string, string>> = {},
): string | null {
  const category = view.category(path);
  if (!category) return null;
  const full = view.names(category, language).full;
  const kind = view.kindAttribute(path);
  const value = kind ? attributes[kind.key]?.trim() : undefined;
  if (!kind || !value || !kind.options?.some((o) => o.value === value)) return full;
  return `${full} › ${view.valueLabel(path, kind.key, value, language)}`;
}

function recentRows(catalog: PickerCatalog, recent: readonly string[], language: CatalogLanguage) {
  return recentPaths(recent, catalog.view).map((path): PickerRow => {
    const category = catalog.view.category(path);
    const names = category ? catalog.view.names(category, language) : null;
    return {
      type: 'pick',
      path,
      label: names?.sub ?? path,
      detail: names ? (names.sub === names.main ? '' : names.main) : path,
      group: 'recent',
    };
  });
}

function treeRows(catalog: PickerCatalog, level: PickerLevel, language: CatalogLanguage, words: PickerWords) {
  const { view } = catalog;
  if (level.at === 'top')
    return view.tree().map(({ segment, categories }): PickerRow => ({
      type: 'open',
      level: { at: 'main', segment },
      label: view.mainName(segment, language),
      detail: String(categories.length),
      group: 'tree',
    }));
  if (level.at === 'main') {
    const branch = view.tree().find((b) => b.segment === level.segment);
    const rows: PickerRow[] = [{ type: 'up', level: { at: 'top' }, label: words.up(null), group: 'tree' }];
    for (const category of branch?.categories ?? []) {
      const names = view.names(category, language);
      const kinds = view.kindAttribute(category.path)?.options ?? [];
      rows.push(
        kinds.length > 0
          ? {
              type: 'open',
              level: { at: 'sub', path: category.path },
              label: names.sub,
              detail: String(kinds.length),
              group: 'tree',
            }
          : { type: 'pick', path: category.path, label: names.sub, detail: '', group: 'tree' },
      );
    }
    return rows;
  }
  const category = view.category(level.path);
  if (!category) return [];
  const names = view.names(category, language);
  const segment = level.path.split('/')[0] ?? level.path;
  const kind = view.kindAttribute(level.path);
  const rows: PickerRow[] = [
    { type: 'up', level: { at: 'main', segment }, label: words.up(names.main), group: 'tree' },
    { type: 'pick', path: level.path, label: words.whole(names.sub), detail: '', group: 'tree' },
  ];
  for (const option of kind?.options ?? [])
    rows.push({
      type: 'pick',
      path: level.path,
      kind: { key: kind!.key, value: option.value },
      label: view.valueLabel(level.path, kind!.key, option.value, language),
      detail: names.sub,
      group: 'tree',
    });
  return rows;
}

/**
 * The rows to show: search hits while words are typed; else the recent categories (at the top of
 * the tree only) and the level of the tree the seller is at.
 */
export function pickerRows(
  catalog: PickerCatalog,
  input: {
    query: string;
    level: PickerLevel;
    recent: readonly string[];
    language: CatalogLanguage;
    words: PickerWords;
  },
): PickerRow[] {
  const query = input.query.trim();
  if (query !== '')
    return hitRows(catalog.search.search(query, { language: input.language, limit: HITS_SHOWN }));
  const tree = treeRows(catalog, input.level, input.language, input.words);
  return input.level.at === 'top' ? [...recentRows(catalog, input.recent, input.language), ...tree] : tree;
}

/** The search's hits as rows (from the window's index or main's, catalog:search). */
export function hitRows(hits: readonly CatalogHit[]): PickerRow[] {
  return hits.map((hit): PickerRow => ({
    type: 'pick',
    path: hit.path,
    ...(hit.kind && { kind: hit.kind }),
    label: hit.label,
    detail: hit.detail,
    group: 'results',
  }));
}

/** The level above (← in the tree); null at the top. */
export function levelUp(level: PickerLevel): PickerLevel | null {
  if (level.at === 'top') return null;
  if (level.at === 'main') return { at: 'top' };
  return { at: 'main', segment: level.path.split('/')[0] ?? level.path };
}

/** The attribute rows with `key` set to `value`: the row of that name (trimmed) replaced, else one added. */
export function rowsWithAttribute<Row extends { key: string; value: string }>(
  rows: readonly Row[],
  key: string,
  value: string,
  newRow: (key: string, value: string) => Row,
): Row[] {
  const at = rows.findIndex((row) => row.key.trim() === key);
  if (at < 0) return [...rows, newRow(key, value)];
  return rows.map((row, index) => (index === at ? { ...row, key, value } : row));
}

/**
 * The attribute rows after a category is picked: the kind it brings set (`art` = `lego_duplo`), and
 * the kind of the category it replaces let go, when the row still holds one of that category's
 * kinds (a Kinderwagen keeps no `art` = `pumps`). Rows the seller typed otherwise stay.
 */
export function rowsAfterPick<Row extends { key: string; value: string }>(
  rows: readonly Row[],
  change: { view: CatalogView | undefined; from: string; path: string; kind?: PickedKind },
  newRow: (key: string, value: string) => Row,
): Row[] {
  const { view, from, path, kind } = change;
  const old = view && from.trim() !== path.trim() ? view.kindAttribute(from.trim()) : undefined;
  const stale = (row: Row) =>
    old !== undefined &&
    row.key.trim() === old.key &&
    kind?.key !== old.key &&
    (old.options ?? []).some((option) => option.value === row.value.trim());
  const kept = rows.filter((row) => !stale(row));
  return kind ? rowsWithAttribute(kept, kind.key, kind.value, newRow) : kept;
}
