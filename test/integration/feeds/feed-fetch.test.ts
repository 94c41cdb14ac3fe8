// A feed fetched like a good client (issue 35.1, 35.4): a Google product feed in XML read as a
// stream, a kept copy under the data folder replaced only by a whole download, conditional requests
// answered by a 304, gzip as an encoding and as the file itself, and a limit that stops a gzip bomb.
// A real https server on loopback with a throwaway CA; real gzip, real files.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  readFeedSource,
  type FeedProducts,
  type FeedSource,
  type FeedSourceDeps,
} from '../../../src/main/feeds/source';
import { mainI18n } from '../../../src/main/i18n';
import { AppError } from '../../../src/main/errors/app-error';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { startHttpsServer, type TestServer } from './helpers/https-server';
import { answerConditionally, type SeenRequest, type Served } from './helpers/conditional-server';

const G = 'http://base.google.com/ns/1.0';
const images = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<shop:additional_image_link>https://cdn.example/a-${i + 1}.jpg</shop:additional_image_link>`,
  ).join('');

// The Google namespace under another prefix: found by its URI, not by `g:`.
const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:shop="${G}">
  <channel>
    <title>Möbelhaus</title>
    <link>https://shop.example</link>
    <item>
      <shop:id>SW-1001</shop:id>
      <title><![CDATA[Sessel „Lotte“ & Hocker]]></title>
      <description><![CDATA[<p>Bequem &amp; <b>robust</b></p>]]></description>
      <link>https://shop.example/sessel</link>
      <shop:price>1249.00 EUR</shop:price>
      <shop:sale_price>999.00 EUR</shop:sale_price>
      <shop:sale_price_effective_date>2026-12-01T00:00+01:00/2026-12-24T23:59+01:00</shop:sale_price_effective_date>
      <shop:availability>in_stock</shop:availability>
      <shop:condition>refurbished</shop:condition>
      <shop:product_type>Wohnen &gt; Sessel</shop:product_type>
      <shop:google_product_category>443</shop:google_product_category>
      <shop:image_link>https://cdn.example/sessel.jpg</shop:image_link>
      ${images(12)}
      <shop:brand>Lotte&#x2122;</shop:brand>
      <shop:gtin>4006381333931</shop:gtin>
      <shop:item_group_id>G-1</shop:item_group_id>
      <shop:shipping><shop:country>DE</shop:country><shop:price>4.95 EUR</shop:price></shop:shipping>
    </item>
    <item>
      <shop:id>SW-1002</shop:id>
      <shop:title>Tisch&nbsp;rund</shop:title>
      <title>ignored: Google's own title wins</title>
      <shop:price>89,00 EUR</shop:price>
      <shop:availability>out_of_stock</shop:availability>
    </item>
  </channel>
</rss>
`;

const ATOM = `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="${G}">
  <title>Shop</title>
  <entry>
    <g:id>A-1</g:id>
    <title>Lampe</title>
    <link rel="self" href="https://shop.example/self"/>
    <link href="https://shop.example/lampe"/>
    <summary>Helles Licht &lt;br&gt;</summary>
    <g:price>19.99 EUR</g:price>
  </entry>
</feed>
`;

let dir: string;
let server: TestServer;
const seen: SeenRequest[] = [];
const served: Record<string, Served> = {};
const secrets = createSessionSecretStore('test');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'feed-fetch-'));
  server = await startHttpsServer(dir, (request, response) => {
    const file = served[request.url ?? ''];
    if (!file) return void response.writeHead(404).end();
    answerConditionally(request, response, file, seen);
  });
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await mainI18n.changeLanguage('en');
});

const at = (p: string): FeedSource => ({ kind: 'url', url: `${server.origin}${p}` });

function deps(cacheDir: string, extra: Partial<FeedSourceDeps> = {}): FeedSourceDeps {
  return { feedId: 'feed-x', secrets, ca: server.ca, allowPrivateAddresses: true, cacheDir, ...extra };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
const reasonOf = (error: AppError) => (error.details as { reason: string }).reason;

function products(read: Awaited<ReturnType<typeof readFeedSource>>): FeedProducts {
  if (read.kind !== 'products') throw new Error(`not products: ${read.kind}`);
  return read;
}

describe('a Google product feed in XML', () => {
  it('reads RSS items by Google’s namespace whatever its prefix, with CDATA and entities', async () => {
    served['/google.xml'] = { body: RSS, type: 'application/xml; charset=utf-8', gzip: true };
    const cacheDir = path.join(dir, 'cache-rss');
    const read = products(await readFeedSource(at('/google.xml'), deps(cacheDir)));
    expect(read.format).toBe('google-rss');
    expect(read.items).toHaveLength(2);
    const [first, second] = read.items;
    expect(first).toEqual({
      index: 1,
      id: 'SW-1001',
      title: 'Sessel „Lotte“ & Hocker',
      description: '<p>Bequem &amp; <b>robust</b></p>',
      link: 'https://shop.example/sessel',
      price: '1249.00 EUR',
      salePrice: '999.00 EUR',
      salePriceEffectiveDate: '2026-12-01T00:00+01:00/2026-12-24T23:59+01:00',
      availability: 'in_stock',
      condition: 'refurbished',
      productType: 'Wohnen > Sessel',
      googleProductCategory: '443',
      imageLink: 'https://cdn.example/sessel.jpg',
      additionalImageLinks: Array.from({ length: 10 }, (_, i) => `https://cdn.example/a-${i + 1}.jpg`),
      brand: 'Lotte™',
      gtin: '4006381333931',
      itemGroupId: 'G-1',
    });
    expect(second).toEqual({
      index: 2,
      id: 'SW-1002',
      title: 'Tisch\u00a0rund',
      price: '89,00 EUR',
      availability: 'out_of_stock',
      additionalImageLinks: [],
    });
  });

  it('reads an Atom feed from a file: the alternate link, the summary', async () => {
    const file = path.join(dir, 'feed.atom');
    await writeFile(file, ATOM);
    const read = products(await readFeedSource({ kind: 'file', path: file }, deps(path.join(dir, 'c'))));
    expect(read.format).toBe('google-atom');
    expect(read.items).toEqual([
      {
        index: 1,
        id: 'A-1',
        title: 'Lampe',
        link: 'https://shop.example/lampe',
        description: 'Helles Licht <br>',
        price: '19.99 EUR',
        additionalImageLinks: [],
      },
    ]);
  });

  it('refuses XML that is no product feed, and XML that is broken, in plain words', async () => {
    served['/blog.xml'] = {
      body: '<?xml version="1.0"?><rss version="2.0"><channel><item><title>News</title></item></channel></rss>',
      type: 'application/rss+xml',
    };
    served['/sitemap.xml'] = { body: '<?xml version="1.0"?><urlset><url/></urlset>', type: 'text/xml' };
    served['/broken.xml'] = { body: `<rss xmlns:g="${G}"><channel><item><g:id>1</item>`, type: 'text/xml' };
    const cacheDir = path.join(dir, 'cache-refused');
    const blog = await refusal(readFeedSource(at('/blog.xml'), deps(cacheDir)));
    expect(reasonOf(blog)).toBe('not-a-product-feed');
    expect(blog.message).toContain('is XML but not a product feed (an RSS feed without Google product data)');
    const sitemap = await refusal(readFeedSource(at('/sitemap.xml'), deps(cacheDir)));
    expect(sitemap.message).toContain('(its root element is <urlset>)');
    await mainI18n.changeLanguage('de');
    const broken = await refusal(readFeedSource(at('/broken.xml'), deps(cacheDir)));
    expect(reasonOf(broken)).toBe('broken-xml');
    expect(broken.message).toContain('ist kein wohlgeformtes XML');
  });
});

describe('a feed fetched like a good client', () => {
  it('asks with the ETag of its kept copy; a 304 is “unchanged”, a new version replaces the copy', async () => {
    served['/etag.xml'] = { body: RSS, type: 'application/rss+xml', etag: '"v1"', gzip: true };
    const cacheDir = path.join(dir, 'cache-etag');
    const first = products(await readFeedSource(at('/etag.xml'), deps(cacheDir, { ifChanged: true })));
    expect(first.unchanged).toBeUndefined();
    const second = await readFeedSource(at('/etag.xml'), deps(cacheDir, { ifChanged: true }));
    expect(second).toEqual({
      kind: 'unchanged',
      name: `${server.origin}/etag.xml`,
      bytes: Buffer.byteLength(RSS),
    });
    // Not asked `ifChanged`: the kept copy is read, and says so.
    const kept = products(await readFeedSource(at('/etag.xml'), deps(cacheDir)));
    expect(kept.unchanged).toBe(true);
    expect(kept.items).toEqual(first.items);
    const asked = seen.filter((s) => s.path === '/etag.xml');
    expect(asked.map((s) => [s.ifNoneMatch, s.status])).toEqual([
      [undefined, 200],
      ['"v1"', 304],
      ['"v1"', 304],
    ]);
    served['/etag.xml'] = { body: RSS.replace('SW-1002', 'SW-2002'), type: 'text/xml', etag: '"v2"' };
    const changed = products(await readFeedSource(at('/etag.xml'), deps(cacheDir, { ifChanged: true })));
    expect(changed.items.map((i) => i.id)).toEqual(['SW-1001', 'SW-2002']);
    expect((await readdir(cacheDir)).sort()).toEqual(['feed-x.body', 'feed-x.json']);
    expect(JSON.parse(await readFile(path.join(cacheDir, 'feed-x.json'), 'utf8'))).toEqual({
      url: `${server.origin}/etag.xml`,
      etag: '"v2"',
    });
  });

  it('asks with Last-Modified when the server gives no ETag', async () => {
    served['/dated.csv'] = {
      body: 'SKU;Titel\nA;Stuhl\n',
      type: 'text/csv',
      lastModified: new Date('2026-11-30T10:00:00Z'),
    };
    const cacheDir = path.join(dir, 'cache-dated');
    expect((await readFeedSource(at('/dated.csv'), deps(cacheDir, { ifChanged: true }))).kind).toBe('csv');
    expect((await readFeedSource(at('/dated.csv'), deps(cacheDir, { ifChanged: true }))).kind).toBe(
      'unchanged',
    );
    expect(seen.filter((s) => s.path === '/dated.csv').map((s) => [s.ifModifiedSince, s.status])).toEqual([
      [undefined, 200],
      ['Mon, 30 Nov 2026 10:00:00 GMT', 304],
    ]);
  });

  it('reads a gzip file served as it is, unpacked', async () => {
    served['/google.xml.gz'] = { body: gzipSync(RSS), type: 'application/gzip' };
    const read = products(await readFeedSource(at('/google.xml.gz'), deps(path.join(dir, 'cache-gz'))));
    expect(read.items.map((i) => i.id)).toEqual(['SW-1001', 'SW-1002']);
    expect(read.bytes).toBe(Buffer.byteLength(RSS));
  });

  it('stops a gzip bomb at the limit, counted unpacked, and keeps the last whole copy', async () => {
    const cacheDir = path.join(dir, 'cache-bomb');
    served['/bomb.xml'] = { body: RSS, type: 'text/xml', etag: '"ok"' };
    await readFeedSource(at('/bomb.xml'), deps(cacheDir));
    // 20 MB of zeros pack into about 20 kB: small on the wire, far over the limit unpacked.
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const limits = { maxBytes: 1024 * 1024 };
    for (const bomb of [
      { body: zeros, type: 'text/xml', etag: '"bomb"', gzip: true },
      { body: gzipSync(zeros), type: 'application/gzip', etag: '"bomb"' },
    ]) {
      expect(gzipSync(zeros).length).toBeLessThan(limits.maxBytes);
      served['/bomb.xml'] = bomb;
      const refused = await refusal(readFeedSource(at('/bomb.xml'), deps(cacheDir, { limits })));
      expect(reasonOf(refused)).toBe('too-large');
      expect(refused.message).toContain('is larger than 1 MB');
      expect((await readdir(cacheDir)).sort()).toEqual(['feed-x.body', 'feed-x.json']);
      expect(await readFile(path.join(cacheDir, 'feed-x.body'), 'utf8')).toBe(RSS);
    }
  });
});
