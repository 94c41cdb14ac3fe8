import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsService } from '../../../src/main/storage/settings';
import { confStoreFactory } from '../../../src/main/storage/store-factory';
import { tempDir } from '../helpers/temp-app';

describe('createSettingsService', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());

  it("starts at language 'system'", () => {
    const settings = createSettingsService(confStoreFactory, temp.dir);
    expect(settings.get()).toEqual({
      language: 'system',
      theme: 'system',
      photoMaxEdge: 2048,
      publishDrafts: 'auto',
      publishUploads: 16,
    });
    expect(settings.movedAside).toBeUndefined();
  });

  it('updates and returns the new settings, and keeps them on disk', () => {
    const settings = createSettingsService(confStoreFactory, temp.dir);
    expect(settings.update({ language: 'en' })).toEqual({
      language: 'en',
      theme: 'system',
      photoMaxEdge: 2048,
      publishDrafts: 'auto',
      publishUploads: 16,
    });
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toEqual({
      language: 'en',
      theme: 'system',
      photoMaxEdge: 2048,
      publishDrafts: 'auto',
      publishUploads: 16,
    });
  });

  it('leaves the language as it is for an empty patch', () => {
    const settings = createSettingsService(confStoreFactory, temp.dir);
    settings.update({ language: 'de' });
    expect(settings.update({})).toEqual({
      language: 'de',
      theme: 'system',
      photoMaxEdge: 2048,
      publishDrafts: 'auto',
      publishUploads: 16,
    });
  });

  it('returns only the known settings, not other keys in the file', () => {
    writeFileSync(path.join(temp.dir, 'settings.json'), JSON.stringify({ language: 'de', stray: 1 }));
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toEqual({
      language: 'de',
      theme: 'system',
      photoMaxEdge: 2048,
      publishDrafts: 'auto',
      publishUploads: 16,
    });
  });

  it('keeps the photos’ maximum edge, and falls back to 2048 for a value it does not offer', () => {
    const settings = createSettingsService(confStoreFactory, temp.dir);
    expect(settings.update({ photoMaxEdge: 3000 })).toEqual({
      language: 'system',
      theme: 'system',
      photoMaxEdge: 3000,
      publishDrafts: 'auto',
      publishUploads: 16,
    });
    expect(createSettingsService(confStoreFactory, temp.dir).get().photoMaxEdge).toBe(3000);
    writeFileSync(
      path.join(temp.dir, 'settings.json'),
      JSON.stringify({ language: 'de', photoMaxEdge: 5, publishDrafts: 99 }),
    );
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toEqual({
      language: 'de',
      theme: 'system',
      photoMaxEdge: 2048,
      publishDrafts: 'auto',
      publishUploads: 16,
    });
  });

  it('reads the old default 4096 of a file from before the 2048 px default as 2048; an edge chosen stays', () => {
    const file = path.join(temp.dir, 'settings.json');
    // Every install wrote its defaults into the file: 4096 there says nothing about a choice.
    writeFileSync(file, JSON.stringify({ language: 'de', photoMaxEdge: 4096 }));
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toMatchObject({
      language: 'de',
      theme: 'system',
      photoMaxEdge: 2048,
    });
    // Another edge was the seller's choice, then as now.
    writeFileSync(file, JSON.stringify({ language: 'de', photoMaxEdge: 6000 }));
    expect(createSettingsService(confStoreFactory, temp.dir).get().photoMaxEdge).toBe(6000);
    // 4096 chosen now is kept, also after a restart.
    writeFileSync(file, JSON.stringify({ language: 'de', photoMaxEdge: 4096 }));
    expect(
      createSettingsService(confStoreFactory, temp.dir).update({ photoMaxEdge: 4096 }).photoMaxEdge,
    ).toBe(4096);
    expect(createSettingsService(confStoreFactory, temp.dir).get().photoMaxEdge).toBe(4096);
  });

  it('keeps how many drafts and uploads run at once, and falls back to Automatic and 16 for values out of range', () => {
    const settings = createSettingsService(confStoreFactory, temp.dir);
    expect(settings.update({ publishDrafts: 2, publishUploads: 12 })).toMatchObject({
      publishDrafts: 2,
      publishUploads: 12,
    });
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toMatchObject({
      publishDrafts: 2,
      publishUploads: 12,
    });
    writeFileSync(
      path.join(temp.dir, 'settings.json'),
      JSON.stringify({ publishDrafts: 0, publishUploads: 'six' }),
    );
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toMatchObject({
      publishDrafts: 'auto',
      publishUploads: 16,
    });
    // Automatic is a choice like a number, and kept as one.
    expect(createSettingsService(confStoreFactory, temp.dir).update({ publishDrafts: 'auto' })).toMatchObject(
      {
        publishDrafts: 'auto',
      },
    );
    expect(createSettingsService(confStoreFactory, temp.dir).update({ publishDrafts: 3 })).toMatchObject({
      publishDrafts: 3,
      publishUploads: 16,
    });
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toMatchObject({ publishDrafts: 3 });
  });

  it('reads the old defaults 4 drafts and 6 uploads as Automatic and 16 until the seller picks a limit', () => {
    const file = path.join(temp.dir, 'settings.json');
    // Every install wrote its defaults into the file: 4 and 6 there say nothing about a choice.
    writeFileSync(file, JSON.stringify({ language: 'de', publishDrafts: 4, publishUploads: 6 }));
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toMatchObject({
      publishDrafts: 'auto',
      publishUploads: 16,
    });
    // Other numbers were the seller's choice, then as now.
    writeFileSync(file, JSON.stringify({ language: 'de', publishDrafts: 2, publishUploads: 6 }));
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toMatchObject({
      publishDrafts: 2,
      publishUploads: 16,
    });
    // 4 chosen now is kept, with the uploads as they were shown, also after a restart.
    writeFileSync(file, JSON.stringify({ language: 'de', publishDrafts: 4, publishUploads: 6 }));
    expect(createSettingsService(confStoreFactory, temp.dir).update({ publishDrafts: 4 })).toMatchObject({
      publishDrafts: 4,
      publishUploads: 16,
    });
    expect(createSettingsService(confStoreFactory, temp.dir).get()).toMatchObject({
      publishDrafts: 4,
      publishUploads: 16,
    });
  });

  it('reports a settings file that did not parse', () => {
    writeFileSync(path.join(temp.dir, 'settings.json'), 'not json');
    const settings = createSettingsService(confStoreFactory, temp.dir);
    expect(settings.movedAside).toMatch(/settings\.json\.unreadable-/);
    expect(readdirSync(temp.dir)).toContain(path.basename(settings.movedAside!));
    expect(settings.get()).toEqual({
      language: 'system',
      theme: 'system',
      photoMaxEdge: 2048,
      publishDrafts: 'auto',
      publishUploads: 16,
    });
  });

  it('keeps the light or dark choice (issue 26.7); a value it does not know is the system’s', () => {
    const settings = createSettingsService(confStoreFactory, temp.dir);
    expect(settings.update({ theme: 'dark' }).theme).toBe('dark');
    expect(createSettingsService(confStoreFactory, temp.dir).get().theme).toBe('dark');
    writeFileSync(path.join(temp.dir, 'settings.json'), JSON.stringify({ theme: 'sepia' }));
    expect(createSettingsService(confStoreFactory, temp.dir).get().theme).toBe('system');
  });
});
