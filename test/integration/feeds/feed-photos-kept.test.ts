// Issue 35.5 against the embedded service, over several versions of a shop's CSV: a photo URL that
// cannot be fetched leaves its row applied without it (noted in the run's report) and is no change
// at the next run; photos the seller added by hand to a live ad or a draft stay after the feed's
// and are never planned for replacement; a new row out of stock becomes a draft, published once it
// is back in stock.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { FeedPlan, FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import type { ListingView } from '../../../src/shared/ipc/types';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { addFeed, feedApp, HEADER, outcomes, type FeedApp } from './helpers';

// Nothing listens there: the shop's photo server is down (or the address refused).
const GONE = 'https://127.0.0.1:9/media/gone.jpg';

let app: FeedApp;
beforeEach(async () => {
  app = await feedApp();
  for (const [i, name] of ['P-1.png', 'P-1b.png', 'P-2.png', 'D-1.png', 'D-1b.png'].entries())
    putPhoto(app.dir, name, i);
});
afterEach(async () => {
  await app.close();
});

interface Row {
  sku: string;
  stock: string;
  photos: string[];
}

/** The shop's CSV: each row's photos in its picture cell, separated by `|`. */
const write = (rows: readonly Row[]) =>
  put(
    app.dir,
    'lager.csv',
    `${HEADER}\n${rows
      .map(
        (r) =>
          `${r.sku};Artikel ${r.sku};Aus dem Lager.;Multimedia_Elektronik/Haushaltsgeraete;25;${r.stock};shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25;${r.photos.join('|')}`,
      )
      .join('\n')}\n`,
  );

const brief = (plan: FeedPlan) => plan.entries.map((e) => `${e.reference}: ${e.action} (${e.reason})`).sort();
const listingOf = async (reference: string) =>
  (await app.listings()).find((l) => l.customReference === reference);
const draftOf = async (reference: string) => {
  const { items } = await app.call<{ items: { id: string }[] }>('drafts:list', {});
  const drafts = await Promise.all(items.map((d) => app.call<Draft>('drafts:get', { id: d.id })));
  return drafts.find((d) => d.customReference === reference)!;
};

it('applies a row without a photo it cannot fetch, keeps the seller’s photos, and publishes a sold-out row once in stock', async () => {
  const feed = await addFeed(
    app,
    write([
      { sku: 'P-1', stock: '3', photos: ['P-1.png', GONE] },
      { sku: 'P-2', stock: '0', photos: ['P-2.png'] },
    ]),
  );
  const first = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(brief(first)).toEqual(['P-1: create (new-row)', 'P-2: create (new-sold-out)']);

  const run1 = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run1).toMatchObject({ state: 'done', failed: 0 });
  expect(outcomes(run1)).toEqual(['P-1: create/done', 'P-2: create/done']);
  const noted = run1.entries.find((e) => e.reference === 'P-1')!.missedPhotos;
  expect(noted).toEqual([expect.objectContaining({ ref: GONE, name: 'gone.jpg' })]);
  expect(noted![0]!.message).not.toBe('');
  expect(run1.entries.find((e) => e.reference === 'P-2')!.missedPhotos).toEqual([]);
  await app.published(1);
  // The sold-out row is a draft, not an ad.
  expect((await app.listings()).map((l) => l.customReference)).toEqual(['P-1']);
  expect((await draftOf('P-2')).status).not.toBe('published');
  const live = (await listingOf('P-1'))!;
  expect(live.urls).toHaveLength(1);

  // The photo it could not fetch is no change: nothing to do.
  const again = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(brief(again)).toEqual(['P-1: unchanged (same)', 'P-2: unchanged (not-online)']);

  // The seller adds a photo to the live ad by hand: still nothing to do.
  const hand = putPhoto(app.dir, 'hand/mine.png', 9);
  await app.call('listings:add-photos', { uuid: live.uuid, paths: [hand] });
  const withHand = (await listingOf('P-1'))!.urls;
  expect(withHand).toHaveLength(2);
  expect(brief(await app.call<FeedPlan>('feeds:plan', { id: feed.id }))).toEqual([
    'P-1: unchanged (same)',
    'P-2: unchanged (not-online)',
  ]);

  // The shop's photo changes and the sold-out row is back in stock.
  write([
    { sku: 'P-1', stock: '3', photos: ['P-1b.png', GONE] },
    { sku: 'P-2', stock: '2', photos: ['P-2.png'] },
  ]);
  const plan2 = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(brief(plan2)).toEqual(['P-1: update (row-changed)', 'P-2: resume (back-in-stock)']);
  expect(plan2.entries.find((e) => e.reference === 'P-1')!.liveChanges).toEqual([
    // The photo still missing is left out of the comparison.
    { field: 'photos', before: 'P-1.png', after: 'P-1b.png' },
  ]);
  const run2 = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run2)).toEqual(['P-1: update/done', 'P-2: resume/done']);
  await app.published(2);
  const after = (await listingOf('P-1'))!;
  // The feed's new photo first, the seller's after it; the feed's old one gone.
  expect(after.urls).toHaveLength(2);
  expect(after.urls[0]).not.toBe(withHand[0]);
  expect(after.urls[1]).toBe(withHand[1]);
  expect((await listingOf('P-2'))?.customReference).toBe('P-2');
  expect(await app.states('P-2')).toEqual(['PUBLISHED']);

  // Nothing left to do, and a run changes nothing on the service.
  const before = app.writes();
  const run3 = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run3.counts).toMatchObject({ create: 0, update: 0, resume: 0, pause: 0, end: 0 });
  expect(app.writes()).toBe(before);
}, 120_000);

it('keeps a photo the seller added to a draft, after the feed’s', async () => {
  const feed = await addFeed(app, write([{ sku: 'D-1', stock: '1', photos: ['D-1.png'] }]), {
    publish: false,
  });
  await app.call<FeedRun>('feeds:run', { id: feed.id });
  const draft = await draftOf('D-1');
  const hand = putPhoto(app.dir, 'hand/mine.png', 9);
  await app.call('drafts:add-photos', { draftId: draft.id, batchId: 'by-hand', paths: [hand] });
  expect((await draftOf('D-1')).photos.map((p) => p.originalName)).toEqual(['D-1.png', 'mine.png']);
  expect(brief(await app.call<FeedPlan>('feeds:plan', { id: feed.id }))).toEqual(['D-1: unchanged (same)']);

  write([{ sku: 'D-1', stock: '1', photos: ['D-1b.png'] }]);
  const plan = await app.call<FeedPlan>('feeds:plan', { id: feed.id });
  expect(plan.entries[0]!.changes).toEqual([{ field: 'photos', before: 'D-1.png', after: 'D-1b.png' }]);
  const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run)).toEqual(['D-1: update/done']);
  expect((await draftOf('D-1')).photos.map((p) => p.originalName)).toEqual(['D-1b.png', 'mine.png']);
  expect(brief(await app.call<FeedPlan>('feeds:plan', { id: feed.id }))).toEqual(['D-1: unchanged (same)']);
  expect(await app.listings()).toEqual([] as ListingView[]);
}, 60_000);
