// Joining and leaving while the app runs (issue 24.1/24.2): Settings → Shop's join starts the
// sharing at once, with the exchange's progress, no new start of the back end; leaving stops it at
// once. A lone desk writes no outbox and makes no shop folder. Uses the real keychain (keytar in
// the D-Bus session, as npm test runs the shop suite): joining refuses a session-only store.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { openSecretStore } from '../../src/main/secrets/keytar-store';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import type { ShopProgress, ShopStatusView } from '../../src/shared/ipc/contract-shop';
import type { DraftsListResult } from '../../src/shared/ipc/types';
import { publicationWithoutImprint as publication } from '../helpers/imprint';
import { addRealAccountTo, createTempApp, type TempApp, tempDir } from '../unit/helpers/temp-app';
import { adminQuery, initShop, openDesk, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';
import { splitShopUrl } from '../../src/main/shop/connection/shop-db';
import { startSandbox } from '../../src/sandbox';
import type { PublishJobView, PublishState } from '../../src/shared/domain/publishing/publish-job';
import { readyDraft, writeDraft } from '../fixtures/draft-files';

const closing: { remove(): Promise<void> }[] = [];
afterEach(async () => {
  for (const open of closing.splice(0).reverse()) await open.remove();
});

const soon = { timeout: 15_000, interval: 50 };

async function titled(desk: Pick<Desk, 'call'>, title: string): Promise<Draft> {
  const draft = await desk.call<Draft>('drafts:create');
  return desk.call<Draft>('drafts:save', { draft: { ...draftFieldsOf(draft), title } });
}

const titles = async (desk: Pick<Desk, 'call'>) =>
  (await desk.call<DraftsListResult>('drafts:list')).items.map((d) => d.title).sort();

/** The title of the draft `id` as the shop's database holds it. */
async function shopTitle(url: string, id: string): Promise<string | undefined> {
  const rows = await adminQuery<{ title: string }>(
    url,
    `select body->'draft'->>'title' as title from listing_desk.items where kind = 'draft' and id = $1`,
    [id],
  );
  return rows[0]?.title;
}

it('joins while running: sends and receives with progress, shares edits, and stops at once on leave', async () => {
  const url = await freshDatabase();
  await initShop(url);
  const shop = await openDesk(url, 'Laden');
  closing.push(shop);
  await titled(shop, 'Im Laden');

  const secretStore = await openSecretStore();
  expect(secretStore.status.mode, 'run inside dbus-run-session with gnome-keyring').toBe('keychain');
  const desk: TempApp = await createTempApp(undefined, { secretStore });
  closing.push(desk);
  const progress: ShopProgress[] = [];
  desk.app.events.subscribe((event, payload) => {
    if (event === 'shop:progress') progress.push(payload as ShopProgress);
  });
  const mine = await titled(desk, 'Aus der Filiale');
  // A lone desk marks nothing: not even the shop folder exists.
  expect(existsSync(path.join(desk.dataDir, 'shop'))).toBe(false);

  const { url: where, password } = splitShopUrl(url);
  const joined = await desk.call<ShopStatusView>('shop:join', { url: where, password, name: 'Filiale' });
  expect(joined.member).toBe(true);
  expect(joined.startsAtRestart).toBeUndefined();
  // The join's answer counts this desk's conflicts already: the window shows them at once.
  expect(joined.conflicts).toBe(0);

  // Without a new start: this desk's draft goes up, the shop's comes down, with progress.
  await vi.waitFor(async () => expect(await titles(desk)).toEqual(['Aus der Filiale', 'Im Laden']), soon);
  await vi.waitFor(async () => expect(await titles(shop)).toEqual(['Aus der Filiale', 'Im Laden']), soon);
  await expect(desk.app.shopJoining).resolves.toMatchObject({ sent: 1 });
  expect(progress).toContainEqual({ phase: 'sending', done: 1, total: 1 });
  expect(progress.some((p) => p.phase === 'receiving' && p.done === p.total)).toBe(true);

  // An edit made after the join is marked and goes up by itself.
  await desk.call('drafts:save', { draft: { ...draftFieldsOf(mine), title: 'Geändert in der Filiale' } });
  await vi.waitFor(async () => expect(await shopTitle(url, mine.id)).toBe('Geändert in der Filiale'), soon);

  const left = await desk.call<{ told: boolean }>('shop:leave');
  expect(left.told).toBe(true);
  expect(desk.app.shop).toBeUndefined();
  const outbox = path.join(desk.dataDir, 'shop', 'outbox');
  const marksBefore = readdirSync(outbox);
  await desk.call('drafts:save', { draft: { ...draftFieldsOf(mine), title: 'Nach dem Verlassen' } });
  await titled(desk, 'Neu nach dem Verlassen');
  // Nothing is marked to go up any more, and the shop keeps the last title sent while a member.
  expect(readdirSync(outbox)).toEqual(marksBefore);
  expect(await shopTitle(url, mine.id)).toBe('Geändert in der Filiale');
  const status = await desk.call<ShopStatusView>('shop:status');
  expect(status.member).toBe(false);
});

const CLIENT = { clientId: 'filiale-live', clientSecret: 'filiale-secret-4e1a' };

it('publishes through the shop queue once joined while running, and on this desk alone once it left', async () => {
  const remote = await startSandbox({ port: 0, validationDelayMs: 20, clients: [CLIENT] });
  closing.push({ remove: () => remote.close() });
  const folder = tempDir('listing-desk-live-claims-');
  closing.push({ remove: async () => folder.remove() });
  const url = await freshDatabase();
  await initShop(url);
  const secretStore = await openSecretStore();
  expect(secretStore.status.mode, 'run inside dbus-run-session with gnome-keyring').toBe('keychain');

  // A lone desk with a service account (its secret in the keychain) and two drafts for it.
  const account = await addRealAccountTo(
    folder.dir,
    remote,
    { name: 'Filiale', client: CLIENT, imprint: 'Filiale GmbH' },
    { secretStore },
  );
  const inShop = readyDraft(folder.dir, 1, { title: 'Schrank', accountId: account.id, publication }, 1);
  const alone = readyDraft(folder.dir, 2, { title: 'Kommode', accountId: account.id, publication }, 1);
  writeDraft(folder.dir, inShop);
  writeDraft(folder.dir, alone);
  const desk = await createTempApp(folder.dir, { secretStore });
  closing.push(desk);
  const job = async (title: string) =>
    (await desk.call<PublishState>('publish:list')).jobs.find((j: PublishJobView) => j.title === title);

  const { url: where, password } = splitShopUrl(url);
  const joined = await desk.call<ShopStatusView>('shop:join', { url: where, password, name: 'Filiale' });
  await desk.app.shopJoining;
  await desk.call('publish:start', { draftIds: [inShop.id] });
  await vi.waitFor(
    async () =>
      expect(await job('Schrank')).toMatchObject({
        state: 'published',
        desk: { runner: 'Filiale', requestedBy: 'Filiale', here: true },
      }),
    { timeout: 30_000, interval: 100 },
  );
  const queued = () =>
    adminQuery<{ draft_id: string; requested_by: string }>(
      url,
      'select draft_id, requested_by from listing_desk.jobs',
    );
  expect(await queued()).toEqual([{ draft_id: inShop.id, requested_by: joined.deskId }]);

  await desk.call('shop:leave');
  await desk.call('publish:start', { draftIds: [alone.id] });
  await vi.waitFor(async () => expect(await job('Kommode')).toMatchObject({ state: 'published' }), {
    timeout: 30_000,
    interval: 100,
  });
  // Run on this desk alone: not in the shop's queue, and no desk named.
  expect((await job('Kommode'))?.desk).toBeUndefined();
  expect(await queued()).toHaveLength(1);
  expect(remote.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 2, publications: 2 });
});
