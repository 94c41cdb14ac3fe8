// Issue 35, "Checked from outside": a Shopware-6-style Google feed served over HTTPS with an access
// key in its address, and an idealo CSV, each run as a feed over several versions against the
// embedded service: one ad per product or variant group, photos in order, HTML gone from the text,
// prices and stock followed, a refurbished item's condition mapped, the second unchanged fetch
// answered by a 304 with nothing done, and the access key in no file of the data folder. The shop's
// server is the tests' feed server (helpers/feed-server.ts); nothing is mocked.
import { afterEach, expect, it } from 'vitest';
import { ACCESS_KEY_MASK } from '../../../src/shared/domain/feeds/feed';
import type { FeedPlan, FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import { ACCESS_KEY } from '../../fixtures/feeds/products';
import { outcomes } from './helpers';
import { filesHolding, productFeedApp, words, type ProductFeedApp } from './helpers/product-feed-app';

let app: ProductFeedApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const DAY = 86_400_000;
/** A sale period around now, in Google's form (minutes, UTC). */
const saleAroundNow = () => {
  const at = (ms: number) => `${new Date(ms).toISOString().slice(0, 16)}Z`;
  return `${at(Date.now() - DAY)}/${at(Date.now() + DAY)}`;
};

const EXPORT_PATH = `/store-api/product-export/${ACCESS_KEY}/google.xml`;

it('keeps a Shopware Google export in step, version by version, its access key kept out of the data folder', async () => {
  const shop = (app = await productFeedApp());
  const saleDates = saleAroundNow();
  // Shopware sends Last-Modified and no ETag.
  const url = shop.serveVersion('google-rss', 1, EXPORT_PATH, {
    accessKey: ACCESS_KEY,
    saleDates,
    etag: false,
  });
  const feed = await shop.addProductFeed('Shopware Google', url);
  // The key left the address for the keychain: the address is kept and shown with •••• in its place.
  expect(feed.source).toMatchObject({ kind: 'url', accessKey: true });
  expect(feed.source.kind === 'url' && feed.source.url).toBe(
    `${shop.server.origin}/store-api/product-export/${ACCESS_KEY_MASK}/google.xml`,
  );

  // The first plan: recognized, a sample item shown, one ad per product or variant group.
  const plan = await shop.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(plan.format).toBe('google-rss');
  expect(plan.sample?.length).toBeGreaterThan(0);
  expect(plan.sample).toContainEqual(expect.objectContaining({ became: 'price' }));
  expect(plan.unmapped ?? []).toEqual([]);
  expect(plan.entries.map((e) => `${e.reference}: ${e.action}`).sort()).toEqual([
    'J-300: create',
    'K-100: create',
    'L-400: create',
    'R-200: create',
    'T-500: create',
  ]);
  // The server got the key back in the address it asked for.
  expect(shop.server.requests(EXPORT_PATH).map((r) => r.status)).toEqual([200]);

  const run1 = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run1)).toEqual([
    'J-300: create/done',
    'K-100: create/done',
    'L-400: create/done',
    'R-200: create/done',
    'T-500: create/done',
  ]);
  await shop.published(5);

  // The fridge: its title, its price, its text without HTML, its three photos in the feed's order.
  const fridge = await shop.ad('K-100');
  expect(fridge).toMatchObject({
    title: 'Kühlschrank KS 310 Edelstahl',
    adPrice: { amount: 1249 },
    category: 'Haushaltsgeraete',
    attributes: { art: 'kuehlschraenke_gefriergeraete', condition: 'new' },
  });
  const text = words(fridge.description);
  for (const line of [
    'Leise & sparsam: nur 35 dB und Energieklasse D.',
    'Nutzinhalt 310 l',
    'Türanschlag wechselbar',
  ])
    expect(text).toContain(line);
  expect(fridge.description).not.toMatch(/<|&amp;|&nbsp;|dataLayer/);
  // Paragraphs and list items stay lines of their own (an item perhaps with a bullet before it).
  const lines = fridge.description.split('\n').map(words);
  for (const item of ['Nutzinhalt 310 l', 'Türanschlag wechselbar'])
    expect(
      lines.some((line) => line.replace(/^[-*•–]\s*/u, '') === item),
      item,
    ).toBe(true);
  expect(lines.some((line) => line.endsWith('Energieklasse D.'))).toBe(true);
  expect(fridge.urls).toHaveLength(3);
  expect((await shop.draft('K-100')).photos.map((p) => p.originalName)).toEqual([
    'kuehlschrank-front.jpg',
    'kuehlschrank-offen.jpg',
    'kuehlschrank-typenschild.jpg',
  ]);

  // The refurbished coffee machine: the shop's condition word mapped to the catalog's value.
  expect(await shop.ad('R-200')).toMatchObject({
    category: 'Haushaltsgeraete',
    attributes: { art: 'kaffee_espressomaschinen', condition: 'like_new' },
  });
  // The lamp during its sale: the sale price.
  expect((await shop.ad('L-400')).adPrice.amount).toBe(79);

  // The jacket's variants are one ad: the group's id, the first in-stock variant's title without
  // size and colour and its photos, the lowest price in stock, the sizes and colours in stock listed.
  const jacket = await shop.ad('J-300');
  expect(jacket).toMatchObject({ title: 'Regenjacke Nordsee', adPrice: { amount: 89.9 } });
  expect(jacket.description).toMatch(/Blau/);
  expect(jacket.description).toMatch(/Gelb/);
  expect((await shop.draft('J-300')).photos.map((p) => p.originalName)).toEqual([
    'jacke-bl-vorne.jpg',
    'jacke-bl-hinten.jpg',
  ]);
  for (const variant of ['J-300-M-BL', 'J-300-L-BL', 'J-300-L-GE'])
    expect((await shop.listings()).some((l) => l.customReference === variant)).toBe(false);

  // Version 2: a price lowered, one sold out, one gone, one new; the blue L back a little cheaper.
  const before = shop.server.requests(EXPORT_PATH).length;
  const seenBefore2 = shop.server.requests().length;
  shop.serveVersion('google-rss', 2, EXPORT_PATH, { accessKey: ACCESS_KEY, saleDates, etag: false });
  const run2 = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run2)).toEqual([
    'B-600: create/done',
    'J-300: update/done',
    'K-100: update/done',
    'R-200: pause/done',
    'T-500: pause/done',
  ]);
  // It asked with the date it was given (no ETag from Shopware), and got the new version.
  const asked = shop.server.requests(EXPORT_PATH).slice(before);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatchObject({ status: 200 });
  expect(asked[0]!.ifModifiedSince).toBeDefined();
  expect(asked[0]!.ifNoneMatch).toBeUndefined();
  await shop.published(6);
  // The lamp did not change: its photos were not fetched again.
  const run2Requests = shop.server.requests().slice(seenBefore2);
  expect(run2Requests.filter((r) => r.path.startsWith('/media/bogenleuchte'))).toEqual([]);
  expect(run2Requests.filter((r) => r.status === 404)).toEqual([]);
  expect((await shop.ad('K-100')).adPrice.amount).toBe(1199);
  expect((await shop.ad('J-300')).adPrice.amount).toBe(79.9);
  expect(await shop.states('R-200')).toEqual(['PAUSED']);
  expect(await shop.states('T-500')).toEqual(['PAUSED']);
  expect((await shop.ad('B-600')).title).toBe('Brotkasten Bambus');

  // The same file again: one request, answered 304, and nothing done (no draft, no service call).
  const writes = shop.writes();
  const drafts = await shop.draftCount();
  const seen = shop.server.requests().length;
  const run3 = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run3.counts).toMatchObject({ create: 0, update: 0, pause: 0, resume: 0, end: 0 });
  expect(shop.server.requests().slice(seen)).toEqual([
    expect.objectContaining({ path: EXPORT_PATH, status: 304 }),
  ]);
  expect(shop.writes()).toBe(writes);
  expect(await shop.draftCount()).toBe(drafts);

  // Version 3: the coffee machine is back, no jacket is left.
  shop.serveVersion('google-rss', 3, EXPORT_PATH, { accessKey: ACCESS_KEY, saleDates, etag: false });
  const run4 = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run4)).toEqual(['J-300: pause/done', 'R-200: resume/done']);
  expect(await shop.states('R-200')).toEqual(['PUBLISHED']);
  expect(await shop.states('J-300')).toEqual(['PAUSED']);

  // The key is in the keychain alone: no file of the data folder holds it, nor the log, nor a list.
  const listed = await shop.call('feeds:list');
  const history = await shop.call('feeds:history', { id: feed.id });
  expect(JSON.stringify([listed, history])).not.toContain(ACCESS_KEY);
  expect(JSON.stringify(shop.temp.log.info.mock.calls)).not.toContain(ACCESS_KEY);
  expect(JSON.stringify(shop.temp.log.error.mock.calls)).not.toContain(ACCESS_KEY);
  await shop.reopen();
  expect(filesHolding(shop.temp.dataDir, ACCESS_KEY)).toEqual([]);
}, 240_000);

it('keeps an idealo CSV in step: German prices and delivery texts, one ad per product, an ETag asked back', async () => {
  const shop = (app = await productFeedApp());
  const url = shop.serveVersion('idealo-csv', 1, '/export/idealo.csv');
  const feed = await shop.addProductFeed('idealo', url);
  const plan = await shop.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(plan.format).toBe('idealo-csv');
  // idealo knows no item groups: each variant is a product of its own; the sold-out one a draft.
  expect(plan.entries.map((e) => `${e.reference}: ${e.action}`).sort()).toEqual([
    'J-300-L-BL: create',
    'J-300-L-GE: create',
    'J-300-M-BL: create',
    'K-100: create',
    'L-400: create',
    'R-200: create',
    'T-500: create',
  ]);

  const run1 = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run1.failed).toBe(0);
  await shop.published(6);
  const refs = (await shop.listings()).map((l) => l.customReference).sort();
  // A new row out of stock ("Nicht mehr verfügbar") became a draft, not an ad.
  expect(refs).toEqual(['J-300-L-GE', 'J-300-M-BL', 'K-100', 'L-400', 'R-200', 'T-500']);
  // Not published: a draft ready to go once the variant is back in stock.
  expect((await shop.draft('J-300-L-BL')).status).toBe('ready');

  const fridge = await shop.ad('K-100');
  // "1.249,00 €", with a no-break space before the sign.
  expect(fridge.adPrice.amount).toBe(1249);
  expect(fridge.description).not.toMatch(/<|&nbsp;|&amp;|dataLayer/);
  expect(words(fridge.description)).toContain('Leise & sparsam: nur 35 dB und Energieklasse D.');
  expect((await shop.draft('K-100')).photos.map((p) => p.originalName)).toEqual([
    'kuehlschrank-front.jpg',
    'kuehlschrank-offen.jpg',
    'kuehlschrank-typenschild.jpg',
  ]);
  expect(fridge.urls).toHaveLength(3);
  expect((await shop.ad('J-300-M-BL')).adPrice.amount).toBe(89.9);

  // Version 2: a price lowered, "Nicht mehr verfügbar" twice, one gone, one new, one back in stock.
  const etag = shop.server.requests('/export/idealo.csv').length;
  shop.serveVersion('idealo-csv', 2, '/export/idealo.csv');
  const run2 = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run2.failed).toBe(0);
  const second = shop.server.requests('/export/idealo.csv').slice(etag);
  expect(second).toEqual([expect.objectContaining({ status: 200 })]);
  // The tag it was given came back, and it asked for gzip.
  expect(second[0]!.ifNoneMatch).toMatch(/^"[0-9a-f]+"$/);
  expect(second[0]!.acceptEncoding).toMatch(/gzip/);
  // Each version came gzip-encoded (and was read whole: the new prices below).
  const bodies = shop.server.requests('/export/idealo.csv').filter((r) => r.status === 200);
  expect(bodies.length).toBeGreaterThanOrEqual(2);
  expect(bodies.every((r) => r.gzip)).toBe(true);
  expect(outcomes(run2)).toEqual(
    expect.arrayContaining([
      'B-600: create/done',
      'K-100: update/done',
      'J-300-M-BL: pause/done',
      'R-200: pause/done',
      'T-500: pause/done',
    ]),
  );
  await shop.published(8);
  expect((await shop.ad('K-100')).adPrice.amount).toBe(1199);
  // Back in stock, the draft is published (the feed publishes), at its new price.
  expect((await shop.ad('J-300-L-BL')).adPrice.amount).toBe(79.9);
  expect(await shop.states('R-200')).toEqual(['PAUSED']);

  // Unchanged: one request, 304, nothing done.
  const writes = shop.writes();
  const drafts = await shop.draftCount();
  const seen = shop.server.requests().length;
  const run3 = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run3.counts).toMatchObject({ create: 0, update: 0, pause: 0, resume: 0, end: 0 });
  expect(shop.server.requests().slice(seen)).toEqual([
    expect.objectContaining({ path: '/export/idealo.csv', status: 304 }),
  ]);
  expect(shop.writes()).toBe(writes);
  expect(await shop.draftCount()).toBe(drafts);

  // Version 3: the coffee machine is back in stock.
  shop.serveVersion('idealo-csv', 3, '/export/idealo.csv');
  const run4 = await shop.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run4)).toEqual(
    expect.arrayContaining(['R-200: resume/done', 'J-300-L-BL: pause/done', 'J-300-L-GE: pause/done']),
  );
  expect(await shop.states('R-200')).toEqual(['PUBLISHED']);
}, 240_000);
