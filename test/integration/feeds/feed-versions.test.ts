// One feed against the embedded service over several versions of one shop's CSV (issue 25.9):
// the first run waits for the seller's yes, prices are followed, rows gone and sold out pause their
// ads, rows back in stock resume them, new rows become ads, the same file twice changes nothing on
// the service, and a cut-off file or a changed header is held with nothing applied.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FeedView } from '../../../src/shared/domain/feeds/feed';
import type { FeedPlan, FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import { addFeed, feedApp, outcomes, type FeedApp, type Product } from './helpers';

let app: FeedApp;
beforeEach(async () => {
  app = await feedApp();
});
afterEach(async () => {
  await app.close();
});

const v1: Product[] = [
  { sku: 'K-1', title: 'Kühlschrank', price: '120,50', stock: '3' },
  { sku: 'K-2', title: 'Gefrierschrank', price: '200', stock: '1' },
  { sku: 'K-3', title: 'Weinkühler', price: '80', stock: '2' },
  { sku: 'K-4', title: 'Eiswürfelbereiter', price: '40', stock: '5' },
];

const priceOf = async (reference: string) =>
  (await app.listings()).find((l) => l.customReference === reference)?.adPrice.amount;

it('follows the file version by version, and holds a broken one', async () => {
  const feed = await addFeed(app, app.write(v1));
  expect(feed).toMatchObject({ approved: false, header: null, hasPassword: false });

  // First run: the plan, then the seller's yes.
  const first = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(first).toMatchObject({ needsApproval: true, held: [], rows: 4 });
  expect(first.counts).toMatchObject({ create: 4, update: 0, pause: 0 });
  expect(first.entries.every((e) => e.reason === 'new-row')).toBe(true);
  expect(await app.listings()).toEqual([]);
  const run1 = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run1).toMatchObject({ state: 'done', failed: 0, trigger: 'seller' });
  await app.published(4);
  expect((await app.listings()).map((l) => l.customReference).sort()).toEqual(['K-1', 'K-2', 'K-3', 'K-4']);
  expect(await priceOf('K-1')).toBe(120.5);

  // A price changed, one sold out: the ad's price follows, the sold-out one pauses.
  app.write([{ ...v1[0]!, price: '99' }, { ...v1[1]!, stock: '0' }, v1[2]!, v1[3]!]);
  const plan2 = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(plan2).toMatchObject({ needsApproval: false, held: [] });
  const byRef = new Map(plan2.entries.map((e) => [e.reference, e]));
  expect(byRef.get('K-1')).toMatchObject({ action: 'update', reason: 'row-changed' });
  expect(byRef.get('K-1')!.liveChanges).toEqual([{ field: 'price.amount', before: 120.5, after: 99 }]);
  expect(byRef.get('K-2')).toMatchObject({ action: 'pause', reason: 'sold-out', stock: '0' });
  expect(byRef.get('K-3')).toMatchObject({ action: 'unchanged', reason: 'same' });
  const run2 = await app.call<FeedRun>('feeds:run', { id: feed.id });
  // The report lists the ads acted on; the others are counted.
  expect(outcomes(run2)).toEqual(['K-1: update/done', 'K-2: pause/done']);
  expect(run2.counts).toMatchObject({ update: 1, pause: 1, unchanged: 2 });
  expect(await priceOf('K-1')).toBe(99);
  expect(await app.states('K-2')).toEqual(['PAUSED']);

  // Back in stock, one row gone, one new row.
  app.write([
    { ...v1[0]!, price: '99' },
    { ...v1[1]!, stock: '2' },
    v1[2]!,
    { sku: 'K-5', title: 'Minibar', price: '150', stock: '1' },
  ]);
  const run3 = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run3)).toEqual(['K-2: resume/done', 'K-4: pause/done', 'K-5: create/done']);
  expect(run3.entries.find((e) => e.reference === 'K-4')).toMatchObject({ reason: 'row-gone' });
  await app.published(5);
  expect(await app.states('K-2')).toEqual(['PUBLISHED']);
  expect(await app.states('K-4')).toEqual(['PAUSED']);

  // The same file again changes nothing on the service.
  const before = app.writes();
  const run4 = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run4.counts).toMatchObject({ create: 0, update: 0, pause: 0, resume: 0, end: 0 });
  expect(app.writes()).toBe(before);

  // A file cut off inside a row: held, nothing paused.
  const whole = app.write([{ ...v1[0]!, price: '99' }, { ...v1[1]!, stock: '2' }, v1[2]!]);
  const { writeFileSync, readFileSync } = await import('node:fs');
  const text = readFileSync(whole, 'utf8');
  writeFileSync(whole, text.slice(0, text.indexOf('K-3') + 12));
  const held = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(held.state).toBe('held');
  expect(held.held).toEqual([{ reason: 'cut-off', row: 3, cells: 2, columns: 13 }]);
  // What it would have done (the title cut short, the ad of the row cut off paused) is not done.
  expect(outcomes(held)).toEqual(['K-3: update/held', 'K-5: pause/held']);
  expect(held.entries[0]!.changes).toEqual([{ field: 'title', before: 'Weinkühler', after: 'Weinkühl' }]);
  expect(app.writes()).toBe(before);
  expect(await app.states('K-1')).toEqual(['PUBLISHED']);

  // A header that changed: held, nothing applied.
  app.write(
    [{ ...v1[0]!, price: '10' }],
    'Artikel;Titel;Beschreibung;Kategorie;Preis;Bestand;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis;Bild',
  );
  const changed = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(changed.state).toBe('held');
  // Without its SKU column every ad looks gone: the valve says both.
  expect(changed.held.map((h) => h.reason)).toEqual(['header-changed', 'too-many-gone']);
  expect(app.writes()).toBe(before);
  expect(await priceOf('K-1')).toBe(99);

  // The history keeps every run, newest first.
  const { runs } = await app.call<{ runs: FeedRun[] }>('feeds:history', { id: feed.id });
  expect(runs.map((r) => r.state)).toEqual(['held', 'held', 'done', 'done', 'done', 'done']);
  const { feeds } = await app.call<{ feeds: FeedView[] }>('feeds:list');
  expect(feeds[0]!.lastRun).toMatchObject({ state: 'held' });
}, 120_000);
