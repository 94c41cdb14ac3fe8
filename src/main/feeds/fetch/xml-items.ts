// A Google Merchant Center product feed in XML (issue 35.1): RSS 2.0 `<item>`s or Atom `<entry>`s
// whose product data are elements in Google's namespace. Read as a stream with saxes, namespaces
// resolved, so `g:price` is found by its namespace whatever prefix the shop chose; CDATA and
// entities come out as text. XML that is not such a feed is refused in plain words.
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import {
  GOOGLE_NAMESPACE,
  MAX_ADDITIONAL_IMAGES,
  startsAsXmlText,
  type ProductItem,
} from '../../../shared/domain/feeds';

const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

/** Why XML was refused: not well-formed, or not a product feed; `what` says more (in English, as the parser does). */
export class XmlFeedError extends Error {
  constructor(
    readonly reason: 'broken-xml' | 'not-a-product-feed',
    readonly what: string,
  ) {
    super(`${reason}: ${what}`);
    this.name = 'XmlFeedError';
  }
}

export interface XmlItems {
  format: 'google-rss' | 'google-atom';
  items: ProductItem[];
}

type TextField = Exclude<keyof ProductItem, 'index' | 'additionalImageLinks'>;

// Google's element names (local part, in GOOGLE_NAMESPACE) and the item's field each fills.
const GOOGLE_FIELDS: Record<string, TextField> = {
  id: 'id',
  title: 'title',
  description: 'description',
  link: 'link',
  price: 'price',
  sale_price: 'salePrice',
  sale_price_effective_date: 'salePriceEffectiveDate',
  availability: 'availability',
  quantity: 'quantity',
  condition: 'condition',
  product_type: 'productType',
  google_product_category: 'googleProductCategory',
  image_link: 'imageLink',
  brand: 'brand',
  color: 'color',
  size: 'size',
  material: 'material',
  gtin: 'gtin',
  mpn: 'mpn',
  item_group_id: 'itemGroupId',
};

// The feed's own elements (RSS without a namespace, Atom in its own) that stand in for Google's.
const PLAIN_FIELDS: Record<string, TextField> = {
  title: 'title',
  link: 'link',
  description: 'description',
  summary: 'description',
  content: 'description',
};

// HTML's names that shops write into XML as if it were HTML; XML itself knows only five.
const LENIENT_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  euro: '€',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  ndash: '–',
  mdash: '—',
  bdquo: '„',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
};

/**
 * `text` as a string of its own. The parser hands out slices of the chunk it read (which keep the
 * whole chunk alive) and text built piece by piece around entities: a feed of thousands of items
 * would otherwise hold its whole text twice over. Short strings are copies already.
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

interface Capture {
  depth: number;
  field: TextField | 'additional';
  /** Google's element (wins over the feed's own of the same meaning). */
  google: boolean;
  text: string;
}

/** Whether `file` starts as an XML document (a feed to read here, not a table). */
export async function startsAsXml(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return startsAsXmlText(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

/** The encoding the XML declaration names, when it is one of Latin-1's family; else UTF-8. */
function encodingOf(head: Buffer): string {
  const declared = /^(?:\xEF\xBB\xBF)?\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(
    head.toString('latin1'),
  );
  const name = declared?.[1]?.toLowerCase() ?? 'utf-8';
  return ['iso-8859-1', 'iso-8859-15', 'latin1', 'windows-1252', 'cp1252'].includes(name)
    ? 'windows-1252'
    : 'utf-8';
}

/**
 * Reads the product items of a Google RSS 2.0 or Atom feed from `input`. With `onItem`, each item
 * goes there as it is read and none is kept (`items` answers empty); with `only`, an item carries
 * only those fields (the rest is parsed and checked, not kept).
 */
export async function readXmlItems(
  input: Readable | AsyncIterable<Buffer>,
  onItem?: (item: ProductItem) => void,
  only?: ReadonlySet<keyof ProductItem>,
): Promise<XmlItems> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  Object.assign(parser.ENTITIES, LENIENT_ENTITIES);
  let failure: Error | undefined;
  let format: XmlItems['format'] | undefined;
  let rootSeen = false;
  let googleDeclared = false;
  let googleSeen = false;
  const items: ProductItem[] = [];
  let read = 0;
  let item: ProductItem | undefined;
  let googleSet = new Set<TextField>();
  let itemDepth = -1;
  let depth = 0;
  let capture: Capture | undefined;

  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    depth += 1;
    if (!rootSeen) {
      rootSeen = true;
      googleDeclared = Object.values(tag.ns ?? {}).includes(GOOGLE_NAMESPACE);
      if (tag.local === 'rss' && tag.uri === '') format = 'google-rss';
      else if (tag.local === 'feed' && tag.uri === ATOM_NAMESPACE) format = 'google-atom';
      else failure ??= new XmlFeedError('not-a-product-feed', `its root element is <${tag.name}>`);
      return;
    }
    if (item === undefined) {
      const isItem =
        format === 'google-rss'
          ? tag.local === 'item' && tag.uri === ''
          : tag.local === 'entry' && tag.uri === ATOM_NAMESPACE;
      if (isItem) {
        item = { index: read + 1, id: '', additionalImageLinks: [] };
        googleSet = new Set();
        itemDepth = depth;
      }
      return;
    }
    if (depth !== itemDepth + 1 || capture) return;
    const own = format === 'google-rss' ? '' : ATOM_NAMESPACE;
    if (tag.uri === GOOGLE_NAMESPACE) {
      googleSeen = true;
      if (
        only &&
        !only.has(tag.local === 'additional_image_link' ? 'additionalImageLinks' : GOOGLE_FIELDS[tag.local]!)
      )
        return;
      if (tag.local === 'additional_image_link')
        capture = { depth, field: 'additional', google: true, text: '' };
      else if (GOOGLE_FIELDS[tag.local])
        capture = { depth, field: GOOGLE_FIELDS[tag.local]!, google: true, text: '' };
    } else if (tag.uri === own && PLAIN_FIELDS[tag.local]) {
      if (only && !only.has(PLAIN_FIELDS[tag.local]!)) return;
      if (format === 'google-atom' && tag.local === 'link') {
        const rel = tag.attributes['rel']?.value ?? 'alternate';
        const href = tag.attributes['href']?.value.trim() ?? '';
        if (rel === 'alternate' && href !== '' && item.link === undefined) item.link = ownCopy(href);
        return;
      }
      capture = { depth, field: PLAIN_FIELDS[tag.local]!, google: false, text: '' };
    }
  });
  const addText = (text: string) => {
    if (capture) capture.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (capture && depth === capture.depth && item) {
      const value = ownCopy(capture.text.trim());
      if (capture.field === 'additional') {
        if (value !== '' && item.additionalImageLinks.length < MAX_ADDITIONAL_IMAGES)
          item.additionalImageLinks.push(value);
      } else if (value !== '') {
        const field = capture.field;
        // Google's own element wins over the feed's of the same meaning, whichever comes first.
        if (capture.google || !googleSet.has(field)) {
          item[field] = value;
          if (capture.google) googleSet.add(field);
        }
      }
      capture = undefined;
    } else if (item && depth === itemDepth) {
      read += 1;
      if (onItem) onItem(item);
      else items.push(item);
      item = undefined;
    }
    depth -= 1;
  });

  // The bytes are held until the XML declaration is whole (its first `>`), which names their encoding.
  let decoder: TextDecoder | undefined;
  let head: Buffer | undefined = Buffer.alloc(0);
  const feed = (decoding: TextDecoder, bytes: Buffer) =>
    parser.write(decoding.decode(bytes, { stream: true }));
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (head !== undefined) {
      head = Buffer.concat([head, bytes]);
      if (head.length < 1024 && !head.includes(0x3e)) continue;
      bytes = head;
      head = undefined;
    }
    decoder ??= new TextDecoder(encodingOf(bytes));
    feed(decoder, bytes);
    if (failure) break;
  }
  if (!failure) {
    decoder ??= new TextDecoder(encodingOf(head ?? Buffer.alloc(0)));
    if (head !== undefined) feed(decoder, head);
    parser.write(decoder.decode());
    parser.close();
  }
  if (failure instanceof XmlFeedError) throw failure;
  if (failure) throw new XmlFeedError('broken-xml', failure.message.split('\n')[0] ?? '');
  if (!rootSeen || format === undefined) throw new XmlFeedError('broken-xml', 'it holds no element');
  if (!googleSeen && !googleDeclared)
    throw new XmlFeedError(
      'not-a-product-feed',
      format === 'google-rss'
        ? 'an RSS feed without Google product data'
        : 'an Atom feed without Google product data',
    );
  return { format, items };
}
