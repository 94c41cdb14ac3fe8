// Two desks on one shop database (issue 24.2, 24.3): what one desk does shows on the other, through
// the other's own stores and events, photos by content hash after the fields.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import type { DraftTemplate } from '../../src/shared/domain/drafts/template';
import type { AccountsState, AddPhotosResult, DraftsListResult } from '../../src/shared/ipc/types';
import { colourFor, solidPng } from '../fixtures/images';
import { addRealAccount } from '../helpers/real-account';
import { createTempApp } from '../unit/helpers/temp-app';
import { adminQuery, initShop, openDesk, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const desks: Desk[] = [];
afterEach(async () => {
  // The last opened first: a desk opened again on a folder closes before the folder goes.
  for (const desk of desks.splice(0).reverse()) await desk.remove();
});

const soon = { timeout: 10_000, interval: 50 };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function twoDesks(): Promise<[Desk, Desk, string]> {
  const url = await freshDatabase();
  await initShop(url);
  const a = await openDesk(url, 'Laden');
  const b = await openDesk(url, 'Lager');
  desks.push(a, b);
  return [a, b, url];
}

function photoFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-drop-'));
  for (const i of [1, 2]) writeFileSync(path.join(folder, `photo ${i}.png`), solidPng(colourFor(i), 96));
  return folder;
}

it('shows a draft with its photos made on one desk on the other, through its events', async () => {
  const [a, b, url] = await twoDesks();
  const made = await a.call<Draft>('drafts:create');
  await a.call('drafts:save', { draft: { ...draftFieldsOf(made), title: 'Eichenregal' } });
  const { draft } = await a.call<AddPhotosResult>('drafts:add-photos', {
    draftId: made.id,
    batchId: 'b',
    paths: [photoFolder()],
  });
  expect(draft.photos).toHaveLength(2);

  await vi.waitFor(
    async () => {
      const there = await b.call<Draft>('drafts:get', { id: made.id });
      expect(there.title).toBe('Eichenregal');
      expect(there.photos.map((p) => p.id)).toEqual(draft.photos.map((p) => p.id));
      for (const photo of draft.photos)
        for (const file of [photo.file, photo.thumb])
          expect(readFileSync(path.join(b.dataDir, file))).toEqual(readFileSync(path.join(a.dataDir, file)));
    },
    { timeout: 10_000, interval: 50 },
  );
  expect(
    b.events.some((e) => e.event === 'drafts:changed' && JSON.stringify(e.payload).includes(made.id)),
  ).toBe(true);
  // Each file once in the database, named by the sha-256 of its bytes.
  const files = draft.photos.flatMap((p) => [p.file, p.thumb]);
  const hashes = new Set(files.map((file) => sha256(readFileSync(path.join(a.dataDir, file)))));
  const stored = await adminQuery<{ hash: string }>(url, 'select hash from listing_desk.photos');
  expect(stored.map((row) => row.hash).sort()).toEqual([...hashes].sort());
});

it('shares accounts (never their secret, never the Sandbox) and templates; no password in a desk file', async () => {
  const [a, b, url] = await twoDesks();
  const secret = 'client-secret-7f3a9c1e';
  const account = await addRealAccount(
    a,
    { authUrl: 'https://auth.example.test', baseUrl: 'https://api.example.test' },
    { name: 'Filiale Nord', client: { clientId: 'nord-client', clientSecret: secret } },
  );
  await a.call('accounts:set-defaults', {
    id: account.id,
    defaults: { ...account.defaults, city: 'Hamburg', postalCode: '20095' },
  });
  await a.call('accounts:select', { id: account.id });
  const draft = await a.call<Draft>('drafts:create');
  expect(draft.accountId).toBe(account.id);
  await a.call('drafts:save', { draft: { ...draftFieldsOf(draft), category: 'Möbel/Regale' } });
  const template = await a.call<DraftTemplate>('templates:save', { draftId: draft.id, name: 'Regale' });

  await vi.waitFor(
    async () => {
      const there = (await b.call<AccountsState>('accounts:list')).accounts.find((x) => x.id === account.id);
      expect(there).toMatchObject({ name: 'Filiale Nord', clientId: 'nord-client', hasSecret: false });
      expect(there?.defaults.city).toBe('Hamburg');
      const { templates } = await b.call<{ templates: DraftTemplate[] }>('templates:list', {
        accountId: template.accountId,
      });
      expect(templates.map((t) => t.name)).toEqual(['Regale']);
    },
    { timeout: 10_000, interval: 50 },
  );
  expect(b.events.some((e) => e.event === 'accounts:changed')).toBe(true);
  // The secret is typed on the desk that uses it.
  await b.call('accounts:set-secret', { id: account.id, secret: 'lager-secret-0c4d' });

  const items = await adminQuery<{ kind: string; id: string }>(
    url,
    'select kind, id from listing_desk.items',
  );
  expect(items.filter((item) => item.kind === 'account').map((item) => item.id)).toEqual([account.id]);
  const tables = await adminQuery<{ table_name: string }>(
    url,
    `select table_name from information_schema.tables where table_schema = 'listing_desk'`,
  );
  for (const { table_name } of tables) {
    const rows = await adminQuery<{ text: string }>(
      url,
      `select t::text as text from listing_desk.${table_name} t`,
    );
    for (const row of rows) {
      expect(row.text).not.toContain(secret);
      expect(row.text).not.toContain('lager-secret-0c4d');
    }
  }
  const password = new URL(url).password;
  expect(password.length).toBeGreaterThan(8);
  for (const desk of [a, b]) {
    await desk.app.shop!.sync.syncNow();
    for (const file of filesUnder(desk.dataDir)) expect(readFileSync(file).includes(password)).toBe(false);
  }
});

it('leaves a desk without membership alone: no session, no shop folder', async () => {
  const lone = await createTempApp();
  try {
    const draft = await lone.call<Draft>('drafts:create');
    await lone.call('drafts:save', { draft: { ...draftFieldsOf(draft), title: 'Allein' } });
    expect(lone.app.shop).toBeUndefined();
    expect(existsSync(path.join(lone.dataDir, 'shop'))).toBe(false);
  } finally {
    await lone.remove();
  }
});

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

it('shares the trash, a restore, a removed template and a removed account', async () => {
  const [a, b] = await twoDesks();
  const account = await addRealAccount(
    a,
    { authUrl: 'https://auth.example.test', baseUrl: 'https://api.example.test' },
    { name: 'Filiale Süd', client: { clientId: 'sued-client' }, select: true },
  );
  const draft = await a.call<Draft>('drafts:create');
  const template = await a.call<DraftTemplate>('templates:save', { draftId: draft.id, name: 'Lampen' });
  await a.call('drafts:trash', { ids: [draft.id] });
  const trashOn = async (desk: Desk) =>
    (await desk.call<DraftsListResult>('drafts:list', { trash: true })).items.map((d) => d.id);
  const templatesOn = async (desk: Desk) =>
    (await desk.call<{ templates: DraftTemplate[] }>('templates:list', { accountId: account.id })).templates;
  await vi.waitFor(async () => {
    expect(await trashOn(b)).toEqual([draft.id]);
    expect((await templatesOn(b)).map((t) => t.id)).toEqual([template.id]);
  }, soon);

  await b.call('drafts:restore', { ids: [draft.id] });
  await b.call('templates:delete', { accountId: account.id, id: template.id });
  await vi.waitFor(async () => {
    expect(await trashOn(a)).toEqual([]);
    expect((await a.call<DraftsListResult>('drafts:list')).items.map((d) => d.id)).toEqual([draft.id]);
    expect(await templatesOn(a)).toEqual([]);
  }, soon);

  await a.call('accounts:remove', { id: account.id });
  await vi.waitFor(async () => {
    const state = await b.call<AccountsState>('accounts:list');
    expect(state.accounts.map((x) => x.id)).not.toContain(account.id);
  }, soon);
});
