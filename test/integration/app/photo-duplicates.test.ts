// A photo added to a draft that looks like one it already has (or one earlier in the same drop) is
// named in the intake's answer, and kept until the seller chooses; older drafts whose photos have
// no hash get one when a new photo is compared with them. Through the router, real intake.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { AddPhotosResult } from '../../../src/shared/ipc/types';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';
import { photoLike } from '../media/corpus';

let temp: TempApp;
const outside = tempDir('listing-desk-dupes-');

beforeEach(async () => {
  temp = await createTempApp();
});
afterEach(async () => {
  await temp.remove();
});
afterAll(() => outside.remove());

const call = <T>(channel: string, input?: unknown) => temp.call<T>(channel, input);

const addBytes = (draftId: string, name: string, bytes: Buffer) =>
  call<AddPhotosResult>('drafts:add-photo-bytes', {
    draftId,
    batchId: `b-${name}`,
    name,
    size: bytes.byteLength,
    base64: bytes.toString('base64'),
  });

describe('photos added twice', () => {
  it('names an identical photo and a smaller re-encoded copy, never a different photo', async () => {
    const draft = await call<Draft>('drafts:create');
    const beach = await photoLike(800, 600, 0).jpeg({ quality: 90 }).toBuffer();
    const first = await addBytes(draft.id, 'IMG_1.jpg', beach);
    expect(first.duplicates).toEqual([]);
    const original = first.draft.photos[0]!;
    expect(original.hash).toMatch(/^[0-9a-f]{40}$/);

    const again = await addBytes(draft.id, 'IMG_2.jpg', beach);
    expect(again.added).toBe(1);
    const second = again.draft.photos[1]!;
    expect(again.duplicates).toEqual([{ photoId: second.id, sameAs: original.id, identical: true }]);

    const copy = await sharp(beach).resize(400).jpeg({ quality: 50 }).toBuffer();
    const near = await addBytes(draft.id, 'IMG_3 klein.jpg', copy);
    expect(near.duplicates).toEqual([
      { photoId: near.draft.photos[2]!.id, sameAs: original.id, identical: false },
    ]);

    const other = await addBytes(draft.id, 'IMG_4.jpg', await photoLike(800, 600, 60).jpeg().toBuffer());
    expect(other.duplicates).toEqual([]);
    // Nothing was dropped: the seller chooses.
    expect(other.draft.photos).toHaveLength(4);
  });

  it('names a photo that repeats one earlier in the same dropped folder', async () => {
    const draft = await call<Draft>('drafts:create');
    const folder = path.join(outside.dir, `drop-${Date.now()}`);
    const bytes = await photoLike(640, 480, 30).png().toBuffer();
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'a.png'), bytes);
    writeFileSync(path.join(folder, 'b.png'), await photoLike(640, 480, 90).png().toBuffer());
    writeFileSync(path.join(folder, 'c.png'), bytes);
    const result = await call<AddPhotosResult>('drafts:add-photos', {
      draftId: draft.id,
      batchId: 'folder',
      paths: [folder],
    });
    const byName = Object.fromEntries(result.draft.photos.map((p) => [p.originalName, p.id]));
    expect(result.duplicates).toEqual([
      { photoId: byName['c.png'], sameAs: byName['a.png'], identical: true },
    ]);
  });

  it('hashes the photos of an older draft (no hash stored) when a new one is compared with them', async () => {
    const draft = await call<Draft>('drafts:create');
    const bytes = await photoLike(640, 480, 10).jpeg().toBuffer();
    const { draft: stored } = await addBytes(draft.id, 'alt.jpg', bytes);
    // As a draft saved before hashes existed: the photo without one (edited with the app closed).
    const dir = temp.dataDir;
    await temp.app.close();
    const file = path.join(dir, 'drafts', `${draft.id}.json`);
    const json = JSON.parse(readFileSync(file, 'utf8')) as { photos: { hash?: string }[] };
    delete json.photos[0]!.hash;
    writeFileSync(file, JSON.stringify(json));
    temp = await createTempApp(dir);
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    expect((await call<Draft>('drafts:get', { id: draft.id })).photos[0]!.hash).toBeUndefined();

    const result = await addBytes(draft.id, 'neu.jpg', bytes);
    expect(result.duplicates).toEqual([
      { photoId: result.draft.photos[1]!.id, sameAs: stored.photos[0]!.id, identical: true },
    ]);
    expect(result.draft.photos[0]!.hash).toMatch(/^[0-9a-f]{40}$/);
  });
});
