// The shop's one view of its listings (issue 24.6): two desks on one database and one account of a
// real sandbox. What one desk reads or changes live shows on the other without the other asking the
// service, and a refresh nobody asked for reads the service once per interval, whichever desk does.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import type { PublicationView } from '../../src/shared/domain/live';
import type { PublishState } from '../../src/shared/domain/publishing/publish-job';
import type { AccountsState, ListingsState } from '../../src/shared/ipc/types';
import { sampleDraft } from '../fixtures/drafts';
import { colourFor, solidPng } from '../fixtures/images';
import { publicationWithoutImprint as publication } from '../helpers/imprint';
import { addRealAccount } from '../helpers/real-account';
import { Api } from '../integration/sandbox/helpers';
import { startCutProxy, type CutProxy } from './helpers/cut-proxy';
import { adminQuery, initShop, openDesk, viaPort, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const SECRET = 'laden-secret-5b8e21';
const WAIT = { timeout: 10_000, interval: 50 };

let sandbox: Sandbox;
const desks: Desk[] = [];
let proxy: CutProxy | undefined;
beforeEach(async () => {
  sandbox = await startSandbox({
    port: 0,
    validationDelayMs: 50,
    clients: [{ clientId: 'laden-1', clientSecret: SECRET }],
  });
});
afterEach(async () => {
  await Promise.all(desks.splice(0).map((desk) => desk.remove()));
  await proxy?.close();
  proxy = undefined;
  await sandbox.close();
});

/** Requests the sandbox answered on `route` so far. */
const requests = (route: string) =>
  Object.values(sandbox.stats().requests[route] ?? {}).reduce((sum, n) => sum + n, 0);
/** Every read of listings: the list, one listing, a listing's publications. */
const reads = () =>
  ['GET /v1/listings', 'GET /v1/listings/:uuid', 'GET /v1/listings/:uuid/publications'].map(requests);

const connected = (desk: Desk) =>
  vi.waitFor(() => expect(desk.app.shop!.sync.session.link().state).toBe('connected'), WAIT);

/**
 * Two desks of one shop, both on the sandbox's account (its secret typed on each unless `secretOnB`
 * is false: then the first runs every job until the second has it), selected; with `cuttable`, the
 * second reaches the database through a proxy the test can cut.
 */
async function twoDesks(
  cuttable = false,
  secretOnB = true,
): Promise<{ a: Desk; b: Desk; url: string; accountId: string }> {
  const url = await freshDatabase();
  await initShop(url);
  if (cuttable) proxy = await startCutProxy(Number(new URL(url).port));
  const a = await openDesk(url, 'Laden');
  const b = await openDesk(url, 'Lager', proxy && { via: viaPort(url, proxy.port) });
  desks.push(a, b);
  await Promise.all([connected(a), connected(b)]);
  const account = await addRealAccount(a, sandbox, {
    name: 'Filiale Nord',
    client: { clientId: 'laden-1', clientSecret: SECRET },
    select: true,
    imprint: 'Filiale Nord GmbH, Hamburg',
  });
  await vi.waitFor(async () => {
    const { accounts } = await b.call<AccountsState>('accounts:list');
    expect(accounts.map((x) => x.id)).toContain(account.id);
  }, WAIT);
  if (secretOnB) await b.call('accounts:set-secret', { id: account.id, secret: SECRET });
  await b.call('accounts:select', { id: account.id });
  return { a, b, url, accountId: account.id };
}

/** Publishes a draft titled `title` from `desk`; its ids once the ad is live. */
async function publish(desk: Desk, title: string) {
  const made = await desk.call<Draft>('drafts:create');
  const fields = draftFieldsOf(sampleDraft(made.id, { title, customReference: title, publication }));
  await desk.call('drafts:save', { draft: fields });
  const folder = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-shop-photo-'));
  writeFileSync(path.join(folder, 'photo.png'), solidPng(colourFor(3), 96));
  await desk.call('drafts:add-photos', { draftId: made.id, batchId: title, paths: [folder] });
  await desk.call('publish:start', { draftIds: [made.id] });
  let job: PublishState['jobs'][number] | undefined;
  await vi.waitFor(
    async () => {
      const { jobs } = await desk.call<PublishState>('publish:list');
      job = jobs.find((x) => x.draftId === made.id);
      expect(job?.state).toBe('published');
    },
    { timeout: 20_000, interval: 100 },
  );
  return { draftId: made.id, listingUuid: job!.listingUuid!, publicationUuid: job!.publicationUuid! };
}

const listOn = (desk: Desk) => desk.call<ListingsState>('listings:list');
const rowOf = (state: ListingsState, uuid: string) => state.listings.find((l) => l.uuid === uuid);

it('shows a live price change, a pause and an end made on one desk on the other, which asks the service nothing', async () => {
  const { a, b } = await twoDesks();
  const first = await publish(a, 'Eichenregal');
  const second = await publish(a, 'Kiefernregal');
  // The first desk reads the service; the second shows what it read.
  await a.call('listings:list', { refresh: true });
  await vi.waitFor(async () => {
    const there = await listOn(b);
    expect(there.listings.map((l) => l.title).sort()).toEqual(['Eichenregal', 'Kiefernregal']);
    expect(there.extras?.[first.listingUuid]?.publications[0]?.actualState).toBe('PUBLISHED');
  }, WAIT);
  const linked = await vi.waitFor(async () => {
    const draft = await b.call<Draft>('drafts:get', { id: first.draftId });
    expect(draft.remote?.listingUuid).toBe(first.listingUuid);
    return draft;
  }, WAIT);
  expect(linked.price.amount).toBe('120,50');

  // A price changed live on the first desk: the second's Listings (its view told by an event) and
  // its linked draft follow, and the second desk reads nothing from the service for it.
  const before = reads();
  const heard = b.events.length;
  await a.call('listings:update', {
    uuid: first.listingUuid,
    patch: { price: { type: 'FIXED', amount: 99.5 } },
  });
  const readByA = reads();
  await vi.waitFor(async () => {
    expect(rowOf(await listOn(b), first.listingUuid)?.adPrice.amount).toBe(99.5);
    expect((await b.call<Draft>('drafts:get', { id: first.draftId })).price.amount).toBe('99.5');
  }, WAIT);
  expect(readByA).not.toEqual(before);
  expect(reads()).toEqual(readByA);
  const told = b.events
    .slice(heard)
    .filter((e) => e.event === 'listings:changed')
    .map((e) => rowOf(e.payload as ListingsState, first.listingUuid)?.adPrice.amount);
  expect(told).toContain(99.5);

  // A pause on the first desk shows on the second's row, as read by the first.
  const paused = await a.call<PublicationView>('publications:set-state', {
    listingUuid: first.listingUuid,
    uuid: first.publicationUuid,
    state: 'PAUSED',
  });
  expect(paused.actualState).toBe('PAUSED');
  const afterPause = reads();
  await vi.waitFor(async () => {
    const row = (await listOn(b)).extras?.[first.listingUuid]?.publications;
    expect(row).toEqual([expect.objectContaining({ uuid: first.publicationUuid, actualState: 'PAUSED' })]);
  }, WAIT);
  expect(reads()).toEqual(afterPause);

  // An end (a delete) on the first desk takes the listing off the second's list.
  await a.call('listings:delete', { uuid: second.listingUuid });
  const afterEnd = reads();
  await vi.waitFor(async () => {
    expect((await listOn(b)).listings.map((l) => l.uuid)).toEqual([first.listingUuid]);
  }, WAIT);
  expect(reads()).toEqual(afterEnd);
});

it('reads the service once per interval for both desks: one claims the read, the other takes what it wrote', async () => {
  const { a, b, url, accountId } = await twoDesks();
  await publish(a, 'Buchenregal');
  await a.call('listings:list', { refresh: true });
  await vi.waitFor(async () => expect((await listOn(b)).listings).toHaveLength(1), WAIT);

  // Refreshes nobody asked for, on both desks at once, while the shop's view is fresh: none reads.
  const background = { refresh: true, background: true };
  const fresh = requests('GET /v1/listings');
  await Promise.all([a, b, a, b].map((desk) => desk.call('listings:list', background)));
  expect(requests('GET /v1/listings')).toBe(fresh);

  // The view grows older than the refresh interval: of many refreshes on both desks, one reads.
  for (const round of [1, 2]) {
    await adminQuery(
      url,
      `update listing_desk.listing_views set fetched_at = now() - interval '6 minutes' where account = $1`,
      [accountId],
    );
    const due = requests('GET /v1/listings');
    const answers = await Promise.all(
      [a, b, a, b, a, b].map((desk) => desk.call<ListingsState>('listings:list', background)),
    );
    expect(requests('GET /v1/listings'), `round ${round}`).toBe(due + 1);
    expect(answers.every((state) => state.listings.length === 1)).toBe(true);
    // Both desks end up showing the one read, stamped with when it was made.
    await vi.waitFor(async () => {
      const [view] = await adminQuery<{ fetched_at: Date }>(
        url,
        'select fetched_at from listing_desk.listing_views where account = $1',
        [accountId],
      );
      expect(Date.now() - view!.fetched_at.getTime()).toBeLessThan(60_000);
      for (const desk of [a, b]) expect((await listOn(desk)).fetchedAt).toBe(view!.fetched_at.toISOString());
    }, WAIT);
  }
});

it("lets a desk without the account's secret see the shared listings, and keeps each desk's Sandbox its own", async () => {
  const { a, b, url, accountId } = await twoDesks();
  await publish(a, 'Lärchenregal');
  await a.call('listings:list', { refresh: true });
  await b.call('accounts:delete-secret', { id: accountId });
  const before = requests('POST /oidc/token');
  await vi.waitFor(async () => {
    const state = await b.call<ListingsState>('listings:list', { refresh: true, background: true });
    expect(state.problem).toBeUndefined();
    expect(state.listings.map((l) => l.title)).toEqual(['Lärchenregal']);
  }, WAIT);
  expect(requests('POST /oidc/token')).toBe(before);

  // Each desk's embedded Sandbox keeps its own listings: nothing of it goes to the shop.
  await a.call('accounts:select', { id: 'sandbox' });
  await a.call('listings:list', { refresh: true });
  const views = await adminQuery<{ account: string }>(url, 'select account from listing_desk.listing_views');
  const rows = await adminQuery<{ account: string }>(
    url,
    'select distinct account from listing_desk.listings',
  );
  expect(views.map((row) => row.account)).toEqual([accountId]);
  expect(rows.map((row) => row.account)).toEqual([accountId]);
});

it('keeps the last known view while a desk cannot reach the shop, and brings both ways up to date when it can', async () => {
  const { a, b, url, accountId } = await twoDesks(true);
  const { listingUuid } = await publish(a, 'Ahornregal');
  await a.call('listings:list', { refresh: true });
  // The second desk shows the shop's view (not a read of its own made before the first one's landed).
  const shown = await vi.waitFor(async () => {
    const there = await listOn(b);
    const [view] = await adminQuery<{ fetched_at: Date }>(
      url,
      'select fetched_at from listing_desk.listing_views where account = $1',
      [accountId],
    );
    expect(there.fetchedAt).toBe(view?.fetched_at.toISOString());
    expect(rowOf(there, listingUuid)?.adPrice.amount).toBe(120.5);
    return there;
  }, WAIT);

  proxy!.cut();
  await vi.waitFor(() => expect(b.app.shop!.sync.session.link().state).toBe('offline'), WAIT);
  await a.call('listings:update', { uuid: listingUuid, patch: { price: { type: 'FIXED', amount: 99.5 } } });
  // Cut off, the second desk shows what it last knew, and since when.
  const offline = await listOn(b);
  expect(rowOf(offline, listingUuid)?.adPrice.amount).toBe(120.5);
  expect(offline.fetchedAt).toBe(shown.fetchedAt);

  // Someone changes the ad on the service; the cut-off desk's seller refreshes and reads it himself.
  const api = await Api.login(sandbox, sandbox.clients[0]);
  const put = await api.call('PUT', `/v1/listings/${listingUuid}`, {
    body: { price: { type: 'FIXED', amount: 77 } },
  });
  expect(put.status).toBeLessThan(300);
  const own = await b.call<ListingsState>('listings:list', { refresh: true });
  expect(rowOf(own, listingUuid)?.adPrice.amount).toBe(77);

  // Back in reach: what it read goes up, and the first desk shows it without asking the service.
  const before = reads();
  proxy!.heal();
  await vi.waitFor(async () => {
    expect(rowOf(await listOn(a), listingUuid)?.adPrice.amount).toBe(77);
    expect(rowOf(await listOn(b), listingUuid)?.adPrice.amount).toBe(77);
  }, WAIT);
  expect(reads()).toEqual(before);
});

it("puts a live edit made on a desk that never opened Listings on the shop's view", async () => {
  const { a: first, b, url, accountId } = await twoDesks();
  const { listingUuid } = await publish(first, 'Birkenregal');
  // Only the second desk has looked at Listings; the first edits the ad from elsewhere.
  expect(rowOf(await b.call<ListingsState>('listings:list', { refresh: true }), listingUuid)).toBeDefined();
  await vi.waitFor(async () => {
    const rows = await adminQuery(url, 'select 1 from listing_desk.listings where listing_id = $1', [
      listingUuid,
    ]);
    expect(rows).toHaveLength(1);
  }, WAIT);
  // The first desk starts again (its secret typed again: the test's secret store lives in memory).
  await first.close();
  const a = await openDesk(url, 'Laden', { dataDir: first.dataDir });
  desks.splice(desks.indexOf(first), 1, a);
  await connected(a);
  await a.call('accounts:set-secret', { id: accountId, secret: SECRET });
  await a.call('listings:update', { uuid: listingUuid, patch: { title: 'Birkenregal, geölt' } });
  const before = reads();
  await vi.waitFor(async () => {
    expect(rowOf(await listOn(b), listingUuid)?.title).toBe('Birkenregal, geölt');
  }, WAIT);
  expect(reads()).toEqual(before);
});

it("shows an ad paused on the other desk as paused in both desks' Publishing views, and live once resumed there", async () => {
  // The job runs on the first desk: the second has no secret until the ad is live, so it has no
  // copy of the job (with the secret it could have run the job, and then held one).
  const { a, b, accountId } = await twoDesks(false, false);
  const first = await publish(a, 'Eichenregal');
  await b.call('accounts:set-secret', { id: accountId, secret: SECRET });
  await a.call('listings:list', { refresh: true });
  await vi.waitFor(async () => {
    expect((await listOn(b)).extras?.[first.listingUuid]?.publications[0]?.actualState).toBe('PUBLISHED');
  }, WAIT);
  const jobOn = async (desk: Desk) =>
    (await desk.call<PublishState>('publish:list')).jobs.find((job) => job.draftId === first.draftId);

  // Paused on the other desk (as a feed there would): the job here says paused, not Live (issue 32.3).
  await b.call('publications:set-state', {
    listingUuid: first.listingUuid,
    uuid: first.publicationUuid,
    state: 'PAUSED',
  });
  await vi.waitFor(async () => {
    expect(await jobOn(a)).toMatchObject({ state: 'published', later: { outcome: 'paused' } });
    // The desk that paused it has no copy of the job: it shows what the shop's copy says now (the
    // first desk put the news there).
    expect(await jobOn(b)).toMatchObject({ state: 'published', later: { outcome: 'paused' } });
  }, WAIT);

  await b.call('publications:set-state', {
    listingUuid: first.listingUuid,
    uuid: first.publicationUuid,
    state: 'RESUMED',
  });
  await vi.waitFor(async () => {
    expect(await jobOn(a)).toMatchObject({ state: 'published', later: null });
    expect(await jobOn(b)).toMatchObject({ state: 'published', later: null });
  }, WAIT);
});
