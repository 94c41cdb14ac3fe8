// A feed's table read into rows (issue 25.1): the import's mapping (columns found by their header,
// so a reordered file reads the same), the reference column as the ad's `customReference`, and the
// stock column read as in stock, sold out, or unknown.
import type { AttributeCell } from '../catalog';
import type { ImportMapping, ImportProblem, RowFields } from '../tables';
import { attributeKey, cellText, isEmptyRow, tableRowToDraft, yesNo, type TableCell } from '../tables';

/** A stock cell as read: in stock, sold out (0 or less, or a "no"), or unknown (blank, "n/a"). */
export type StockReading = 'in' | 'out' | 'unknown';

/** One data row of a feed. */
export interface FeedRow {
  /** 1-based data row (header not counted). */
  index: number;
  /** The shop's SKU; null when the cell is blank. */
  reference: string | null;
  stock: StockReading;
  /** The stock cell as written (when the feed has a stock column). */
  stockText?: string;
  fields: RowFields;
  /** Photo names (or URLs) as the row gives them, in order. */
  photoNames: string[];
  problems: ImportProblem[];
  /** The category cell as written (issue 34.3: read through the shop's mappings by the planner). */
  categoryCell?: string;
  /** The attribute columns named in the shop's words (no attribute prefix), each with its cell. */
  attributeCells?: AttributeCell[];
}

/** What of a feed its rows are read by. */
export interface FeedColumns {
  mapping: ImportMapping;
  /** The header the mapping was made for (null: made for this very header). */
  mappedHeader: readonly string[] | null;
  /** Absent: no column is the reference (a feed must name one; the planner says so). */
  referenceColumn?: string | undefined;
  stockColumn?: string | undefined;
}

const norm = (header: string) => header.trim().toLowerCase();

/** The index of the column of this header (case and outer spaces aside), or -1. */
export function columnIndex(header: readonly string[], name: string): number {
  const wanted = norm(name);
  return header.findIndex((cell) => norm(cell) === wanted);
}

// Headers that name a stock column (after lower case, letters only).
const STOCK_WORDS = [
  'bestand',
  'lagerbestand',
  'lager',
  'stock',
  'menge',
  'quantity',
  'qty',
  'inventory',
  'verfuegbar',
  'anzahl',
];

/** The header of the column that looks like the stock, if one does. */
export function guessStockColumn(header: readonly string[]): string | undefined {
  return header.find((cell) =>
    STOCK_WORDS.includes(
      cell
        .toLowerCase()
        .replace(/ü/g, 'ue')
        .replace(/[^a-z]/g, ''),
    ),
  );
}

/**
 * The mapping for `header`: each column takes the target its header had where the mapping was
 * made (so a reordered file maps the same); the reference column maps to the reference, the stock
 * column to nothing.
 */
export function mappingFor(header: readonly string[], columns: FeedColumns): ImportMapping {
  const made = columns.mappedHeader ?? header;
  const byName = new Map<string, ImportMapping[number]>();
  made.forEach((cell, i) => {
    if (!byName.has(norm(cell))) byName.set(norm(cell), columns.mapping[i] ?? null);
  });
  const reference = columns.referenceColumn === undefined ? -1 : columnIndex(header, columns.referenceColumn);
  const stock = columns.stockColumn === undefined ? -1 : columnIndex(header, columns.stockColumn);
  return header.map((cell, i) => {
    if (i === reference) return 'reference';
    if (i === stock) return null;
    const target = byName.get(norm(cell)) ?? null;
    // One reference only: the feed's own column.
    return target === 'reference' ? null : target;
  });
}

/** A stock cell read: numbers with a comma or a point, or the yes/no words sheets use. */
export function readStock(text: string): StockReading {
  const cell = text.trim();
  if (cell === '') return 'unknown';
  const number = /^[+-]?\d+(?:[.,]\d+)?$/.test(cell) ? Number(cell.replace(',', '.')) : NaN;
  if (!Number.isNaN(number)) return number > 0 ? 'in' : 'out';
  const word = yesNo(cell);
  if (word === true) return 'in';
  if (word === false) return 'out';
  const key = stockWordKey(cell);
  if (OUT_WORDS.includes(key)) return 'out';
  if (IN_WORDS.includes(key)) return 'in';
  return 'unknown';
}

// Stock words as compared (see stockWordKey): sold out, and in stock.
const OUT_WORDS = [
  'ausverkauft',
  'soldout',
  'outofstock',
  'nichtvorraetig',
  'nichtverfuegbar',
  'nichtlieferbar',
  'nichtauflager',
  'nichtmehrverfuegbar',
  'vergriffen',
];
const IN_WORDS = ['instock', 'vorraetig', 'lieferbar', 'verfuegbar', 'auflager', 'sofortlieferbar'];

/**
 * A stock word as compared: lower case, umlauts written out ("vorrätig" and "vorraetig" alike, an
 * umlaut typed as a letter and a combining mark too), letters only.
 */
export function stockWordKey(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');
}

/** The rows of a feed's table (blank rows left out, numbered as the sheet numbers them). */
export function readFeedRows(
  header: readonly string[],
  cells: readonly (readonly TableCell[])[],
  columns: FeedColumns,
): FeedRow[] {
  const mapping = mappingFor(header, columns);
  const stockAt = columns.stockColumn === undefined ? -1 : columnIndex(header, columns.stockColumn);
  const categoryAt = mapping.indexOf('category');
  // A header with an attribute prefix names the key itself; any other is in the shop's words.
  const attributeAt = mapping.flatMap((target, i) =>
    target === 'attribute' && attributeKey(header[i] ?? '') === (header[i] ?? '').trim() ? [i] : [],
  );
  const rows: FeedRow[] = [];
  cells.forEach((row, i) => {
    if (isEmptyRow(row)) return;
    const drafted = tableRowToDraft(header, mapping, row);
    const reference = drafted.fields.customReference?.trim() || null;
    const stockText = stockAt >= 0 ? cellText(row[stockAt]) : undefined;
    rows.push({
      index: i + 1,
      reference,
      stock: stockText === undefined ? 'in' : readStock(stockText),
      ...(stockText !== undefined && { stockText }),
      fields: reference === null ? drafted.fields : { ...drafted.fields, customReference: reference },
      photoNames: drafted.photoNames,
      problems: drafted.problems,
      ...(categoryAt >= 0 && { categoryCell: cellText(row[categoryAt]) }),
      ...(attributeAt.length > 0 && {
        attributeCells: attributeAt.map((i) => ({
          header: (header[i] ?? '').trim(),
          text: cellText(row[i]),
        })),
      }),
    });
  });
  return rows;
}
