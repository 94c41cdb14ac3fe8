// The 50,000-item Google feed of bench/feed/google-xml.ts, written as a stream to a file (never held
// in memory): a Shopware-style RSS export with what real shops put in it: HTML descriptions kept as
// entities, three photos an item, a category path of the shop's own, a brand, gtin and mpn, and
// every tenth product a variant group in three sizes (some sold out).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { xmlText } from '../../test/fixtures/feeds/products/formats';

export const CATEGORIES = [
  'Haushalt > Küche > Kühlschränke',
  'Haushalt > Küche > Kaffeemaschinen',
  'Haushalt > Küche > Geschirr',
  'Haushalt > Reinigung > Staubsauger',
  'Wohnen > Leuchten > Stehlampen',
  'Wohnen > Leuchten > Tischlampen',
  'Wohnen > Möbel > Regale',
  'Wohnen > Textilien > Teppiche',
  'Mode > Herren > Jacken',
  'Mode > Damen > Jacken',
  'Garten > Werkzeug > Scheren',
  'Garten > Möbel > Stühle',
] as const;

const BRANDS = ['Kältewerk', 'Bohnenglück', 'Lichtblick', 'Holzart', 'Friesennerz', 'Gartenfreund'];
const SIZES = ['S', 'M', 'L'];

/** The shop's HTML description of product `n` (about 600 characters, as editors write them). */
function html(n: number, category: string): string {
  return (
    `<h2>Artikel ${n} &ndash; ${category.split(' > ').at(-1)}</h2>` +
    `<p>Robust &amp; langlebig: gefertigt aus hochwertigen Materialien, geprüft nach DIN&nbsp;EN&nbsp;${1000 + (n % 9000)}. ` +
    'Ideal für den täglichen Gebrauch im Haushalt, im Büro oder unterwegs.</p>' +
    '<ul><li>Pflegeleicht und spülmaschinenfest</li><li>Zwei Jahre Garantie</li>' +
    `<li>Maße: ${20 + (n % 30)} × ${10 + (n % 20)} × ${5 + (n % 10)}&nbsp;cm</li></ul>` +
    '<p><strong>Hinweis:</strong> Farben können je nach Bildschirm leicht abweichen.</p>' +
    `<script>track(${n})</script>`
  );
}

/** One `<item>` as Shopware's Google template renders it (indented), with a merchant's additions. */
function item(
  origin: string,
  n: number,
  variant?: { group: string; size: string; inStock: boolean },
): string {
  const id = variant ? `${variant.group}-${variant.size}` : `P-${String(n).padStart(6, '0')}`;
  const category = CATEGORIES[n % CATEGORIES.length]!;
  const title = variant
    ? `Jacke Modell ${n} ${variant.size}`
    : `Artikel ${n} ${category.split(' > ').at(-1)}`;
  const inStock = variant ? variant.inStock : n % 20 !== 0;
  const photo = (k: number) => `${origin}/media/${variant?.group ?? id}-${k}.jpg`;
  return [
    '        <item>',
    `            <g:id>${id}</g:id>`,
    `            <title>${xmlText(title)}</title>`,
    `            <description>${xmlText(html(n, category))}</description>`,
    '            <g:google_product_category>950</g:google_product_category>',
    `            <g:product_type>${xmlText(category)}</g:product_type>`,
    `            <link>${origin}/detail/${id.toLowerCase()}</link>`,
    `            <g:image_link>${photo(1)}</g:image_link>`,
    `            <g:additional_image_link>${photo(2)}</g:additional_image_link>`,
    `            <g:additional_image_link>${photo(3)}</g:additional_image_link>`,
    `            <g:condition>${n % 50 === 0 ? 'refurbished' : 'new'}</g:condition>`,
    `            <g:availability>${inStock ? 'in_stock' : 'out_of_stock'}</g:availability>`,
    `            <g:price>${(9.99 + (n % 500) * 3.5).toFixed(2)} EUR</g:price>`,
    `            <g:brand>${xmlText(BRANDS[n % BRANDS.length]!)}</g:brand>`,
    `            <g:gtin>${String(4006381000000 + n)}</g:gtin>`,
    `            <g:mpn>M-${n}</g:mpn>`,
    ...(variant
      ? [
          `            <g:item_group_id>${variant.group}</g:item_group_id>`,
          `            <g:size>${variant.size}</g:size>`,
        ]
      : []),
    '            <g:shipping>',
    '                <g:country>DE</g:country>',
    '                <g:service>Standard</g:service>',
    '                <g:price>4.95 EUR</g:price>',
    '            </g:shipping>',
    '        </item>',
    '',
  ].join('\n');
}

/**
 * Writes `count` items to `file` (products and variants together make `count`); answers how many
 * ads they make as one per product or variant group.
 */
export async function writeGoogleFeed(
  file: string,
  count: number,
  origin: string,
): Promise<{ groups: number }> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0" xmlns:atom="http://www.w3.org/2005/Atom">\n' +
      '    <channel>\n' +
      `        <atom:link href="${origin}/store-api/product-export/SWPEbench/google.xml" rel="self" type="application/rss+xml" />\n` +
      '        <title>Bench-Laden</title>\n        <description></description>\n' +
      `        <link>${origin}</link>\n        <language>de-DE</language>\n`,
  );
  let written = 0;
  let groups = 0;
  for (let n = 1; written < count; n++) {
    groups += 1;
    if (n % 10 === 0) {
      // A variant group: three sizes, the first sold out in every third group.
      for (const [k, size] of SIZES.entries()) {
        if (written >= count) break;
        await write(item(origin, n, { group: `G-${n}`, size, inStock: !(k === 0 && n % 30 === 0) }));
        written += 1;
      }
    } else {
      await write(item(origin, n));
      written += 1;
    }
  }
  await write('    </channel>\n</rss>\n');
  out.end();
  await once(out, 'finish');
  return { groups };
}
