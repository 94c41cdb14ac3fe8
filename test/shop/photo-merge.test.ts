// The same file added to one draft on two desks apart (issue 24.4, checked from outside): photos
// added on both sides are all kept, but the same photo (the same sha-256) added on both is one
// photo; every file of the merged draft is there on both desks, none gone missing.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import type { AddPhotosResult } from '../../src/shared/ipc/types';
import { colourFor, solidPng } from '../fixtures/images';
import type { CutProxy } from './helpers/cut-proxy';
import { deskBehindProxy, type Desk } from './helpers/desks';

const desks: Desk[] = [];
const proxies: CutProxy[] = [];
afterEach(async () => {
  for (const desk of desks.splice(0).reverse()) await desk.remove();
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

const soon = { timeout: 15_000, interval: 50 };

/** A folder holding one PNG of colour `n` (the same bytes each time). */
function onePhoto(n: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-same-photo-'));
  writeFileSync(path.join(folder, `photo ${n}.png`), solidPng(colourFor(n), 96));
  return folder;
}

const addPhoto = async (desk: Desk, draftId: string, n: number) =>
  (await desk.call<AddPhotosResult>('drafts:add-photos', { draftId, batchId: `b${n}`, paths: [onePhoto(n)] }))
    .draft;

it('keeps one photo when both desks added the same file apart, with its files on both desks', async () => {
  const { a, b, proxy } = await deskBehindProxy(desks, proxies);
  const made = await a.call<Draft>('drafts:create');
  await addPhoto(a, made.id, 1);
  await vi.waitFor(
    async () => expect((await b.call<Draft>('drafts:get', { id: made.id })).photos).toHaveLength(1),
    soon,
  );

  proxy.cut();
  await vi.waitFor(() => expect(b.app.shop!.sync.session.link().state).toBe('offline'), soon);
  // The same file imported on each desk; the other desk also adds a photo of its own.
  await addPhoto(a, made.id, 2);
  await addPhoto(b, made.id, 2);
  await addPhoto(b, made.id, 3);
  proxy.heal();

  await vi.waitFor(async () => {
    const [onA, onB] = await Promise.all(
      [a, b].map((desk) => desk.call<Draft>('drafts:get', { id: made.id })),
    );
    expect(onA!.photos.map((p) => p.originalName)).toEqual(onB!.photos.map((p) => p.originalName));
    expect(onA!.photos.map((p) => p.originalName).sort()).toEqual([
      'photo 1.png',
      'photo 2.png',
      'photo 3.png',
    ]);
    expect(onA!.photos.map((p) => p.id)).toEqual(onB!.photos.map((p) => p.id));
    // Every file the draft names is on both desks, the same bytes.
    for (const photo of onA!.photos)
      for (const file of [photo.file, photo.thumb])
        expect(readFileSync(path.join(b.dataDir, file))).toEqual(readFileSync(path.join(a.dataDir, file)));
  }, soon);
});
