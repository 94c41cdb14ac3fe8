// The photos of a live listing through the router: added through the drafts' intake (ticket,
// upload, attach), removed, reordered; tickets that ran out are replaced unasked; a 413 gets a
// smaller copy; and changes made by someone else in between give the spec's errors until reloaded.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ListingPhotosResult } from '../../../src/shared/domain/live/live';
import type { PhotoRemoval } from '../../../src/shared/domain/live/live-edit';
import type { ListingsState, ListingView } from '../../../src/shared/ipc/types';
import { colourFor, solidPng } from '../../fixtures/images';
import { photoLike } from '../media/corpus';
import { liveApp, mediaBytes, type LiveApp } from './helpers';

let live: LiveApp;
let uuid: string;
let dir: string;
beforeAll(async () => {
  live = await liveApp([2]);
  uuid = live.published[0]!.listingUuid;
  dir = path.join(live.temp.dataDir, 'dropped');
  mkdirSync(dir, { recursive: true });
}, 30_000);
afterAll(async () => live.close());

/** Writes a file to drop; resolves with its path. */
function drop(name: string, bytes: Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** The mean colour of an image, to tell which photo a media URL shows. */
async function colourOf(bytes: Buffer): Promise<number[]> {
  const { channels } = await sharp(bytes).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

const current = async () => (await live.listing(uuid)).urls;

it('adds dropped photos in order, refusing what is not a photo', async () => {
  const before = await current();
  const files = [
    drop('red.png', solidPng(colourFor(101), 40)),
    drop('notes.txt', Buffer.from('not a photo at all')),
    drop('blue.png', solidPng(colourFor(102), 40)),
  ];
  const result = await live.call<ListingPhotosResult>('listings:add-photos', { uuid, paths: files });
  expect(result.added).toBe(2);
  expect(result.refused).toEqual([expect.objectContaining({ name: 'notes.txt', code: 'not-an-image' })]);
  expect(result.listing.urls).toHaveLength(before.length + 2);
  expect(result.listing.urls.slice(0, before.length)).toEqual(before);
  expect(await current()).toEqual(result.listing.urls);
  const shown = await mediaBytes(result.listing.urls.slice(-2));
  expect(await Promise.all(shown.map(colourOf))).toEqual([colourFor(101), colourFor(102)]);
});

it('adds one photo sent as bytes (web shell)', async () => {
  const before = await current();
  const base64 = solidPng(colourFor(103), 30).toString('base64');
  const result = await live.call<ListingPhotosResult>('listings:add-photo-bytes', {
    uuid,
    name: 'phone.png',
    size: 100,
    base64,
  });
  expect(result).toMatchObject({ added: 1, refused: [] });
  expect(result.listing.urls).toHaveLength(before.length + 1);
});

it('removes one photo and puts the others in a new order', async () => {
  const before = await current();
  const { listing: removed } = await live.call<PhotoRemoval>('listings:remove-photo', {
    uuid,
    url: before[1],
  });
  expect(removed.urls).toEqual(before.filter((url) => url !== before[1]));
  const reversed = [...removed.urls].reverse();
  const ordered = await live.call<ListingView>('listings:order-photos', { uuid, urls: reversed });
  expect(ordered.urls).toEqual(reversed);
  expect(await current()).toEqual(reversed);
});

it('says "invalid-ordering" when photos were removed or added meanwhile; after a reload it works', async () => {
  const seen = await current();
  // Someone else removes a photo.
  await live.api.call('DELETE', `/v1/listings/${uuid}/media?urls=${encodeURIComponent(seen[0]!)}`);
  const views: ListingsState[] = [];
  live.temp.app.events.subscribe((event, payload) => {
    if (event === 'listings:changed') views.push(payload as ListingsState);
  });
  await live.call('listings:list', { refresh: true });
  const error = await live.fail('listings:order-photos', { uuid, urls: [...seen].reverse() });
  expect(error).toMatchObject({ code: 'service', details: { problem: 'invalid-ordering', status: 400 } });
  // In the test app's language (German, its system's).
  expect(error.message).toMatch(/Laden Sie die Fotos neu/);
  // The Listings view already shows what the service has.
  expect(views.at(-1)!.listings.find((l) => l.uuid === uuid)!.urls).toEqual(seen.slice(1));

  // Someone else adds a photo: an order without it is refused too.
  const reloaded = (await live.call<ListingView>('listings:get', { uuid })).urls;
  await live.api.addImage(uuid);
  const again = await live.fail('listings:order-photos', { uuid, urls: [...reloaded].reverse() });
  expect(again.details).toMatchObject({ problem: 'invalid-ordering' });

  const fresh = (await live.call<ListingView>('listings:get', { uuid })).urls;
  const ordered = await live.call<ListingView>('listings:order-photos', { uuid, urls: [...fresh].reverse() });
  expect(ordered.urls).toEqual([...fresh].reverse());
});

it('says "media-not-removed" for a photo removed by someone else', async () => {
  const [url] = await current();
  await live.api.call('DELETE', `/v1/listings/${uuid}/media?urls=${encodeURIComponent(url!)}`);
  const error = await live.fail('listings:remove-photo', { uuid, url });
  expect(error).toMatchObject({ code: 'service', details: { problem: 'media-not-removed', status: 404 } });
});

it('replaces a ticket that ran out or was refused by the storage, without an error', async () => {
  for (const route of ['POST /v1/listings/:uuid/media', 'PUT /storage/:ticket'] as const) {
    const before = await current();
    const tickets = live.requests('POST /v1/media');
    const status = route === 'PUT /storage/:ticket' ? 403 : 404;
    live.sb.faults.add({ route, kind: 'status', status, times: 1 });
    const result = await live.call<ListingPhotosResult>('listings:add-photos', {
      uuid,
      paths: [drop(`again-${status}.png`, solidPng(colourFor(status), 20))],
    });
    expect(result).toMatchObject({ added: 1, refused: [] });
    expect(result.listing.urls).toHaveLength(before.length + 1);
    expect(live.requests('POST /v1/media')).toBe(tickets + 2);
  }
});

it('attaches once when the answer of an attach is lost', async () => {
  const before = await current();
  live.sb.faults.add({ route: 'POST /v1/listings/:uuid/media', kind: 'reset', when: 'after', times: 1 });
  const result = await live.call<ListingPhotosResult>('listings:add-photos', {
    uuid,
    paths: [drop('lost.png', solidPng(colourFor(7), 20))],
  });
  expect(result.added).toBe(1);
  expect(await current()).toHaveLength(before.length + 1);
  expect(result.listing.urls).toEqual(await current());
});

// Many encodes of a noisy 1600 px photo down to the floor: slow on a busy machine (no time is asserted).
it('scales a photo down after a 413, and names it when even that is too large', async () => {
  const big = drop('camera.jpg', await photoLike(1600, 1200).jpeg({ quality: 95 }).toBuffer());
  live.sb.configure({ maxMediaBytes: 300_000 });
  try {
    const result = await live.call<ListingPhotosResult>('listings:add-photos', { uuid, paths: [big] });
    expect(result).toMatchObject({ added: 1, refused: [] });
    const [shown] = await mediaBytes(result.listing.urls.slice(-1));
    expect(shown!.length).toBeLessThanOrEqual(300_000);
    // Lower quality first, then a smaller edge, never below 1024 px (media/shrink.ts).
    expect((await sharp(shown).metadata()).width).toBeGreaterThanOrEqual(1024);

    live.sb.configure({ maxMediaBytes: 1000 });
    const before = await current();
    const refused = await live.call<ListingPhotosResult>('listings:add-photos', { uuid, paths: [big] });
    expect(refused.added).toBe(0);
    expect(refused.refused).toEqual([
      {
        name: 'camera.jpg',
        code: 'media-too-large',
        message: expect.stringContaining('„camera.jpg“ ist selbst verkleinert zu groß'),
      },
    ]);
    expect(await current()).toEqual(before);
  } finally {
    live.sb.configure({ maxMediaBytes: 20 * 1024 * 1024 });
  }
}, 90_000);

it('says "listing-not-found" before taking photos in for a listing the service does not have', async () => {
  const error = await live.fail('listings:add-photos', {
    uuid: '00000000-0000-4000-8000-000000000000',
    paths: [drop('x.png', solidPng(colourFor(1), 10))],
  });
  expect(error.details).toMatchObject({ problem: 'listing-not-found' });
});
