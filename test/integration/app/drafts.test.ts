// Drafts through the router, as the renderer uses them: new drafts filled from the account's
// defaults, saves that never drop photos, photo intake from paths and from bytes (with progress
// and refusals naming each file), order and removal, suggestions, and the trash.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type {
  AddPhotosResult,
  DraftsListResult,
  DraftSuggestions,
  IntakeProgress,
} from '../../../src/shared/ipc/types';
import { colourFor, solidPng } from '../../fixtures/images';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';
import { sidewaysWithGps } from '../media/corpus';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';

let temp: TempApp;
const outside = tempDir('listing-desk-drop-');

beforeEach(async () => {
  temp = await createTempApp();
});
afterEach(async () => {
  await temp.remove();
});

const call = <T>(channel: string, input?: unknown) => temp.call<T>(channel, input);
const fail = (channel: string, input?: unknown) => temp.fail(channel, input);

/** A folder as a seller would drop it: photos, a text file, and a link leading outside it. */
function droppedFolder(): string {
  const folder = path.join(outside.dir, `Urlaub ${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'IMG 10.png'), solidPng(colourFor(2)));
  writeFileSync(path.join(folder, 'IMG 2.png'), solidPng(colourFor(1)));
  writeFileSync(path.join(folder, 'Фото 1.png'), solidPng(colourFor(3)));
  writeFileSync(path.join(folder, 'notes.txt'), 'not a photo');
  writeFileSync(path.join(outside.dir, 'elsewhere.png'), solidPng(colourFor(4)));
  symlinkSync(path.join(outside.dir, 'elsewhere.png'), path.join(folder, 'link.png'));
  return folder;
}

describe('drafts through the router', () => {
  it('fills a new draft from the active account’s defaults', async () => {
    const defaults = {
      email: 'anna@example.de',
      phoneNumber: '+49 30 1234',
      contactPerson: 'Anna',
      street: 'Hauptstr. 1',
      city: 'Berlin',
      district: '',
      postalCode: '10115',
      availabilityRadiusInKm: '25',
      descriptionFooter: 'Privatverkauf, keine Rücknahme.',
    };
    await call('accounts:set-defaults', { id: 'sandbox', defaults });
    const draft = await call<Draft>('drafts:create');
    expect(draft).toMatchObject({
      accountId: 'sandbox',
      email: 'anna@example.de',
      phoneNumber: '+49 30 1234',
      contactPerson: 'Anna',
      adType: 'OFFER',
      price: { type: 'FIXED', amount: null },
      publication: {
        street: 'Hauptstr. 1',
        city: 'Berlin',
        district: null,
        postalCode: '10115',
        availabilityRadiusInKm: '25',
      },
    });
    expect(draft.description).toContain('Privatverkauf, keine Rücknahme.');
    // Defaults survive a restart of the app.
    await temp.app.close();
    temp = await createTempApp(temp.dataDir);
    const state = await call<{ accounts: { id: string; defaults: typeof defaults }[] }>('accounts:list');
    expect(state.accounts.find((a) => a.id === 'sandbox')?.defaults).toEqual(defaults);
  });

  it('saves what was typed, also when invalid, and lists it with its issue count', async () => {
    const draft = await call<Draft>('drafts:create');
    const saved = await call<Draft>('drafts:save', {
      draft: { ...draftFieldsOf(draft), title: 'Kühlschrank', price: { type: 'FIXED', amount: '-1' } },
    });
    expect(saved.price.amount).toBe('-1');
    expect(saved.status).toBe('draft');
    const list = await call<DraftsListResult>('drafts:list', { query: 'kuhl' });
    expect(list.items.map((i) => i.title)).toEqual(['Kühlschrank']);
    expect(list.items[0]!.issueCount).toBeGreaterThan(0);
    expect(list.items[0]).not.toHaveProperty('searchText');
  });

  it('a save with the fields it started from writes only what differs from them (issue 24.4)', async () => {
    const base = draftFieldsOf(await call<Draft>('drafts:create'));
    // Another path (a bulk edit, another desk) changes the price; the editor still shows the old one.
    await call('drafts:save', { draft: { ...base, price: { type: 'FIXED', amount: '75' } } });
    const saved = await call<Draft>('drafts:save', { draft: { ...base, description: 'Neu getippt' }, base });
    expect(saved.description).toBe('Neu getippt');
    expect(saved.price).toEqual({ type: 'FIXED', amount: '75' });
    expect((await call<Draft>('drafts:get', { id: base.id })).price.amount).toBe('75');
    const other = draftFieldsOf(await call<Draft>('drafts:create'));
    expect((await fail('drafts:save', { draft: base, base: other })).code).toBe('invalid-input');
  });

  it('refuses a save that carries photos or a path: photos have their own calls', async () => {
    const draft = await call<Draft>('drafts:create');
    const error = await fail('drafts:save', { draft: { ...draftFieldsOf(draft), photos: [] } });
    expect(error.code).toBe('invalid-input');
    const unknown = await fail('drafts:get', { id: '3f1c2b9e-1111-4a4a-8b8b-000000000000' });
    expect(unknown.code).toBe('not-found');
  });

  it('takes in a dropped folder: photos in name order, refusals naming each left-out file', async () => {
    const draft = await call<Draft>('drafts:create');
    const progress: IntakeProgress[] = [];
    temp.app.events.subscribe((event, payload) => {
      if (event === 'drafts:intake-progress') progress.push(payload as IntakeProgress);
    });
    const folder = droppedFolder();
    const result = await call<AddPhotosResult>('drafts:add-photos', {
      draftId: draft.id,
      batchId: 'b1',
      paths: [folder],
    });
    expect(result.added).toBe(3);
    expect(result.draft.photos.map((p) => p.originalName)).toEqual(['IMG 2.png', 'IMG 10.png', 'Фото 1.png']);
    const refused = Object.fromEntries(result.refused.map((r) => [r.name, r]));
    expect(refused['notes.txt']?.message).toContain('“notes.txt”');
    expect(refused['link.png']?.code).toBe('outside-folder');
    expect(refused['link.png']?.message).toContain('“link.png”');
    expect(progress.at(-1)).toMatchObject({ draftId: draft.id, batchId: 'b1', total: 4, done: 4 });
    for (const photo of result.draft.photos) {
      expect(existsSync(path.join(temp.dataDir, photo.file))).toBe(true);
      expect(existsSync(path.join(temp.dataDir, photo.thumb))).toBe(true);
      await expect(temp.app.photoFile(`/${photo.thumb}`)).resolves.toBe(path.join(temp.dataDir, photo.thumb));
    }
    // What main stored is what the list shows.
    const list = await call<DraftsListResult>('drafts:list');
    expect(list.items[0]).toMatchObject({ photoCount: 3, coverThumb: result.draft.photos[0]!.thumb });
  });

  it('takes in bytes from the web shell’s page, strips the GPS position, and words a file too large to send', async () => {
    const draft = await call<Draft>('drafts:create');
    const bytes = await sidewaysWithGps(640, 480);
    const added = await call<AddPhotosResult>('drafts:add-photo-bytes', {
      draftId: draft.id,
      batchId: 'b2',
      name: 'Strand mit GPS.jpg',
      size: bytes.byteLength,
      base64: bytes.toString('base64'),
    });
    expect(added.added).toBe(1);
    const stored = readFileSync(path.join(temp.dataDir, added.draft.photos[0]!.file));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    // Upright after the EXIF orientation was applied: the sideways 640 × 480 stands 480 × 640.
    expect([meta.width, meta.height]).toEqual([480, 640]);

    const big = await call<AddPhotosResult>('drafts:add-photo-bytes', {
      draftId: draft.id,
      batchId: 'b3',
      name: 'Riesig 60MB.png',
      size: 60 * 1024 * 1024,
      base64: null,
    });
    expect(big.added).toBe(0);
    expect(big.refused[0]).toMatchObject({ name: 'Riesig 60MB.png', code: 'too-large' });
    expect(big.refused[0]!.message).toContain('“Riesig 60MB.png”');
    expect(big.draft.photos).toHaveLength(1);
  });

  it('scales photos down to the largest edge chosen in Settings', async () => {
    await call('settings:set', { photoMaxEdge: 1600 });
    const draft = await call<Draft>('drafts:create');
    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const { draft: stored } = await call<AddPhotosResult>('drafts:add-photo-bytes', {
      draftId: draft.id,
      batchId: 'edge',
      name: 'Panorama.jpg',
      size: wide.byteLength,
      base64: wide.toString('base64'),
    });
    expect(stored.photos[0]).toMatchObject({ width: 1600, height: 800 });
    const meta = await sharp(readFileSync(path.join(temp.dataDir, stored.photos[0]!.file))).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 800]);
  });

  it('orders, makes a cover and removes photos; removed files leave the disk', async () => {
    const draft = await call<Draft>('drafts:create');
    const { draft: withPhotos } = await call<AddPhotosResult>('drafts:add-photos', {
      draftId: draft.id,
      batchId: 'b',
      paths: [droppedFolder()],
    });
    const [a, b, c] = withPhotos.photos as [Draft['photos'][0], Draft['photos'][0], Draft['photos'][0]];
    const reordered = await call<Draft>('drafts:set-photos', {
      draftId: draft.id,
      photoIds: [c.id, a.id, b.id],
    });
    expect(reordered.photos.map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    const removed = await call<Draft>('drafts:set-photos', {
      draftId: draft.id,
      photoIds: [c.id, b.id, 'nope'],
    });
    expect(removed.photos.map((p) => p.id)).toEqual([c.id, b.id]);
    expect(existsSync(path.join(temp.dataDir, a.file))).toBe(false);
    expect(existsSync(path.join(temp.dataDir, a.thumb))).toBe(false);
    expect((await call<Draft>('drafts:get', { id: draft.id })).photos.map((p) => p.id)).toEqual([c.id, b.id]);
  });

  it('never drops photos that arrive while the seller keeps typing', async () => {
    const draft = await call<Draft>('drafts:create');
    const folder = droppedFolder();
    const intake = call<AddPhotosResult>('drafts:add-photos', {
      draftId: draft.id,
      batchId: 'b',
      paths: [folder],
    });
    // Saves made from the editor's copy, which has no photos yet.
    const saves = Array.from({ length: 10 }, (_, i) =>
      call<Draft>('drafts:save', { draft: { ...draftFieldsOf(draft), title: `Titel ${i}` } }),
    );
    await Promise.all([intake, ...saves]);
    const stored = await call<Draft>('drafts:get', { id: draft.id });
    expect(stored.photos).toHaveLength(3);
    expect(stored.title).toBe('Titel 9');
  });

  it('suggests the starting attributes, then what the seller used, also after a restart', async () => {
    const first = await call<DraftSuggestions>('drafts:suggestions');
    expect(first.attributes).toMatchObject({ art: [], condition: ['like_new'], versand: ['ja'] });
    const draft = await call<Draft>('drafts:create');
    await call('drafts:save', {
      draft: {
        ...draftFieldsOf(draft),
        category: 'Haushalt/Küche',
        attributes: { condition: 'used', farbe: 'rot' },
      },
    });
    await temp.app.close();
    temp = await createTempApp(temp.dataDir);
    const later = await call<DraftSuggestions>('drafts:suggestions');
    expect(later.categories).toContain('Haushalt/Küche');
    expect(later.attributes.condition).toEqual(['used', 'like_new']);
    expect(later.attributes.farbe).toEqual(['rot']);
  });

  it('does not offer a category typed half-way as a suggestion (issue 33.8)', async () => {
    const draft = await call<Draft>('drafts:create');
    for (const category of ['Mö', 'Möbel', 'Haus_Garten/Möbel'])
      await call('drafts:save', { draft: { ...draftFieldsOf(draft), category } });
    const { categories } = await call<DraftSuggestions>('drafts:suggestions');
    expect(categories).toContain('Haus_Garten/Möbel');
    expect(categories).not.toContain('Mö');
    expect(categories).not.toContain('Möbel');
  });

  it('moves drafts to the trash, restores them, and empties the trash with their photos', async () => {
    const a = await call<Draft>('drafts:create');
    const b = await call<Draft>('drafts:create');
    const { draft: withPhotos } = await call<AddPhotosResult>('drafts:add-photos', {
      draftId: b.id,
      batchId: 'b',
      paths: [droppedFolder()],
    });
    expect(await call('drafts:trash', { ids: [a.id, b.id] })).toEqual({ count: 2 });
    expect(await call<DraftsListResult>('drafts:list')).toMatchObject({ total: 0, trashCount: 2 });
    expect((await call<DraftsListResult>('drafts:list', { trash: true })).items).toHaveLength(2);
    expect((await fail('drafts:save', { draft: draftFieldsOf(a) })).code).toBe('conflict');
    expect(await call('drafts:restore', { ids: [a.id] })).toEqual({ count: 1 });
    expect(await call('drafts:empty-trash')).toEqual({ count: 1 });
    expect(existsSync(path.join(temp.dataDir, withPhotos.photos[0]!.file))).toBe(false);
    expect(await call<DraftsListResult>('drafts:list')).toMatchObject({ total: 1, trashCount: 0 });
  });
});

describe('photo addresses', () => {
  it('serve only intake-named files inside a draft’s photo folder', async () => {
    const id = '3f1c2b9e-1111-4a4a-8b8b-000000000000';
    const photo = '0b6f1f0e-2222-4b4b-9c9c-111111111111';
    const thumb = path.join(temp.dataDir, 'photos', id, `${photo}.thumb.jpg`);
    mkdirSync(path.dirname(thumb), { recursive: true });
    writeFileSync(thumb, 'JPEG');
    writeFileSync(path.join(temp.dataDir, 'photos', id, `${photo}.json`), '{}');
    await expect(temp.app.photoFile(`/photos/${id}/${photo}.thumb.jpg`)).resolves.toBe(thumb);
    for (const hostile of [
      `/photos/${id}/../../accounts.json`,
      `/photos/${id}/%2e%2e/x.jpg`,
      `/photos/../drafts/${id}.json`,
      `/photos/${id}/${photo}.json`,
      `/drafts/${id}.json`,
      `/photos/${id}/${photo}.jpg/`,
    ]) {
      await expect(temp.app.photoFile(hostile)).resolves.toBeUndefined();
    }
  });
});
