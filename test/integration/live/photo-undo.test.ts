// Removing a live photo with an undo (issue 15): the undo sends the very image again from the local
// copy (the linked draft's file, or one downloaded before the removal) and puts it back at its
// place, on the service and in the linked draft; after the window it is refused in plain words.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { DraftLiveDiff } from '../../../src/shared/domain/live/live';
import type { PhotoRemoval } from '../../../src/shared/domain/live/live-edit';
import type { ListingView } from '../../../src/shared/ipc/types';
import { fromDataPath } from '../../../src/main/storage/draft-files';
import { colourFor } from '../../fixtures/images';
import { liveApp, mediaBytes, type LiveApp, type Published } from './helpers';

let live: LiveApp;
let uuid: string;
let draftId: string;
let main: Published;
let other: Published;
// The app's clock runs this far ahead of the real one (to pass the undo window without waiting).
let ahead = 0;
beforeAll(async () => {
  live = await liveApp([3, 1], { clock: () => Date.now() + ahead });
  // The jobs list in its own order: the ad of three photos is the one the tests mostly use.
  const photos = async (p: Published) =>
    (await live.call<Draft>('drafts:get', { id: p.draftId })).photos.length;
  const three = [];
  for (const p of live.published) if ((await photos(p)) === 3) three.push(p);
  main = three[0]!;
  other = live.published.find((p) => p !== main)!;
  uuid = main.listingUuid;
  draftId = main.draftId;
}, 30_000);
afterAll(async () => live.close());

const colours = async (urls: readonly string[]) =>
  Promise.all(
    (await mediaBytes(urls)).map(async (bytes) =>
      (await sharp(bytes).stats()).channels.slice(0, 3).map((c) => Math.round(c.mean)),
    ),
  );
const draft = () => live.call<Draft>('drafts:get', { id: draftId });
const diff = () => live.call<DraftLiveDiff>('drafts:live-diff', { id: draftId });
const undoCache = () => {
  const dir = path.join(live.temp.dataDir, 'live-undo');
  return existsSync(dir) ? readdirSync(dir) : [];
};

it('puts a removed photo back at its place from the linked draft, on the service and in the draft', async () => {
  const before = (await live.listing(uuid)).urls;
  const original = await draft();
  expect(await colours(before)).toEqual([colourFor(10), colourFor(11), colourFor(12)]);

  const removal = await live.call<PhotoRemoval>('listings:remove-photo', { uuid, url: before[1] });
  expect(removal.undo).toMatchObject({ position: 2, total: 3 });
  expect(removal.listing.urls).toEqual([before[0], before[2]]);
  // The linked draft follows: the photo leaves it, and its map names only URLs the listing shows.
  const without = await draft();
  expect(without.photos.map((p) => p.id)).toEqual([original.photos[0]!.id, original.photos[2]!.id]);
  expect(Object.values(without.remote!.photoUrls!).sort()).toEqual([before[0], before[2]].sort());
  expect((await diff()).state).toBe('same');
  // Its file stays while Undo is offered.
  expect(existsSync(fromDataPath(live.temp.dataDir, original.photos[1]!.file))).toBe(true);

  const restored = await live.call<ListingView>('listings:undo-remove-photo', {
    uuid,
    undoId: removal.undo!.id,
  });
  expect(restored.urls).toHaveLength(3);
  expect(await live.listing(uuid)).toMatchObject({ urls: restored.urls });
  expect(await colours(restored.urls)).toEqual([colourFor(10), colourFor(11), colourFor(12)]);
  const back = await draft();
  expect(back.photos).toEqual(original.photos);
  expect(back.remote!.photoUrls![original.photos[1]!.id]).toBe(restored.urls[1]);
  expect((await diff()).state).toBe('same');
  expect(existsSync(fromDataPath(live.temp.dataDir, original.photos[1]!.file))).toBe(true);
});

it('keeps a downloaded copy of a photo no draft has, and sends those very bytes back', async () => {
  // A linked draft takes in a photo added live (issue 23.1): this listing's draft is unlinked first.
  await live.call('drafts:unlink', { id: other.draftId });
  await live.api.addImage(other.listingUuid);
  const before = (await live.listing(other.listingUuid)).urls;
  const [added] = await mediaBytes(before.slice(-1));
  // Put the foreign photo first, so putting it back means an order call too.
  const first = [before.at(-1)!, ...before.slice(0, -1)];
  await live.call('listings:order-photos', { uuid: other.listingUuid, urls: first });

  const removal = await live.call<PhotoRemoval>('listings:remove-photo', {
    uuid: other.listingUuid,
    url: first[0],
  });
  expect(removal.undo).toMatchObject({ position: 1, total: 2 });
  expect(undoCache()).toHaveLength(1);

  const restored = await live.call<ListingView>('listings:undo-remove-photo', {
    uuid: other.listingUuid,
    undoId: removal.undo!.id,
  });
  expect(restored.urls.slice(1)).toEqual(first.slice(1));
  expect((await mediaBytes(restored.urls.slice(0, 1)))[0]!.equals(added!)).toBe(true);
  expect(undoCache()).toHaveLength(0);
  expect((await live.call<Draft>('drafts:get', { id: other.draftId })).photos).toHaveLength(1);
});

it('refuses an undo after its window in plain words, and lets the kept copy go', async () => {
  const before = (await live.listing(uuid)).urls;
  const photo = (await draft()).photos[0]!;
  const removal = await live.call<PhotoRemoval>('listings:remove-photo', { uuid, url: before[0] });
  ahead += removal.undo!.windowMs + 1_000;

  const error = await live.fail('listings:undo-remove-photo', { uuid, undoId: removal.undo!.id });
  expect(error).toMatchObject({ code: 'conflict', details: { problem: 'undo-expired' } });
  // In the test app's language (German, its system's).
  expect(error.message).toMatch(/^Die Zeit, um dieses Entfernen rückgängig zu machen, ist abgelaufen/);
  expect((await live.listing(uuid)).urls).toEqual(before.slice(1));
  expect(existsSync(fromDataPath(live.temp.dataDir, photo.file))).toBe(false);
  expect((await draft()).photos.map((p) => p.id)).not.toContain(photo.id);
});
