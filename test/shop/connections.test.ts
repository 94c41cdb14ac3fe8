// A shop of twenty desks fits in PostgreSQL's connections (issue 24.1/24.3/24.10): a desk holds
// one LISTEN connection (feed, listings and publish queue together) and a small pool, at most four
// connections while it joins a shop full of photos and publishes, two once idle, all named after
// the desk. Desks whose logins may open only four connections each all work.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { startSandbox } from '../../src/sandbox';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { joinShop } from '../../src/main/shop/join/join';
import type { ShopLink } from '../../src/main/shop/connection/shop-session';
import type { PublishJobView, PublishState } from '../../src/shared/domain/publishing/publish-job';
import type { DraftsListResult } from '../../src/shared/ipc/types';
import { photoDrafts, readyDraft, writeDraft } from '../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../helpers/imprint';
import { addRealAccountTo, tempDir } from '../unit/helpers/temp-app';
import { deskLogin, watchConnections } from './helpers/desk-connections';
import { adminQuery, initShop, openDesk, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

/** The budget the README gives a desk: its pool and its one listener. */
const BUDGET = 4;
/** An idle desk: its listener and the pool's one warm connection. */
const IDLE = 2;

const CLIENT = { clientId: 'lager-verbindungen', clientSecret: 'lager-secret-77b1' };
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const nameOf = (desk: Desk) => `listing-desk ${desk.deskId}`;

/** Every link change of a desk from now on. */
function linkChanges(desk: Desk): ShopLink[] {
  const seen: ShopLink[] = [];
  cleanup.push(desk.app.shop!.sync.session.onLink((link) => seen.push(link)));
  return seen;
}

/** Lines a desk logged as warnings or errors. */
const troubles = (desk: Desk) => JSON.stringify([...desk.log.warn.mock.calls, ...desk.log.error.mock.calls]);

/**
 * Desk A sends 30 drafts of 4 photos as it joins; desk B, with an account and a draft of its own,
 * joins (receiving every photo) while it publishes. `login` gives each desk its database URL.
 */
async function busyShop(login: (url: string) => Promise<string | undefined>) {
  const remote = await startSandbox({ port: 0, validationDelayMs: 20, clients: [CLIENT] });
  cleanup.push(() => remote.close());
  const url = await freshDatabase();
  await initShop(url);
  const watch = await watchConnections(url);
  cleanup.push(() => watch.stop());

  const stockFolder = tempDir('listing-desk-stock-');
  const stock = photoDrafts(stockFolder.dir, 30, 4, 48);
  const a = await openDesk(url, 'Laden', { dataDir: stockFolder.dir, via: await login(url) });
  cleanup.push(() => a.remove());
  const aLinks = linkChanges(a);
  await joinShop(a.app.shop!.sync, () => undefined);

  const folder = tempDir('listing-desk-lager-');
  const secrets = createSessionSecretStore('no keychain in tests');
  const account = await addRealAccountTo(
    folder.dir,
    remote,
    { name: 'Lager', client: CLIENT, imprint: 'Lager GmbH' },
    { secretStore: secrets },
  );
  const ready = readyDraft(folder.dir, 1, { title: 'Schrank', accountId: account.id, publication }, 2);
  writeDraft(folder.dir, ready);
  const b = await openDesk(url, 'Lager', { dataDir: folder.dir, via: await login(url), secrets });
  cleanup.push(() => b.remove());
  const bLinks = linkChanges(b);
  const joined = joinShop(b.app.shop!.sync, () => undefined);
  await b.call('publish:start', { draftIds: [ready.id] });
  await joined;

  const job = async () =>
    (await b.call<PublishState>('publish:list')).jobs.find((j: PublishJobView) => j.title === 'Schrank');
  await vi.waitFor(async () => expect(await job()).toMatchObject({ state: 'published' }), {
    timeout: 60_000,
    interval: 100,
  });
  const photos = stock.flatMap((draft) => draft.photos.map((photo) => path.join(b.dataDir, photo.file)));
  await vi.waitFor(() => expect(photos.filter((file) => !existsSync(file))).toEqual([]), {
    timeout: 60_000,
    interval: 100,
  });
  expect((await b.call<DraftsListResult>('drafts:list')).items).toHaveLength(31);
  expect(remote.stats().clients[CLIENT.clientId]).toMatchObject({ listings: 1, publications: 1 });
  return { a, b, watch, url, links: { a: aLinks, b: bLinks } };
}

it('holds at most four connections a desk while joining and publishing, named after the desk, and two once idle', async () => {
  const { a, b, watch, url } = await busyShop(async () => undefined);
  for (const desk of [a, b]) {
    expect(watch.peak(nameOf(desk)), desk.name).toBeGreaterThan(0);
    expect(watch.peak(nameOf(desk)), desk.name).toBeLessThanOrEqual(BUDGET);
  }
  expect(watch.peakNamed()).toBeLessThanOrEqual(2 * BUDGET);
  // Every connection the desks opened carries a desk's name (the test's own superuser ones none).
  expect(
    watch
      .names()
      .filter((name) => name !== '')
      .sort(),
  ).toEqual([nameOf(a), nameOf(b)].sort());
  // One LISTEN connection a desk, however many channels it follows.
  for (const desk of [a, b]) expect(await watch.listeners(nameOf(desk)), desk.name).toBe(1);
  // Settled: the pool's idle connections close, the listener and one warm connection stay.
  await vi.waitFor(
    async () => {
      for (const desk of [a, b]) expect(await watch.now(nameOf(desk)), desk.name).toBeLessThanOrEqual(IDLE);
    },
    { timeout: 25_000, interval: 200 },
  );
  // The README's query: who is connected, by desk name.
  const connected = await adminQuery<{ name: string; n: number }>(
    url,
    `SELECT d.name, count(*)::int AS n FROM pg_stat_activity a
       JOIN listing_desk.desks d ON a.application_name = 'listing-desk ' || d.id
      GROUP BY d.name ORDER BY d.name`,
  );
  expect(connected.map((row) => row.name)).toEqual(['Laden', 'Lager']);
  for (const row of connected) expect(row.n, row.name).toBeLessThanOrEqual(IDLE);
}, 180_000);

it('works on desks whose logins may open only four connections each', async () => {
  const { a, b, links } = await busyShop((url) => deskLogin(url, BUDGET));
  // No desk was refused a connection: its link never dropped, nothing was logged about it.
  expect(links.a.map((link) => link.state)).not.toContain('offline');
  expect(links.b.map((link) => link.state)).not.toContain('offline');
  for (const desk of [a, b]) expect(troubles(desk), desk.name).not.toMatch(/too many connections/i);
}, 180_000);
