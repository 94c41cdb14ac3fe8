// A table recognized by its header (issue 35.1): Google's tab-separated product data, and the
// idealo and billiger.de CSV files as Shopware 6 writes them. Recognized by the names their own
// specifications give the columns, whatever the file is called; a shop that edited its template
// and kept the names is read alike. Anything else is a table mapped by the import's mapping.
import type { ProductFormat } from './product-item';

/** A header cell as compared: lower case, without a `g:` prefix, quotes or outer spaces. */
export function productColumnKey(cell: string): string {
  return cell
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim()
    .toLowerCase()
    .replace(/^g:/, '')
    .replace(/\s+/g, '_');
}

// Each format: columns that must all be there, and columns of which at least `some` must be.
const SIGNS: { format: ProductFormat; all: string[]; any: string[]; some: number }[] = [
  {
    format: 'google-tsv',
    all: ['id', 'title'],
    any: ['price', 'availability', 'image_link', 'link', 'condition', 'item_group_id', 'gtin'],
    some: 2,
  },
  {
    format: 'idealo-csv',
    all: ['sku', 'title'],
    any: ['categorypath', 'delivery', 'imageurls', 'deliverycosts', 'eans', 'hans', 'baseprice', 'url'],
    some: 2,
  },
  {
    format: 'billiger-csv',
    all: ['aid', 'name'],
    any: ['shop_cat', 'dlv_time', 'dlv_cost', 'image', 'images', 'mpnr', 'ean', 'desc', 'link', 'ppu'],
    some: 2,
  },
];

/** The product format a table's header names, or null for any other table. */
export function recognizeTable(header: readonly string[]): ProductFormat | null {
  const keys = new Set(header.map(productColumnKey));
  for (const sign of SIGNS) {
    if (!sign.all.every((name) => keys.has(name))) continue;
    if (sign.any.filter((name) => keys.has(name)).length >= sign.some) return sign.format;
  }
  return null;
}

// An XML document's start (after a byte order mark and blanks): a product feed, or XML to refuse in its words.
const XML_START = /^\uFEFF?\s*<(\?xml|rss[\s>]|feed[\s>])/;

/** Whether the first bytes of a file, as text, start an XML document (a feed read by its content). */
export function startsAsXmlText(head: string): boolean {
  return XML_START.test(head);
}

/**
 * The product format an XML document's first bytes name by its root element (`rss`: Google's RSS
 * 2.0, `feed`: Atom), or null for anything else; the feed's reader checks the rest.
 */
export function xmlFeedFormat(head: string): Extract<ProductFormat, 'google-rss' | 'google-atom'> | null {
  if (!startsAsXmlText(head)) return null;
  const root = /<(?![?!])([A-Za-z_][\w.:-]*)/.exec(head.replace(/<!--[\s\S]*?-->/g, ''))?.[1];
  return root === 'rss' ? 'google-rss' : root === 'feed' ? 'google-atom' : null;
}
