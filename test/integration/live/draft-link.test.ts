// A published draft stays linked to its listing: the app tells whether the two differ, sends the
// difference as an update of that listing (never a new one), and unlinks a draft whose listing is
// gone. Driven through the router against the app's embedded sandbox.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { DraftLiveDiff } from '../../../src/shared/domain/live/live';
import type { PublishState } from '../../../src/shared/domain/publishing/publish-job';
import type { AddPhotosResult } from '../../../src/shared/ipc/types';
import { colourFor, solidPng } from '../../fixtures/images';
import { liveApp, mediaBytes, type LiveApp } from './helpers';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';

let live: LiveApp;
beforeEach(async () => {
  live = await liveApp([2]);
}, 30_000);
afterEach(async () => live.close());

const SAME = {
  state: 'same',
  fields: [],
  photos: { added: 0, removed: 0, reordered: false },
  rows: [],
  fromLive: [],
};
const draft = () => live.call<Draft>('drafts:get', { id: live.published[0]!.draftId });
const diff = () => live.call<DraftLiveDiff>('drafts:live-diff', { id: live.published[0]!.draftId });
const push = () => live.call<DraftLiveDiff>('drafts:push-changes', { id: live.published[0]!.draftId });
const listingCount = () => Object.values(live.sb.stats().clients)[0]!.listings;

async function colours(urls: readonly string[]): Promise<number[][]> {
  const shown = await mediaBytes(urls);
  return Promise.all(
    shown.map(async (bytes) =>
      (await sharp(bytes).stats()).channels.slice(0, 3).map((c) => Math.round(c.mean)),
    ),
  );
}

async function save(change: (d: Draft) => Partial<Draft>): Promise<Draft> {
  const current = await draft();
  return live.call<Draft>('drafts:save', { draft: { ...draftFieldsOf(current), ...change(current) } });
}

it('links the published draft photo by photo, and finds nothing to send', async () => {
  const { listingUuid, draftId } = live.published[0]!;
  const linked = await draft();
  const listing = await live.listing(listingUuid);
  expect(linked.remote?.photoUrls).toEqual(
    Object.fromEntries(linked.photos.map((photo, i) => [photo.id, listing.urls[i]])),
  );
  expect(await diff()).toEqual({ draftId, listingUuid, ...SAME });
  // The sandbox quirk aside, a listing returning the full category path is the same too.
  live.sb.setQuirks({ categoryResponse: 'path' });
  expect(await diff()).toMatchObject(SAME);
});

it('sends a new price and photo order as an update of the listing, then has nothing more to send', async () => {
  const { listingUuid, draftId, jobId } = live.published[0]!;
  const before = await draft();
  live.sb.configure({ validationDelayMs: 300 });
  await save(() => ({ price: { type: 'FIXED', amount: '99,00' } }));
  await live.call('drafts:set-photos', { draftId, photoIds: before.photos.map((p) => p.id).reverse() });
  expect((await draft()).status).toBe('published');
  expect(await diff()).toMatchObject({
    state: 'differs',
    fields: ['price'],
    photos: { added: 0, removed: 0, reordered: true },
  });

  const listings = listingCount();
  expect(await push()).toMatchObject(SAME);
  const listing = await live.listing(listingUuid);
  expect(listing.adPrice.amount).toBe(99);
  expect(await colours(listing.urls)).toEqual([colourFor(11), colourFor(10)]);
  expect(listingCount()).toBe(listings);

  // The price reaches the publication: validated again, and the job follows it back to 'published'.
  const job = async () => (await live.call<PublishState>('publish:list')).jobs.find((j) => j.id === jobId)!;
  expect((await job()).state).toBe('tracking');
  await vi.waitFor(async () => expect((await job()).state).toBe('published'), {
    timeout: 10_000,
    interval: 100,
  });
  await vi.waitFor(async () => expect((await draft()).status).toBe('published'));

  const routes = ['PUT /v1/listings/:uuid', 'PUT /v1/listings/:uuid/media/order', 'POST /v1/media'];
  const counts = routes.map((route) => live.requests(route));
  expect(await push()).toMatchObject(SAME);
  expect(routes.map((route) => live.requests(route))).toEqual(counts);
}, 30_000);

it('sends added and removed photos, and follows one removed by someone else', async () => {
  const { listingUuid, draftId, jobId } = live.published[0]!;
  const dir = path.join(live.temp.dataDir, 'dropped');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'new.png');
  writeFileSync(file, solidPng(colourFor(42), 32));
  const added = await live.call<AddPhotosResult>('drafts:add-photos', {
    draftId,
    batchId: 'b1',
    paths: [file],
  });
  const [first, second, fresh] = added.draft.photos;
  // The new photo first, the first one dropped.
  await live.call('drafts:set-photos', { draftId, photoIds: [fresh!.id, second!.id] });
  await save(() => ({ title: 'Artikel 1, mit neuem Foto' }));
  expect(await diff()).toMatchObject({
    state: 'differs',
    fields: ['title'],
    photos: { added: 1, removed: 1, reordered: false },
  });
  let settled = false;
  let toldDraft = false;
  live.temp.app.events.subscribe((event, payload) => {
    if (event === 'publish:changed')
      settled ||= (payload as PublishState).jobs.some((j) => j.id === jobId && j.state === 'published');
    if (event === 'drafts:changed' && settled)
      toldDraft ||= (payload as { ids: string[] }).ids.includes(draftId);
  });
  expect(await push()).toMatchObject(SAME);
  let listing = await live.listing(listingUuid);
  expect(listing.title).toBe('Artikel 1, mit neuem Foto');
  expect(await colours(listing.urls)).toEqual([colourFor(42), colourFor(11)]);
  // Once the publication is validated again, the draft's link is still the one the push made
  // (the job's own photo URLs are older).
  await vi.waitFor(() => expect(toldDraft).toBe(true), { timeout: 10_000, interval: 50 });
  expect((await draft()).remote!.photoUrls).toEqual({
    [fresh!.id]: listing.urls[0],
    [second!.id]: listing.urls[1],
  });
  expect((await draft()).remote!.photoUrls![first!.id]).toBeUndefined();
  expect(await diff()).toMatchObject(SAME);

  // Someone else removes a photo: the draft follows (issue 23.1), and nothing puts it back.
  await live.api.call(
    'DELETE',
    `/v1/listings/${listingUuid}/media?urls=${encodeURIComponent(listing.urls[0]!)}`,
  );
  expect(await diff()).toMatchObject({ ...SAME, fromLive: ['photos'] });
  expect((await draft()).photos.map((p) => p.id)).toEqual([second!.id]);
  expect(await push()).toMatchObject(SAME);
  listing = await live.listing(listingUuid);
  expect(await colours(listing.urls)).toEqual([colourFor(11)]);
});

it('does not add a photo twice when a push stops half-way and is tried again', async () => {
  const { listingUuid, draftId } = live.published[0]!;
  const before = await draft();
  const dir = path.join(live.temp.dataDir, 'dropped');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'late.png');
  writeFileSync(file, solidPng(colourFor(77), 32));
  const added = await live.call<AddPhotosResult>('drafts:add-photos', {
    draftId,
    batchId: 'b2',
    paths: [file],
  });
  const fresh = added.draft.photos.at(-1)!;
  await live.call('drafts:set-photos', { draftId, photoIds: [fresh.id, ...before.photos.map((p) => p.id)] });
  live.sb.faults.add({ route: 'PUT /v1/listings/:uuid/media/order', kind: 'status', status: 403, times: 1 });
  const media = () => Object.values(live.sb.stats().clients)[0]!.media;
  const mediaBefore = media();

  const error = await live.fail('drafts:push-changes', { id: draftId });
  expect(error).toMatchObject({ code: 'service', details: { problem: 'forbidden' } });
  expect((await draft()).remote!.photoUrls![fresh.id]).toBeTruthy();
  expect(media()).toBe(mediaBefore + 1);

  expect(await push()).toMatchObject(SAME);
  expect(media()).toBe(mediaBefore + 1);
  const listing = await live.listing(listingUuid);
  expect(await colours(listing.urls)).toEqual([colourFor(77), colourFor(10), colourFor(11)]);
});

it('says when the listing is gone or cannot be asked, and unlinks the draft', async () => {
  const { listingUuid, draftId } = live.published[0]!;
  live.sb.faults.add({ route: 'GET /v1/listings/:uuid', kind: 'status', status: 403, times: 1 });
  expect(await diff()).toMatchObject({ state: 'unknown', listingUuid, problem: { problem: 'forbidden' } });

  live.sb.faults.add({ route: 'GET /v1/listings/:uuid', kind: 'status', status: 404, times: 2 });
  expect(await diff()).toMatchObject({
    state: 'gone',
    listingUuid,
    problem: { problem: 'listing-not-found' },
  });
  const error = await live.fail('drafts:push-changes', { id: draftId });
  expect(error).toMatchObject({ code: 'service', details: { problem: 'listing-not-found' } });
  // In the test app's language (German, its system's).
  expect(error.message).toMatch(/verknüpfter Entwurf kann gelöst/);

  const unlinked = await live.call<Draft>('drafts:unlink', { id: draftId });
  expect(unlinked).toMatchObject({ remote: null, status: 'ready' });
  expect(await diff()).toEqual({
    draftId,
    listingUuid: null,
    state: 'unlinked',
    fields: [],
    photos: { added: 0, removed: 0, reordered: false },
    rows: [],
    fromLive: [],
  });
  const refused = await live.fail('drafts:push-changes', { id: draftId });
  expect(refused.code).toBe('conflict');
});

it('says which fields keep an incomplete draft from being sent', async () => {
  await save(() => ({ price: { type: 'FIXED', amount: 'abc' } }));
  expect(await diff()).toMatchObject({
    state: 'differs',
    fields: ['price'],
    problem: { problem: 'not-publishable' },
  });
  const error = await live.fail('drafts:push-changes', { id: live.published[0]!.draftId });
  expect(error).toMatchObject({ code: 'invalid-input', message: expect.stringContaining('price') });
});
