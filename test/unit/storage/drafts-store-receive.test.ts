// The drafts store's `receive` (issue 24.3): a draft as another desk has it is put live or in the
// trash with its own dates, and removed with its photos, and all of it survives a reopen.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDraftsStore, type DraftsStore } from '../../../src/main/storage/drafts-store';
import { draftId, sampleDraft } from '../../fixtures/drafts';

let dataDir: string;
const opened: DraftsStore[] = [];
const log = { info: () => undefined, error: () => undefined };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-receive-'));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close().catch(() => undefined)));
  await rm(dataDir, { recursive: true, force: true });
});

async function open(): Promise<DraftsStore> {
  const store = await openDraftsStore(dataDir, { log });
  opened.push(store);
  return store;
}

it('puts a received draft live with its own dates, moves it to the trash and back, and removes it', async () => {
  let store = await open();
  const id = draftId(1);
  const sent = sampleDraft(id, { title: 'Vom Laden', updatedAt: '2024-01-02T03:04:05.000Z' });
  let seen: unknown = 'not called';
  await store.receive(id, (current) => {
    seen = current;
    return { draft: sent, trashedAt: null };
  });
  expect(seen).toBeUndefined();
  expect(store.list().map((d) => [d.id, d.title])).toEqual([[id, 'Vom Laden']]);
  expect((await store.get(id)).updatedAt).toBe('2024-01-02T03:04:05.000Z');

  await store.receive(id, (current) => current && { ...current, trashedAt: '2024-02-01T00:00:00.000Z' });
  await store.close();
  store = await open();
  expect(store.list()).toEqual([]);
  expect(store.listTrash().map((d) => [d.id, d.trashedAt])).toEqual([[id, '2024-02-01T00:00:00.000Z']]);

  await store.receive(id, (current) => current && { ...current, trashedAt: null });
  expect(store.list().map((d) => d.id)).toEqual([id]);

  const photos = path.join(dataDir, 'photos', id);
  await mkdir(photos, { recursive: true });
  await writeFile(path.join(photos, 'a.jpg'), 'x');
  await store.receive(id, () => undefined);
  await store.close();
  store = await open();
  expect([...store.list(), ...store.listTrash()]).toEqual([]);
  expect(existsSync(photos)).toBe(false);
  await expect(store.get(id)).rejects.toMatchObject({ code: 'not-found' });
});

it('refuses a received draft whose id or photos are not its own', async () => {
  const store = await open();
  const id = draftId(2);
  await expect(
    store.receive(id, () => ({ draft: sampleDraft(draftId(3)), trashedAt: null })),
  ).rejects.toMatchObject({ code: 'invalid' });
  expect(store.list()).toEqual([]);
});
