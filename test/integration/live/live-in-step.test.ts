// The draft and its live ad stay in step in both directions (issue 23.1), against the app's embedded
// sandbox through the router: a change made live (in Listings, by a bulk change, by someone else and
// seen when the listing is read) reaches the linked draft; Publish changes sends only what the draft
// changed since the two last agreed; a field changed on both sides waits for the seller's pick.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { BulkJob } from '../../../src/shared/domain/bulk/bulk-edit-job';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import type { DraftLiveDiff } from '../../../src/shared/domain/live/live';
import type { ListingsState } from '../../../src/shared/ipc/types';
import { liveApp, type LiveApp } from './helpers';

let live: LiveApp;
beforeEach(async () => {
  live = await liveApp([2]);
}, 30_000);
afterEach(async () => live.close());

const ids = () => live.published[0]!;
const draft = () => live.call<Draft>('drafts:get', { id: ids().draftId });
const diff = () => live.call<DraftLiveDiff>('drafts:live-diff', { id: ids().draftId });
const push = () => live.call<DraftLiveDiff>('drafts:push-changes', { id: ids().draftId });
const PUT = 'PUT /v1/listings/:uuid';
const ORDER = 'PUT /v1/listings/:uuid/media/order';

async function save(change: (d: Draft) => Partial<Draft>): Promise<Draft> {
  const current = await draft();
  return live.call<Draft>('drafts:save', { draft: { ...draftFieldsOf(current), ...change(current) } });
}

it('takes a price lowered and photos reordered in Listings into the draft; Publish changes never puts the old ones back', async () => {
  const { listingUuid } = ids();
  const before = await draft();
  expect(before.price.amount).toBe('120,50');
  const urls = (await live.listing(listingUuid)).urls;
  await live.call('listings:update', { uuid: listingUuid, patch: { price: { type: 'FIXED', amount: 110 } } });
  await live.call('listings:order-photos', { uuid: listingUuid, urls: [...urls].reverse() });

  const after = await draft();
  expect(after.price).toEqual({ type: 'FIXED', amount: '110' });
  expect(after.photos.map((p) => p.id)).toEqual(before.photos.map((p) => p.id).reverse());
  expect(await diff()).toMatchObject({ state: 'same', rows: [] });

  const puts = [live.requests(PUT), live.requests(ORDER)];
  expect(await push()).toMatchObject({ state: 'same' });
  expect([live.requests(PUT), live.requests(ORDER)]).toEqual(puts);
  const listing = await live.listing(listingUuid);
  expect(listing.adPrice.amount).toBe(110);
  expect(listing.urls).toEqual([...urls].reverse());
});

it('sends only what the draft changed since the two last agreed, beside what came in live', async () => {
  const { listingUuid } = ids();
  // Someone else lowers the price; the seller, not having seen it, edits the title in the draft.
  await live.api.call('PUT', `/v1/listings/${listingUuid}`, {
    body: { price: { type: 'FIXED', amount: 99 } },
  });
  await save(() => ({ title: 'Artikel 1, frisch' }));
  const shown = await diff();
  expect(shown.fromLive).toEqual(['price']);
  expect(shown.rows).toEqual([
    { field: 'title', way: 'to-live', live: 'Artikel 1', draft: 'Artikel 1, frisch' },
  ]);
  expect((await draft()).price.amount).toBe('99');

  await push();
  const listing = await live.listing(listingUuid);
  expect(listing).toMatchObject({ title: 'Artikel 1, frisch', adPrice: { amount: 99 } });
  expect(await diff()).toMatchObject({ state: 'same' });
});

it('keeps a field changed on both sides as a conflict, refuses to publish until the seller picks, either way', async () => {
  const { listingUuid, draftId } = ids();
  await save(() => ({ price: { type: 'FIXED', amount: '149' }, title: 'Mein Titel' }));
  await live.api.call('PUT', `/v1/listings/${listingUuid}`, {
    body: {
      price: { type: 'FIXED', amount: 139 },
      title: 'Titel von woanders',
    },
  });
  const shown = await diff();
  expect(shown.rows).toEqual([
    {
      field: 'title',
      way: 'conflict',
      live: 'Titel von woanders',
      draft: 'Mein Titel',
    },
    {
      field: 'price',
      way: 'conflict',
      live: { type: 'FIXED', amount: 139 },
      draft: { type: 'FIXED', amount: 149 },
    },
  ]);
  expect((await draft()).remote!.conflicts).toHaveLength(2);

  const puts = live.requests(PUT);
  const refused = await live.fail('drafts:push-changes', { id: draftId });
  expect(refused).toMatchObject({
    code: 'conflict',
    details: { problem: 'live-conflict', fields: ['title', 'price'] },
  });
  // In the test app's language (German, its system's).
  expect(refused.message).toMatch(/Online-Anzeige wurde ebenfalls geändert \(Titel, Preis\)/);
  expect(live.requests(PUT)).toBe(puts);

  // The live price stays; the draft's title goes live.
  await live.call('drafts:live-resolve', { id: draftId, field: 'price', pick: 'live' });
  const picked = await live.call<DraftLiveDiff>('drafts:live-resolve', {
    id: draftId,
    field: 'title',
    pick: 'draft',
  });
  expect(picked.rows).toEqual([
    { field: 'title', way: 'to-live', live: 'Titel von woanders', draft: 'Mein Titel' },
  ]);
  expect((await draft()).price.amount).toBe('139');
  expect(await push()).toMatchObject({ state: 'same' });
  expect(await live.listing(listingUuid)).toMatchObject({ title: 'Mein Titel', adPrice: { amount: 139 } });
});

it('takes a bulk price change into the linked draft', async () => {
  const { listingUuid } = ids();
  const job = await live.call<BulkJob>('bulk:start', {
    uuids: [listingUuid],
    edit: { kind: 'price', mode: 'set', value: 100, rounding: 'none' },
  });
  await vi.waitFor(
    async () => {
      const { jobs } = await live.call<{ jobs: BulkJob[] }>('bulk:jobs');
      expect(jobs.find((j) => j.id === job.id)?.items[0]?.state).toBe('done');
    },
    { timeout: 20_000, interval: 100 },
  );
  expect((await live.listing(listingUuid)).adPrice.amount).toBe(100);
  expect((await draft()).price.amount).toBe('100');
  expect(await diff()).toMatchObject({ state: 'same', fromLive: [] });
});

it('takes a change seen when the listings are read into the linked draft', async () => {
  const { listingUuid } = ids();
  await live.call<ListingsState>('listings:list', { refresh: true });
  await live.api.call('PUT', `/v1/listings/${listingUuid}`, {
    body: { price: { type: 'FIXED', amount: 89 } },
  });
  const read = await live.call<ListingsState>('listings:list', { refresh: true });
  expect(read.listings.find((l) => l.uuid === listingUuid)?.adPrice.amount).toBe(89);
  await vi.waitFor(async () => expect((await draft()).price.amount).toBe('89'), { timeout: 10_000 });
  const puts = live.requests(PUT);
  await push();
  expect(live.requests(PUT)).toBe(puts);
  expect((await live.listing(listingUuid)).adPrice.amount).toBe(89);
});

it('takes a change seen when one listing is read (its pane, its edit form) into the linked draft', async () => {
  const { listingUuid } = ids();
  await live.api.call('PUT', `/v1/listings/${listingUuid}`, { body: { title: 'Von woanders' } });
  await live.call('listings:get', { uuid: listingUuid });
  await vi.waitFor(async () => expect((await draft()).title).toBe('Von woanders'), { timeout: 10_000 });

  await live.api.call('PUT', `/v1/listings/${listingUuid}`, { body: { description: 'Neu beschrieben.' } });
  await live.call('listings:edit-source', { uuid: listingUuid });
  expect((await draft()).description).toBe('Neu beschrieben.');
  expect(await diff()).toMatchObject({ state: 'same' });
});

it('takes a photo added live into the draft (fetched into its folder), and never removes it on publishing', async () => {
  const { listingUuid } = ids();
  await live.api.addImage(listingUuid);
  const urls = (await live.listing(listingUuid)).urls;
  expect(urls).toHaveLength(3);
  expect(await diff()).toMatchObject({ state: 'same', fromLive: ['photos'] });
  const taken = await draft();
  expect(taken.photos).toHaveLength(3);
  expect(taken.remote!.photoUrls![taken.photos[2]!.id]).toBe(urls[2]);
  expect(existsSync(path.join(live.temp.dataDir, taken.photos[2]!.file))).toBe(true);
  const deletes = live.requests('DELETE /v1/listings/:uuid/media');
  await push();
  expect(live.requests('DELETE /v1/listings/:uuid/media')).toBe(deletes);
  expect((await live.listing(listingUuid)).urls).toEqual(urls);
});
