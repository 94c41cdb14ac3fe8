// A feed through the shop's category mappings (issue 34.3/34.5), against the embedded service: a
// shop's CSV in its own tree with a Zustand and a Farbe column. Mapped once (one level inherited by
// a deeper one), new ads carry the catalog's path, the mapped kind and the category's own condition
// and color values, no attribute named after a header; a new row of an unmapped shop category waits
// as "needs a category" and is made once mapped. And an upgrade: ads live from before, made with the
// shop's categories typed straight through, keep their category while the feed goes on updating them
// (a scheduled run too); nothing stalls and no ad is made twice. Nothing is mocked.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { FeedPlan, FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import type { ListingView } from '../../../src/shared/ipc/types';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { addFeed, feedApp, outcomes, type FeedApp } from './helpers';

const HEADER =
  'SKU;Titel;Beschreibung;Kategorie;Zustand;Farbe;Preis;Bestand;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis;Bild';
const place = 'shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25';

interface Row {
  sku: string;
  title: string;
  category: string;
  zustand: string;
  farbe: string;
  price: string;
  stock: string;
}

let app: FeedApp;
let photo = 0;
beforeEach(async () => {
  app = await feedApp();
});
afterEach(async () => {
  await app.close();
});

/** The shop's CSV of `rows` (each with its photo beside it). */
function writeCsv(rows: readonly Row[]): string {
  for (const row of rows) putPhoto(app.dir, `${row.sku}.png`, (photo += 1));
  const lines = rows.map(
    (r) =>
      `${r.sku};${r.title};Aus dem Laden.;${r.category};${r.zustand};${r.farbe};${r.price};${r.stock};${place};${r.sku}.png`,
  );
  return put(app.dir, 'lager.csv', `${HEADER}\n${lines.join('\n')}\n`);
}

const map = (shopCategory: string, path: string, attributes: Record<string, string> = {}) =>
  app.call('categories:map', { shopCategory, path, attributes });

const byReference = async (): Promise<Map<string, ListingView>> => {
  const listings = await app.listings();
  // One ad per reference, never two.
  expect(new Set(listings.map((l) => l.customReference)).size).toBe(listings.length);
  return new Map(listings.map((l) => [l.customReference ?? '', l]));
};

const rows: Row[] = [
  // Inherits "Möbel > Tische".
  {
    sku: 'T-1',
    title: 'Esstisch Eiche',
    category: 'Möbel > Tische > Esstische',
    zustand: 'gebraucht',
    farbe: 'Braun',
    price: '240',
    stock: '1',
  },
  // Its own mapping, below "Möbel > Tische"; written with another separator.
  {
    sku: 'T-2',
    title: 'Couchtisch',
    category: 'Möbel/Tische/Couchtische',
    zustand: 'Neu',
    farbe: 'schwarz',
    price: '80',
    stock: '2',
  },
  // The category has no color: the Farbe column is left out and named.
  {
    sku: 'K-1',
    title: 'Kühlschrank',
    category: 'Haushalt | Kühlschränke',
    zustand: 'B-Ware',
    farbe: 'Weiß',
    price: '150',
    stock: '1',
  },
  // No mapping yet: it waits.
  {
    sku: 'L-1',
    title: 'Stehlampe',
    category: 'Leuchten > Stehlampen',
    zustand: 'wie neu',
    farbe: 'Dunkelgrün',
    price: '35',
    stock: '3',
  },
];

it('makes new ads in the catalog’s words, and a row of an unmapped category waits until it is mapped', async () => {
  await map('Möbel > Tische', 'Haus_Garten/Kueche_Esszimmer', { art: 'tische' });
  await map('Möbel > Tische > Couchtische', 'Haus_Garten/Wohnzimmer', { art: 'tische' });
  await map('Haushalt', 'Multimedia_Elektronik/Haushaltsgeraete', { art: 'kuehlschraenke_gefriergeraete' });
  const feed = await addFeed(app, writeCsv(rows));

  const plan = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(plan.entries.map((e) => `${e.reference}: ${e.action} (${e.reason})`)).toEqual([
    'T-1: create (new-row)',
    'T-2: create (new-row)',
    'K-1: create (new-row)',
    'L-1: wait (needs-category)',
  ]);
  expect(plan.entries[3]).toMatchObject({ shopCategory: 'Leuchten > Stehlampen' });
  expect(plan.counts).toMatchObject({ create: 3, wait: 1 });
  expect(plan.unmapped?.map(({ shopCategory, rows: count }) => [shopCategory, count])).toEqual([
    ['Leuchten > Stehlampen', 1],
  ]);
  // The catalog's guesses, to map with one press.
  expect(plan.unmapped![0]!.guesses.map((g) => g.path)).toContain('Haus_Garten/Lampen_Licht');
  expect(plan.unknownColumns).toEqual(['Farbe']);

  const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run)).toEqual([
    'K-1: create/done',
    'L-1: wait/done',
    'T-1: create/done',
    'T-2: create/done',
  ]);
  expect(run.counts).toMatchObject({ create: 3, wait: 1 });
  let ads = await byReference();
  expect([...ads.keys()].sort()).toEqual(['K-1', 'T-1', 'T-2']);
  expect(ads.get('T-1')).toMatchObject({
    category: 'Kueche_Esszimmer',
    attributes: { art: 'tische', condition: 'ok', color: 'braun' },
  });
  expect(ads.get('T-2')).toMatchObject({
    category: 'Wohnzimmer',
    attributes: { art: 'tische', condition: 'new', color: 'schwarz' },
  });
  expect(ads.get('K-1')).toMatchObject({
    category: 'Haushaltsgeraete',
    attributes: { art: 'kuehlschraenke_gefriergeraete', condition: 'like_new' },
  });
  // No attribute named after a header.
  for (const ad of ads.values())
    expect(Object.keys(ad.attributes)).not.toEqual(expect.arrayContaining(['Zustand']));
  for (const ad of ads.values()) expect(Object.keys(ad.attributes)).not.toContain('Farbe');
  // The drafts say the same.
  const t1 = await app.call<Draft>('drafts:get', {
    id: run.entries.find((e) => e.reference === 'T-1')!.draftId,
  });
  expect(t1.category).toBe('Haus_Garten/Kueche_Esszimmer');
  expect(t1.attributes).toEqual({ art: 'tische', condition: 'ok', color: 'braun' });

  // Mapped (as the plan's list does): the next run makes it, its unknown color kept as written.
  await map('Leuchten', 'Haus_Garten/Lampen_Licht');
  const again = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(again.unmapped).toBeUndefined();
  const lamp = again.entries.find((e) => e.reference === 'L-1')!;
  expect(lamp).toMatchObject({ action: 'create', reason: 'new-row' });
  expect(lamp.unknownValues).toEqual([{ header: 'Farbe', key: 'color', value: 'Dunkelgrün' }]);
  const second = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(second)).toEqual(['L-1: create/done']);
  ads = await byReference();
  expect(ads.get('L-1')).toMatchObject({
    category: 'Lampen_Licht',
    attributes: { condition: 'like_new', color: 'Dunkelgrün' },
  });

  // A mapping changed later moves no live ad: the price change goes out, the category stays.
  await map('Möbel > Tische', 'Haus_Garten/Wohnzimmer', { art: 'tische' });
  writeCsv(rows.map((r) => (r.sku === 'T-1' ? { ...r, price: '220' } : r)));
  const third = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(third)).toEqual(['T-1: update/done']);
  expect(third.entries[0]!.liveChanges?.map((c) => c.field)).toEqual(['price.amount']);
  ads = await byReference();
  expect(ads.get('T-1')).toMatchObject({
    category: 'Kueche_Esszimmer',
    adPrice: { amount: 220 },
  });
}, 120_000);

it('upgrade: ads live from before keep their category and go on being updated, scheduled runs too', async () => {
  // What a feed made before the mappings: the shop's category typed straight through, the
  // attributes named after the headers, each draft published.
  const old = ['U-1', 'U-2'].map((sku, i) => {
    const draft = readyDraft(app.temp.dataDir, 20 + i, {
      title: sku === 'U-1' ? 'Esstisch Buche' : 'Küchentisch',
      description: 'Aus dem Laden.',
      category: 'Möbel/Tische/Esstische',
      attributes: { Zustand: 'gebraucht', Farbe: 'Braun' },
      price: { type: 'FIXED', amount: '99' },
      email: 'shop@example.de',
      customReference: sku,
      publication: {
        street: 'Hauptstraße 1',
        postalCode: '10115',
        city: 'Berlin',
        district: 'Mitte',
        availabilityRadiusInKm: 25,
        imprintUuid: null,
      },
    });
    draft.photos[0]!.originalName = `${sku}.png`;
    writeDraft(app.temp.dataDir, draft);
    return draft;
  });
  await app.reopen();
  await app.call('publish:start', { draftIds: old.map((d) => d.id) });
  await app.published(2);
  // (The service shows a category by its last name.)
  expect((await app.listings()).map((l) => l.category)).toEqual(['Esstische', 'Esstische']);

  // After the upgrade the seller maps the shop's tables, and the file goes on.
  await map('Möbel > Tische', 'Haus_Garten/Wohnzimmer', { art: 'tische' });
  const base = {
    title: 'Esstisch Buche',
    category: 'Möbel > Tische > Esstische',
    zustand: 'gebraucht',
    farbe: 'Braun',
  };
  const v2: Row[] = [
    { ...base, sku: 'U-1', price: '89', stock: '1' },
    { ...base, sku: 'U-2', title: 'Küchentisch', price: '99', stock: '0' },
    {
      sku: 'N-1',
      title: 'Beistelltisch',
      category: 'Möbel > Tische > Beistelltische',
      zustand: 'neu',
      farbe: 'Schwarz',
      price: '45',
      stock: '1',
    },
    {
      sku: 'N-2',
      title: 'Vase',
      category: 'Deko > Vasen',
      zustand: 'neu',
      farbe: 'Blau',
      price: '12',
      stock: '5',
    },
  ];
  const feed = await addFeed(app, writeCsv(v2));
  const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run)).toEqual([
    'N-1: create/done',
    'N-2: wait/done',
    'U-1: update/done',
    'U-2: pause/done',
  ]);
  // Only the price: no category, no attribute of the mapping reaches the live ad.
  const u1 = run.entries.find((e) => e.reference === 'U-1')!;
  expect([...(u1.changes ?? []), ...(u1.liveChanges ?? [])].map((c) => c.field)).toEqual([
    'price.amount',
    'price.amount',
  ]);
  let ads = await byReference();
  expect([...ads.keys()].sort()).toEqual(['N-1', 'U-1', 'U-2']);
  expect(ads.get('U-1')).toMatchObject({
    category: 'Esstische',
    adPrice: { amount: 89 },
    attributes: { Zustand: 'gebraucht', Farbe: 'Braun' },
  });
  expect(await app.states('U-2')).toEqual(['PAUSED']);
  // A new row of the same tree is made in the catalog's words.
  expect(ads.get('N-1')).toMatchObject({
    category: 'Wohnzimmer',
    attributes: { art: 'tische', condition: 'new', color: 'schwarz' },
  });
  const u1Draft = await app.call<Draft>('drafts:get', { id: old[0]!.id });
  expect(u1Draft.category).toBe('Möbel/Tische/Esstische');

  // Unattended: a scheduled run updates the live ads, the unmapped row still waits.
  writeCsv(
    v2.map((r) => (r.sku === 'U-1' ? { ...r, price: '85' } : r.sku === 'U-2' ? { ...r, stock: '2' } : r)),
  );
  const scheduled = await app.temp.app.feeds.run(feed.id, 'schedule');
  expect(outcomes(scheduled)).toEqual(['N-2: wait/done', 'U-1: update/done', 'U-2: resume/done']);
  ads = await byReference();
  expect(ads.size).toBe(3);
  expect(ads.get('U-1')).toMatchObject({ category: 'Esstische', adPrice: { amount: 85 } });
  expect(await app.states('U-2')).toEqual(['PUBLISHED']);

  // Once mapped, the next scheduled run makes it.
  await map('Deko', 'Haus_Garten/Dekoration', { art: 'vasen' });
  const mapped = await app.temp.app.feeds.run(feed.id, 'schedule');
  expect(outcomes(mapped)).toEqual(['N-2: create/done']);
  await vi.waitFor(async () => expect((await byReference()).get('N-2')?.category).toBe('Dekoration'));
  expect((await byReference()).size).toBe(4);
}, 120_000);
