// A feed whose local records were lost still finds its ads by reference on the service, so no row
// gets a second ad (issue 25.1); and a feed can read an XLSX workbook as well as a CSV.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { FeedPlan, FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import { putPhoto, putXlsx } from '../../fixtures/import/import-files';
import { addFeed, csvOf, feedApp, outcomes, type FeedApp, type Product } from './helpers';

let app: FeedApp;
beforeEach(async () => {
  app = await feedApp();
});
afterEach(async () => {
  await app.close();
});

const v1: Product[] = [
  { sku: 'M-1', title: 'Mixer', price: '30', stock: '1' },
  { sku: 'M-2', title: 'Toaster', price: '25', stock: '1' },
];

it('matches ads by reference on the service after its local records are deleted', async () => {
  const feed = await addFeed(app, app.write(v1));
  expect((await app.call<FeedRun>('feeds:run', { id: feed.id })).state).toBe('done');
  expect(await app.listings()).toHaveLength(2);

  // The feed's record and the drafts are gone (a new computer, a restored backup …).
  rmSync(path.join(app.temp.dataDir, 'feeds', 'items'), { recursive: true, force: true });
  const { items } = await app.call<{ items: { id: string }[] }>('drafts:list');
  await app.call('drafts:trash', { ids: items.map((d) => d.id) });
  await app.call('drafts:empty-trash');
  // Reopened on the same folder, so nothing is remembered in memory either.
  await app.reopen();

  app.write([
    { ...v1[0]!, price: '28' },
    { ...v1[1]!, stock: '0' },
  ]);
  const plan = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(plan.entries.map((e) => `${e.reference}: ${e.action} (${e.reason})`)).toEqual([
    'M-1: update (row-changed)',
    'M-2: pause (sold-out)',
  ]);
  expect(plan.entries.every((e) => e.listingUuid !== undefined && e.draftId === undefined)).toBe(true);
  const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run)).toEqual(['M-1: update/done', 'M-2: pause/done']);
  const listings = await app.listings();
  expect(listings.map((l) => `${l.customReference} ${l.adPrice.amount}`).sort()).toEqual([
    'M-1 28',
    'M-2 25',
  ]);
  expect(await app.states('M-2')).toEqual(['PAUSED']);
}, 120_000);

it('reads an XLSX workbook', async () => {
  const rows = (products: Product[]) =>
    csvOf(products)
      .trim()
      .split('\n')
      .map((line) => line.split(';'));
  const file = await putXlsx(app.dir, 'lager.xlsx', { Lager: rows(v1) });
  app.write(v1); // the photos beside it
  const feed = await addFeed(app, file);
  expect((await app.call<FeedRun>('feeds:run', { id: feed.id })).counts).toMatchObject({ create: 2 });
  await putXlsx(app.dir, 'lager.xlsx', { Lager: rows([{ ...v1[0]!, price: '31' }, v1[1]!]) });
  const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run)).toEqual(['M-1: update/done']);
  expect((await app.listings()).find((l) => l.customReference === 'M-1')!.adPrice.amount).toBe(31);
}, 120_000);

it('sends a row’s new photo to its live ad, and retries an ad that failed', async () => {
  const feed = await addFeed(app, app.write(v1));
  expect((await app.call<FeedRun>('feeds:run', { id: feed.id })).state).toBe('done');
  const before = (await app.listings()).find((l) => l.customReference === 'M-1')!;
  expect(before.urls).toHaveLength(1);

  // M-1 shows another photo now; M-2's price change meets a refusal the service gives once.
  putPhoto(app.dir, 'M-1-neu.png', 7);
  const csv = csvOf([v1[0]!, { ...v1[1]!, price: '19' }]).replace('M-1.png', 'M-1-neu.png');
  writeFileSync(path.join(app.dir, 'lager.csv'), csv);
  app.temp.app.sandbox.sandbox.faults.add({
    route: 'PUT /v1/listings/:uuid',
    kind: 'status',
    status: 403,
    times: 1,
  });
  const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run)).toEqual(['M-1: update/done', 'M-2: update/failed']);
  expect(run.entries[0]!.liveChanges).toEqual([{ field: 'photos', before: 'M-1.png', after: 'M-1-neu.png' }]);
  const after = (await app.listings()).find((l) => l.customReference === 'M-1')!;
  expect(after.urls).toHaveLength(1);
  expect(after.urls[0]).not.toBe(before.urls[0]);
  // Its draft follows the ad, as after any change to a live ad's photos.
  await vi.waitFor(async () => {
    const draft = await app.call<Draft>('drafts:get', { id: run.entries[0]!.draftId });
    expect(Object.values(draft.remote?.photoUrls ?? {})).toEqual(after.urls);
  });
  expect(run.entries[1]!.failure?.message).toBeTruthy();

  const retried = await app.call<FeedRun>('feeds:retry', { runId: run.id, reference: 'M-2' });
  expect(outcomes(retried)).toEqual(['M-1: update/done', 'M-2: update/done']);
  expect((await app.listings()).find((l) => l.customReference === 'M-2')!.adPrice.amount).toBe(19);
  // Nothing is left to do: the photo is the row's, the price too.
  expect((await app.call<FeedPlan>('feeds:plan', { id: feed.id })).counts).toMatchObject({
    update: 0,
    unchanged: 2,
  });
}, 120_000);
