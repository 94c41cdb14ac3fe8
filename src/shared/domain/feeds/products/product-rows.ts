// A recognized feed's items as the rows a run plans (issue 35.2, 35.3): each item (or each group of
// variants) becomes one FeedRow as a mapped table's row would: its reference, title, plain-text
// description, the price in force now, its stock, its photos in order, its category cell (read
// through the shop's mappings by the planner) and its condition as an attribute cell. Brand, colour,
// size and material become attribute cells or lines of the description, as the feed says; gtin and
// mpn are always lines of the description. The plan's sample says what each field of the file's
// first item (or group) became.
import type { DraftLanguage } from '../../drafts';
import type { AttributeCell } from '../../catalog';
import { rowAttributes, type ImportProblem, type RowFields } from '../../tables';
import type { FeedRow } from '../feed-rows';
import { DESCRIPTION_LIMIT, cutText, descriptionCut, htmlToPlainText } from './plain-text';
import {
  MAX_ADDITIONAL_IMAGES,
  type FeedSampleField,
  type ProductFormat,
  type ProductItem,
} from './product-item';
import { sampleFields, type Became } from './product-sample';
import { activePrice, productStock, type ActivePrice, type ProductStock } from './product-values';
import { distinctValues, sharedValue, titleWithoutVariant, type ItemUnit } from './variants';

export interface ProductRowsOptions {
  format: ProductFormat;
  /** One ad per group of variants (absent: group), or one per variant. */
  variants?: 'group' | 'each' | undefined;
  /** Brand, colour, size, material as attributes (absent) or as lines of the description. */
  productDetails?: 'attributes' | 'description' | undefined;
  /** The moment whose prices count (a sale price counts within its dates). */
  now: Date;
  /** The language of the lines the description gets (absent: German, the marketplace's). */
  language?: DraftLanguage | undefined;
}

export interface ProductRows {
  rows: FeedRow[];
  /** What each field of the file's first item (or first group) became; empty for an empty file. */
  sample: FeedSampleField[];
}

/** The details a product may carry besides its main fields, in the order the description lists them. */
const DETAILS = ['brand', 'color', 'size', 'material', 'gtin', 'mpn'] as const;
type Detail = (typeof DETAILS)[number];
/** The details that may become attributes (gtin and mpn always go to the description). */
const ATTRIBUTE_DETAILS: readonly Detail[] = ['brand', 'color', 'size', 'material'];

const LABELS: Record<DraftLanguage, Record<Detail | 'sizes' | 'colors', string>> = {
  de: {
    brand: 'Marke',
    color: 'Farbe',
    size: 'Größe',
    material: 'Material',
    gtin: 'GTIN/EAN',
    mpn: 'Herstellernummer',
    sizes: 'Größen auf Lager',
    colors: 'Farben auf Lager',
  },
  en: {
    brand: 'Brand',
    color: 'Colour',
    size: 'Size',
    material: 'Material',
    gtin: 'GTIN/EAN',
    mpn: 'Manufacturer part number',
    sizes: 'Sizes in stock',
    colors: 'Colours in stock',
  },
};

/** An item read once: its price now, its stock, its description as plain text, its photos. */
interface ItemReading {
  item: ProductItem;
  price: ActivePrice;
  stock: ProductStock;
  body: string;
  photos: string[];
}

function readItem(item: ProductItem, now: Date): ItemReading {
  const photos = [item.imageLink ?? '', ...item.additionalImageLinks]
    .map((url) => url.trim())
    .filter((url, at, all) => url !== '' && all.indexOf(url) === at)
    .slice(0, 1 + MAX_ADDITIONAL_IMAGES);
  return {
    item,
    price: activePrice(item, now),
    stock: productStock(item),
    body: item.description === undefined ? '' : htmlToPlainText(item.description),
    photos,
  };
}

/** A title on one line; entities decoded where the shop wrote some. */
function oneLine(title: string | undefined): string {
  const text = title ?? '';
  const plain = /&(?:#\d+|#x[\da-f]+|[a-z]+\d*);|<[a-z/]/i.test(text) ? htmlToPlainText(text) : text;
  return plain.replace(/\s+/g, ' ').trim();
}

/** What a unit's row is made of before its fields are put together. */
interface RowParts {
  index: number;
  reference: string | null;
  title: string;
  body: string;
  lines: string[];
  amount?: number | undefined;
  stock: ProductStock;
  photos: string[];
  cells: AttributeCell[];
  problems: ImportProblem[];
  category?: string | undefined;
}

/** The category cell: the shop's own path, else Google's category as written (an id as its number). */
function categoryOf(item: ProductItem): string | undefined {
  const own = item.productType?.trim() ?? '';
  if (own !== '') return own;
  const google = item.googleProductCategory?.trim() ?? '';
  return google === '' ? undefined : google;
}

function toRow(parts: RowParts): FeedRow {
  const problems = [...parts.problems];
  if (parts.title === '') problems.unshift({ code: 'missing-title', severity: 'error', field: 'title' });
  const details = parts.lines.join('\n');
  let description = [parts.body, details].filter((text) => text !== '').join('\n\n');
  if (description.length > DESCRIPTION_LIMIT) {
    // The details are kept whole; the shop's text gives way.
    const room = DESCRIPTION_LIMIT - (details === '' ? 0 : details.length + 2);
    const body = room > 0 ? cutText(parts.body, room) : '';
    description = cutText([body, details].filter((text) => text !== '').join('\n\n'), DESCRIPTION_LIMIT);
    problems.push(descriptionCut());
  }
  const { attributes } = rowAttributes(parts.cells, undefined, undefined);
  const fields: RowFields = {
    ...(parts.title !== '' && { title: parts.title }),
    ...(description !== '' && { description }),
    ...(parts.amount !== undefined && { price: { amount: parts.amount } }),
    ...(parts.reference !== null && { customReference: parts.reference }),
    ...(Object.keys(attributes).length > 0 && { attributes }),
  };
  return {
    index: parts.index,
    reference: parts.reference,
    stock: parts.stock.stock,
    ...(parts.stock.stockText !== undefined && { stockText: parts.stock.stockText }),
    fields,
    photoNames: parts.photos,
    problems,
    ...(parts.category !== undefined && { categoryCell: parts.category }),
    ...(parts.cells.length > 0 && { attributeCells: parts.cells }),
  };
}

/** Detail values as attribute cells and description lines, as the feed's setting says. */
function placeDetails(
  values: Partial<Record<Detail, string>>,
  asAttributes: boolean,
  language: DraftLanguage,
  became: Became,
): { cells: AttributeCell[]; lines: string[] } {
  const cells: AttributeCell[] = [];
  const lines: string[] = [];
  for (const detail of DETAILS) {
    const value = values[detail]?.trim() ?? '';
    if (value === '') continue;
    if (asAttributes && ATTRIBUTE_DETAILS.includes(detail)) {
      cells.push({ header: detail, text: value });
      became[detail] = { became: `attribute:${detail}`, value };
    } else {
      lines.push(`${LABELS[language][detail]}: ${value}`);
      became[detail] = { became: 'description', value };
    }
  }
  return { cells, lines };
}

function conditionCell(item: ProductItem, became: Became): AttributeCell[] {
  const condition = item.condition?.trim() ?? '';
  if (condition === '') return [];
  became.condition = { became: 'attribute:condition', value: condition };
  return [{ header: 'condition', text: condition }];
}

export interface UnitRow {
  row: FeedRow;
  /** The item whose fields the row shows (a group's first in-stock variant). */
  shown: ItemReading;
  became: Became;
}

function itemRow(read: ItemReading, options: ProductRowsOptions, language: DraftLanguage): UnitRow {
  const { item } = read;
  const became: Became = {};
  const details = placeDetails(item, options.productDetails !== 'description', language, became);
  const reference = item.id.trim() === '' ? null : item.id.trim();
  const row = toRow({
    index: item.index,
    reference,
    title: oneLine(item.title),
    body: read.body,
    lines: details.lines,
    amount: read.price.amount,
    stock: read.stock,
    photos: read.photos,
    cells: [...conditionCell(item, became), ...details.cells],
    problems: read.price.problems,
    category: categoryOf(item),
  });
  became.id = { became: 'reference', value: reference ?? '' };
  return { row, shown: read, became };
}

function groupRow(
  groupId: string,
  variants: ItemReading[],
  options: ProductRowsOptions,
  language: DraftLanguage,
): UnitRow {
  const inStock = variants.filter((v) => v.stock.stock === 'in');
  const considered = inStock.length > 0 ? inStock : variants;
  const shown = considered[0]!;
  const { item } = shown;
  const became: Became = {};
  // Colour and size shared by the variants counted are the ad's own; others are listed in stock.
  const shared: Partial<Record<Detail, string>> = {};
  for (const detail of DETAILS) {
    const value = sharedValue(considered.map((v) => v.item[detail]));
    if (value !== undefined) shared[detail] = value;
  }
  const asAttributes = options.productDetails !== 'description';
  const listed: Partial<Record<Detail, string>> = asAttributes
    ? shared
    : { ...shared, color: undefined, size: undefined };
  const details = placeDetails(listed, asAttributes, language, became);
  const stockLines: string[] = [];
  for (const [detail, label] of [
    ['size', 'sizes'],
    ['color', 'colors'],
  ] as const) {
    const values = distinctValues(inStock.map((v) => v.item[detail]));
    if (values.length === 0) continue;
    stockLines.push(`${LABELS[language][label]}: ${values.join(', ')}`);
    became[detail] ??= { became: 'description', value: values.join(', ') };
  }
  const amounts = considered.flatMap((v) => (v.price.amount === undefined ? [] : [v.price.amount]));
  const currencies = new Map<string, ImportProblem>();
  for (const v of variants)
    for (const problem of v.price.problems)
      if (problem.code === 'currency-refused') currencies.set(problem.value ?? '', problem);
  // A price one variant cannot give does not refuse the group while another gives one.
  const problems =
    amounts.length > 0
      ? [...currencies.values()]
      : [...shown.price.problems.filter((p) => p.code !== 'currency-refused'), ...currencies.values()];
  const stock: ProductStock = {
    ...shown.stock,
    stock: inStock.length > 0 ? 'in' : variants.some((v) => v.stock.stock === 'unknown') ? 'unknown' : 'out',
  };
  const row = toRow({
    index: variants[0]!.item.index,
    reference: groupId,
    title: titleWithoutVariant(oneLine(item.title), [item.size, item.color]),
    body: shown.body,
    lines: [...stockLines, ...details.lines],
    amount: amounts.length > 0 ? Math.min(...amounts) : undefined,
    stock,
    photos: shown.photos,
    cells: [...conditionCell(item, became), ...details.cells],
    problems,
    category: categoryOf(item),
  });
  became.itemGroupId = { became: 'reference', value: groupId };
  return { row, shown, became };
}

/** The row of one unit (an item, or the variants of one group), and what its fields became. */
export function unitRow(unit: ItemUnit, options: ProductRowsOptions): UnitRow {
  const language = options.language ?? 'de';
  const read = (item: ProductItem) => readItem(item, options.now);
  return unit.kind === 'item'
    ? itemRow(read(unit.item), options, language)
    : groupRow(unit.groupId, unit.variants.map(read), options, language);
}

/** What each field of a feed's first unit became, for the plan's sample. */
export function unitSample(format: ProductFormat, first: UnitRow): FeedSampleField[] {
  return sampleFields(format, first.shown.item, first.row, first.became, {
    sale: first.shown.price.sale,
    stockFrom: first.shown.stock.from,
  });
}
