// A row's category and attribute columns read through the shop's category mappings (issue 34.2,
// 34.3): a catalog path (or one the service took) is taken as it is; a mapped shop category gives
// the mapping's path and default attributes; an unmapped one is left out (the draft then needs a
// category) unless the seller keeps categories as typed. In a row whose category is a catalog path,
// attribute columns go to the category's attributes and their values to its options.
import { mapAttributeCells, readCategoryCell, type AttributeCell, type CategoryContext } from '../catalog';
import type { ImportProblem } from './import';
import { attributeKey } from './import-mapping';

/** What a row's category cell and attribute columns are read against. */
export interface RowCategoryOptions {
  /** The catalog, the mappings and what the service took for the account; the condition words. */
  context: CategoryContext & { conditionWords: Readonly<Record<string, string>> };
  /** Keep a shop category no mapping serves as typed (else the row goes without a category). */
  keepTyped?: boolean | undefined;
}

/** How a row's category cell was read. */
export interface RowCategory {
  /** The draft's category; undefined when the row gets none. */
  category?: string;
  /** The catalog path attribute columns are read against (taken or mapped), else null. */
  catalogPath: string | null;
  /** The mapping's default attributes (the row's own columns win). */
  defaults: Record<string, string>;
  /** The shop category as named when no mapping serves it (listed once in the preview). */
  unmapped?: string;
  problems: ImportProblem[];
}

/** A category as typed, as a draft holds it: "Elektronik > Notebooks" becomes "Elektronik/Notebooks". */
export function categoryOf(raw: string): { category: string; numeric: boolean } {
  const parts = raw
    .split(/\s*[>/]\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return { category: parts.join('/'), numeric: parts.length > 0 && parts.every((p) => /^\d+$/.test(p)) };
}

/** The category as typed, with the warning numeric ids get (the app's reading before mappings). */
function typed(text: string, extra: Partial<RowCategory> = {}): RowCategory {
  const { category, numeric } = categoryOf(text);
  const problems: ImportProblem[] = numeric
    ? [{ code: 'category-numeric', severity: 'warning', field: 'category', value: text }]
    : [];
  return { category, catalogPath: null, defaults: {}, problems, ...extra };
}

/**
 * Reads a row's category cell (not empty). Without options, as the app did before mappings: the
 * category as typed. One function for the preview and the run, and for tables and ad files alike.
 */
export function readRowCategory(text: string, options: RowCategoryOptions | undefined): RowCategory {
  if (options === undefined) return typed(text);
  const reading = readCategoryCell(text, options.context);
  // Attribute columns are read against the catalog's own paths (a known-good one has no attributes there).
  const inCatalog = (path: string) => (options.context.view.known(path) ? path : null);
  if (reading.kind === 'catalog')
    return { category: reading.path, catalogPath: inCatalog(reading.path), defaults: {}, problems: [] };
  if (reading.kind === 'mapped')
    return {
      category: reading.path,
      catalogPath: inCatalog(reading.path),
      defaults: reading.attributes,
      problems: [],
    };
  if (options.keepTyped === true) return typed(text, { unmapped: reading.shopCategory });
  return {
    catalogPath: null,
    defaults: {},
    unmapped: reading.shopCategory,
    problems: [
      { code: 'category-unmapped', severity: 'warning', field: 'category', value: reading.shopCategory },
    ],
  };
}

/** One attribute column of a row: its header and its cell's text. */
export type RowAttributeCell = AttributeCell;

/**
 * A row's attributes from its attribute columns. A header with an attribute prefix (`attribute:art`,
 * as the app's export writes it) names the key itself. Others, in a row whose category is a catalog
 * path, go to the attribute the header names and their values to its options (a value matching none
 * is kept and named; a column naming no attribute is left out and named); elsewhere the header is the key.
 */
export function rowAttributes(
  cells: readonly RowAttributeCell[],
  category: RowCategory | undefined,
  options: RowCategoryOptions | undefined,
): { attributes: Record<string, string>; problems: ImportProblem[] } {
  const prefixed: Record<string, string> = {};
  const named: RowAttributeCell[] = [];
  for (const cell of cells) {
    const key = attributeKey(cell.header);
    if (key === '' || cell.text === '') continue;
    if (key !== cell.header.trim()) prefixed[key] = cell.text;
    else named.push(cell);
  }
  const path = category?.catalogPath ?? null;
  if (options === undefined || path === null) {
    const attributes: Record<string, string> = { ...category?.defaults };
    for (const cell of named) attributes[attributeKey(cell.header)] = cell.text;
    return { attributes: { ...attributes, ...prefixed }, problems: [] };
  }
  const { context } = options;
  const mapped = mapAttributeCells(
    context.view,
    path,
    named,
    category?.defaults ?? {},
    context.conditionWords,
  );
  const problems: ImportProblem[] = [
    ...mapped.unknownValues.map(({ header, value }): ImportProblem => ({
      code: 'attribute-value-unknown',
      severity: 'warning',
      field: 'attribute',
      value,
      names: [header],
    })),
    ...mapped.unknownColumns.map(({ header, value }): ImportProblem => ({
      code: 'attribute-column-unknown',
      severity: 'warning',
      field: 'attribute',
      value,
      names: [header],
    })),
  ];
  return { attributes: { ...mapped.attributes, ...prefixed }, problems };
}
