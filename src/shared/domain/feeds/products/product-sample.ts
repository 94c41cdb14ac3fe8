// The sample a plan shows before the first run (issue 35.6): each field of the file's first item (or
// of the variant its group's ad shows) as the format names it, as written, and what of the ad it
// became, so a seller sees how the shop's export is read before any ad is made from it.
import type { FeedRow } from '../feed-rows';
import type { FeedSampleField, ProductField, ProductFormat, ProductItem } from './product-item';

/** What a field became, where product-rows.ts decided it (the rest is read off the row). */
export type Became = Partial<Record<ProductField, { became: string; value: string }>>;

/** The longest text a sample shows of a field. */
export const SAMPLE_TEXT = 120;

const shorten = (text: string) =>
  text.length > SAMPLE_TEXT ? `${text.slice(0, SAMPLE_TEXT - 1).trimEnd()}…` : text;

/** The fields in the order a sample lists them. */
const ORDER: ProductField[] = [
  'id',
  'itemGroupId',
  'title',
  'description',
  'link',
  'price',
  'currency',
  'salePrice',
  'salePriceEffectiveDate',
  'quantity',
  'availability',
  'delivery',
  'condition',
  'productType',
  'googleProductCategory',
  'imageLink',
  'additionalImageLinks',
  'brand',
  'color',
  'size',
  'material',
  'gtin',
  'mpn',
];

// Google's names, as its attributes are spelled in each format.
const GOOGLE: Record<ProductField, string> = {
  id: 'id',
  itemGroupId: 'item_group_id',
  title: 'title',
  description: 'description',
  link: 'link',
  price: 'price',
  currency: 'currency',
  salePrice: 'sale_price',
  salePriceEffectiveDate: 'sale_price_effective_date',
  quantity: 'quantity',
  availability: 'availability',
  delivery: 'delivery',
  condition: 'condition',
  productType: 'product_type',
  googleProductCategory: 'google_product_category',
  imageLink: 'image_link',
  additionalImageLinks: 'additional_image_link',
  brand: 'brand',
  color: 'color',
  size: 'size',
  material: 'material',
  gtin: 'gtin',
  mpn: 'mpn',
};

// RSS and Atom write Google's attributes with the `g:` prefix; title, link and description are the
// envelope's own elements (Atom's description is its `summary`).
const xmlName = (field: ProductField, atom: boolean): string => {
  if (field === 'title' || field === 'link') return field;
  if (field === 'description') return atom ? 'summary' : 'description';
  return `g:${GOOGLE[field]}`;
};

const IDEALO: Partial<Record<ProductField, string>> = {
  id: 'sku',
  description: 'description',
  link: 'url',
  productType: 'categoryPath',
  gtin: 'eans',
  mpn: 'hans',
  imageLink: 'imageUrls',
  additionalImageLinks: 'imageUrls',
};

const BILLIGER: Partial<Record<ProductField, string>> = {
  id: 'aid',
  title: 'name',
  description: 'desc',
  link: 'link',
  productType: 'shop_cat',
  gtin: 'ean',
  mpn: 'mpnr',
  delivery: 'dlv_time',
  imageLink: 'image',
  additionalImageLinks: 'images',
};

/** A field's name as the format writes it. */
export function productFieldName(format: ProductFormat, field: ProductField): string {
  switch (format) {
    case 'google-rss':
      return xmlName(field, false);
    case 'google-atom':
      return xmlName(field, true);
    case 'google-tsv':
      return GOOGLE[field];
    case 'idealo-csv':
      return IDEALO[field] ?? GOOGLE[field];
    case 'billiger-csv':
      return BILLIGER[field] ?? GOOGLE[field];
  }
}

/** How the row's price was reached, its stock read. */
export interface SampleFacts {
  /** The sale price is the one asked now. */
  sale: boolean;
  /** The field whose text gave the stock. */
  stockFrom?: 'quantity' | 'availability' | 'delivery' | undefined;
}

/** What a field became, read off the row where product-rows.ts did not say. */
function becameOf(
  field: ProductField,
  row: FeedRow,
  became: Became,
  facts: SampleFacts,
): { became: string; value: string } {
  const said = became[field];
  if (said !== undefined) return said;
  const price = row.fields.price?.amount;
  const priceValue = typeof price === 'number' ? price.toFixed(2) : '';
  const leftOut = { became: 'left-out', value: '' };
  switch (field) {
    case 'title':
      return row.fields.title ? { became: 'title', value: row.fields.title } : leftOut;
    case 'description':
      return row.fields.description
        ? { became: 'description', value: shorten(row.fields.description) }
        : leftOut;
    case 'price':
      return !facts.sale && priceValue !== '' ? { became: 'price', value: priceValue } : leftOut;
    case 'salePrice':
    case 'salePriceEffectiveDate':
      return facts.sale && priceValue !== '' ? { became: 'price', value: priceValue } : leftOut;
    case 'currency':
      return priceValue !== '' ? { became: 'price', value: 'EUR' } : leftOut;
    case 'quantity':
    case 'availability':
    case 'delivery':
      return facts.stockFrom === field ? { became: 'stock', value: row.stock } : leftOut;
    case 'productType':
    case 'googleProductCategory':
      return row.categoryCell !== undefined ? { became: 'category', value: row.categoryCell } : leftOut;
    case 'imageLink':
    case 'additionalImageLinks':
      return row.photoNames.length > 0 ? { became: 'photos', value: row.photoNames.join(', ') } : leftOut;
    default:
      return leftOut;
  }
}

/**
 * The sample: each field the item gives, as the format names it and writes it, and what it became
 * in `row`. Fields one column holds together (idealo's `imageUrls`) are listed once.
 */
export function sampleFields(
  format: ProductFormat,
  item: ProductItem,
  row: FeedRow,
  became: Became,
  facts: SampleFacts,
): FeedSampleField[] {
  const fields: FeedSampleField[] = [];
  // The category cell is the shop's path when there is one; Google's category is then left out.
  const own = (item.productType?.trim() ?? '') !== '';
  for (const field of ORDER) {
    const value = item[field];
    const written = Array.isArray(value) ? value.join(', ') : (value ?? '').trim();
    if (written === '') continue;
    const name = productFieldName(format, field);
    const listed = fields.find((f) => f.field === name);
    if (listed) {
      listed.written = shorten([listed.written, written].join(', '));
      continue;
    }
    const result =
      field === 'googleProductCategory' && own
        ? { became: 'left-out', value: '' }
        : becameOf(field, row, became, facts);
    fields.push({ field: name, written: shorten(written), ...result });
  }
  return fields;
}
