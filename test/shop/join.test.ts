// Joining a running shop (issue 24.2): a desk's existing drafts with their photos go up once with
// progress, then it receives the shop's with progress; a restarted desk resumes from its cursor.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { joinShop, type JoinProgress } from '../../src/main/shop/join/join';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import type { AddPhotosResult, DraftsListResult } from '../../src/shared/ipc/types';
import { colourFor, solidPng } from '../fixtures/images';
import { createTempApp, tempDir } from '../unit/helpers/temp-app';
import { adminQuery, initShop, openDesk, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const desks: Desk[] = [];
const folders: { remove(): void }[] = [];
afterEach(async () => {
  // The last opened first: a desk opened again on a folder closes before the folder goes.
  for (const desk of desks.splice(0).reverse()) await desk.remove();
  for (const folder of folders.splice(0)) folder.remove();
});

const soon = { timeout: 15_000, interval: 50 };

async function titled(desk: { call: Desk['call'] }, title: string, photo?: number): Promise<Draft> {
  const draft = await desk.call<Draft>('drafts:create');
  await desk.call('drafts:save', { draft: { ...draftFieldsOf(draft), title } });
  if (photo === undefined) return draft;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-drop-'));
  writeFileSync(path.join(folder, 'photo.png'), solidPng(colourFor(photo), 80));
  return (
    await desk.call<AddPhotosResult>('drafts:add-photos', {
      draftId: draft.id,
      batchId: 'j',
      paths: [folder],
    })
  ).draft;
}

const titles = async (desk: Desk) =>
  (await desk.call<DraftsListResult>('drafts:list')).items.map((d) => d.title).sort();

it('sends a joining desk its drafts once with progress and gives it the shop’s', async () => {
  const url = await freshDatabase();
  await initShop(url);
  const shop = await openDesk(url, 'Laden');
  desks.push(shop);
  await titled(shop, 'Im Laden 1', 1);
  await titled(shop, 'Im Laden 2');

  // A desk that worked alone until now, with drafts of its own.
  const folder = tempDir('listing-desk-joining-');
  folders.push(folder);
  const alone = await createTempApp(folder.dir);
  await titled(alone, 'Aus der Filiale 1', 2);
  await titled(alone, 'Aus der Filiale 2', 3);
  await titled(alone, 'Aus der Filiale 3');
  await alone.app.close();

  const joining = await openDesk(url, 'Filiale', { dataDir: folder.dir });
  desks.push(joining);
  const progress: JoinProgress[] = [];
  const result = await joinShop(joining.app.shop!.sync, (p) => progress.push(p));

  const sent = progress.filter((p) => p.phase === 'send');
  expect(sent.at(-1)).toEqual({ phase: 'send', done: 3, total: 3 });
  expect(sent.map((p) => p.done)).toEqual([0, 1, 2, 3]);
  const received = progress.filter((p) => p.phase === 'receive');
  expect(received.at(-1)!.done).toBe(received.at(-1)!.total);
  expect(result.sent).toBe(3);
  const everything = [
    'Aus der Filiale 1',
    'Aus der Filiale 2',
    'Aus der Filiale 3',
    'Im Laden 1',
    'Im Laden 2',
  ];
  expect(await titles(joining)).toEqual(everything);
  await vi.waitFor(async () => expect(await titles(shop)).toEqual(everything), soon);
  // Once: three drafts of the joining desk, each inserted once.
  const inserted = await adminQuery<{ n: string }>(
    url,
    `select count(*) as n from listing_desk.changes where desk = $1 and version = 1`,
    [joining.deskId],
  );
  expect(Number(inserted[0]!.n)).toBe(3);
});

it('resumes from its saved cursor after a restart: what changed meanwhile arrives, nothing twice', async () => {
  const url = await freshDatabase();
  await initShop(url);
  const a = await openDesk(url, 'Laden');
  const b = await openDesk(url, 'Lager');
  desks.push(a, b);
  const first = await titled(a, 'Vorher');
  await vi.waitFor(async () => expect(await titles(b)).toEqual(['Vorher']), soon);
  await b.close();
  await a.call('drafts:save', {
    draft: { ...draftFieldsOf(await a.call<Draft>('drafts:get', { id: first.id })), title: 'Nachher' },
  });
  await titled(a, 'Neu');
  const again = await openDesk(url, 'Lager', { dataDir: b.dataDir });
  desks.push(again);
  await vi.waitFor(async () => expect(await titles(again)).toEqual(['Nachher', 'Neu']), soon);
  const changed = again.events.filter((e) => e.event === 'drafts:changed');
  // One event per change read: the edit of the first draft and the new draft, not the old feed again.
  expect(
    changed.flatMap((e) => (e.payload as { ids: string[] }).ids).filter((id) => id === first.id),
  ).toHaveLength(1);
});

it('fetches after a restart the photos a quit cut short', async () => {
  const url = await freshDatabase();
  await initShop(url);
  const a = await openDesk(url, 'Laden');
  const b = await openDesk(url, 'Lager');
  desks.push(a, b);
  const draft = await titled(a, 'Mit Foto', 4);
  const file = path.join(b.dataDir, draft.photos[0]!.file);
  // Everything read and fetched: after the restart no change of the feed brings the photo again.
  await vi.waitFor(async () => {
    expect(a.app.shop!.sync.outbox.count()).toBe(0);
    expect(await b.app.shop!.sync.behind()).toBe(0);
    expect(b.app.shop!.sync.photos.waiting()).toBe(0);
    expect(existsSync(file)).toBe(true);
  }, soon);
  await b.close();
  rmSync(file);
  const again = await openDesk(url, 'Lager', { dataDir: b.dataDir });
  desks.push(again);
  await vi.waitFor(
    () => expect(readFileSync(file)).toEqual(readFileSync(path.join(a.dataDir, draft.photos[0]!.file))),
    soon,
  );
});
