// A recognized product table read into items (issue 35.1): Google's tab-separated product data
// (its attribute names, with or without a `g:` prefix), and the idealo and billiger.de CSV files as
// Shopware 6 writes them. Columns are found by their names, in any order; each field is taken as
// written (trimmed). What the fields mean is read later (product-values.ts, product-rows.ts).
import { cellText, isEmptyRow, photoNamesOf, type TableCell } from '../../tables';
import { MAX_ADDITIONAL_IMAGES, type ProductFormat, type ProductItem } from './product-item';
import { productColumnKey } from './recognize';

/** The formats that come as a table. */
export type TableProductFormat = Exclude<ProductFormat, 'google-rss' | 'google-atom'>;

/** The text fields of an item, and where a table's image columns go. */
type TextField = Exclude<keyof ProductItem, 'index' | 'additionalImageLinks'>;
type Slot =
  | TextField
  /** Google's `additional_image_link`: URLs separated by commas (a comma in a URL is `%2C`). */
  | 'additionalImages'
  /** idealo's `imageUrls`, billiger.de's `images`: the first is the main photo where none is given. */
  | 'imageList';

// Columns every format may carry besides its own (a shop that added them to its template).
const COMMON: Record<string, Slot> = {
  currency: 'currency',
  waehrung: 'currency',
  quantity: 'quantity',
  stock: 'quantity',
  stock_quantity: 'quantity',
  qty: 'quantity',
  bestand: 'quantity',
  lagerbestand: 'quantity',
  condition: 'condition',
  zustand: 'condition',
  color: 'color',
  colour: 'color',
  farbe: 'color',
  size: 'size',
  groesse: 'size',
  material: 'material',
  item_group_id: 'itemGroupId',
  availability: 'availability',
  google_product_category: 'googleProductCategory',
};

const COLUMNS: Record<TableProductFormat, Record<string, Slot>> = {
  'google-tsv': {
    id: 'id',
    title: 'title',
    description: 'description',
    link: 'link',
    price: 'price',
    sale_price: 'salePrice',
    sale_price_effective_date: 'salePriceEffectiveDate',
    availability: 'availability',
    product_type: 'productType',
    image_link: 'imageLink',
    additional_image_link: 'additionalImages',
    brand: 'brand',
    gtin: 'gtin',
    mpn: 'mpn',
  },
  'idealo-csv': {
    sku: 'id',
    title: 'title',
    description: 'description',
    url: 'link',
    price: 'price',
    categorypath: 'productType',
    brand: 'brand',
    eans: 'gtin',
    ean: 'gtin',
    hans: 'mpn',
    han: 'mpn',
    delivery: 'delivery',
    deliverytime: 'delivery',
    imageurls: 'imageList',
    imageurl: 'imageList',
  },
  'billiger-csv': {
    aid: 'id',
    name: 'title',
    desc: 'description',
    link: 'link',
    target_url: 'link',
    price: 'price',
    shop_cat: 'productType',
    brand: 'brand',
    ean: 'gtin',
    mpnr: 'mpn',
    dlv_time: 'delivery',
    image: 'imageLink',
    images: 'imageList',
  },
};

/** The slot of each column of the header (null: a column the format does not read). */
export function tableSlots(format: TableProductFormat, header: readonly string[]): (Slot | null)[] {
  const own = COLUMNS[format];
  return header.map((cell) => {
    const key = productColumnKey(cell);
    const letters = key.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
    return own[key] ?? COMMON[letters] ?? null;
  });
}

/** URLs of Google's `additional_image_link`: split at commas only (`%2C` inside a URL stays in it). */
export function additionalImagesOf(text: string): string[] {
  return text
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/**
 * The items of a recognized table: one per data row that holds anything, `index` its data row
 * (header not counted). Of two columns for one field the first that holds a value wins; the main
 * photo comes first, the others after it in order, each once, at most ten besides the main one.
 */
export function tableItems(
  format: TableProductFormat,
  header: readonly string[],
  rows: readonly (readonly TableCell[])[],
): ProductItem[] {
  const slots = tableSlots(format, header);
  const items: ProductItem[] = [];
  rows.forEach((row, i) => {
    if (isEmptyRow(row)) return;
    const fields: Partial<Record<TextField, string>> = {};
    const images: string[] = [];
    const listed: string[] = [];
    slots.forEach((slot, column) => {
      if (slot === null) return;
      const text = cellText(row[column]);
      if (text === '') return;
      if (slot === 'additionalImages') images.push(...additionalImagesOf(text));
      else if (slot === 'imageList') listed.push(...photoNamesOf(text));
      else if (fields[slot] === undefined) fields[slot] = text;
    });
    const main = fields.imageLink ?? listed[0];
    const others = [...images, ...listed].filter((url, at, all) => url !== main && all.indexOf(url) === at);
    const { id, imageLink: _main, ...rest } = fields;
    items.push({
      index: i + 1,
      id: id ?? '',
      ...rest,
      ...(main !== undefined && { imageLink: main }),
      additionalImageLinks: others.slice(0, MAX_ADDITIONAL_IMAGES),
    });
  });
  return items;
}
