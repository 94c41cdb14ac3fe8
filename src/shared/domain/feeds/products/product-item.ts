// A shop's product export in a format the app recognizes by its content (issue 35.1): Google
// Merchant Center product data (RSS 2.0 or Atom XML with the `g:` namespace, or tab-separated text)
// and the idealo and billiger.de CSV files as Shopware 6 writes them. Each item is read into the
// fields below, as written (no meaning yet); products/*.ts turn items into a feed's rows.

/** The formats read without a column mapping. */
export const productFormats = [
  'google-rss',
  'google-atom',
  'google-tsv',
  'idealo-csv',
  'billiger-csv',
] as const;
export type ProductFormat = (typeof productFormats)[number];

/** What a feed's source was read as: a recognized format, or a table mapped by its header. */
export type FeedFormat = ProductFormat | 'csv' | 'xlsx';

/** Google's namespace for product data in XML feeds. */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** Google allows up to ten additional images per item. */
export const MAX_ADDITIONAL_IMAGES = 10;

/** One product (or variant) of a recognized feed, each field as the file writes it (trimmed). */
export interface ProductItem {
  /** 1-based position of the item in the file (a CSV's data row, an XML's n-th item or entry). */
  index: number;
  /** `g:id`, `sku`, `aid`: the shop's reference ('' when the item has none). */
  id: string;
  title?: string;
  /** As written: often HTML. */
  description?: string;
  link?: string;
  /** As written: `1249.00 EUR`, `1.249,00 €`, `1249,00`. */
  price?: string;
  /** A currency given in a column of its own (idealo, billiger.de), else inside the price. */
  currency?: string;
  salePrice?: string;
  /** ISO 8601 interval `start/end` (Google's `sale_price_effective_date`). */
  salePriceEffectiveDate?: string;
  /** Google's word: in_stock, out_of_stock, preorder, backorder (or the older `in stock`). */
  availability?: string;
  /** A delivery text (idealo's `delivery`, billiger.de's `dlv_time`): "sofort lieferbar", "nicht lieferbar". */
  delivery?: string;
  /** A stock quantity column. */
  quantity?: string;
  condition?: string;
  /** The shop's own category path (`product_type`, `categoryPath`, `category`). */
  productType?: string;
  /** Google's taxonomy: an id (a number) or a path. */
  googleProductCategory?: string;
  imageLink?: string;
  /** In order; at most MAX_ADDITIONAL_IMAGES. */
  additionalImageLinks: string[];
  brand?: string;
  color?: string;
  size?: string;
  material?: string;
  gtin?: string;
  mpn?: string;
  itemGroupId?: string;
}

/** The fields an item may carry, for listing what a sample item became (issue 35.6). */
export type ProductField = Exclude<keyof ProductItem, 'index'>;

/** One field of a sample item and what it became (the plan shows it before the first run). */
export interface FeedSampleField {
  /** The field as the format names it (`g:price`, `delivery`, `image_link`). */
  field: string;
  /** As the file writes it (shortened for showing). */
  written: string;
  /**
   * What of the ad it became: a draft field ('title', 'description', 'price', 'category',
   * 'photos', 'reference'), 'stock', 'attribute:<key>', or 'left-out'.
   */
  became: string;
  /** The value it became, as text ('' when left out). */
  value: string;
}
