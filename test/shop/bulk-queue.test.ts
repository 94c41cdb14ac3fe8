// Bulk edits of live listings in a shop (issue 24.2): the job goes into the shop's queue and is run
// by one desk that holds the account's secret, under a lease; every desk's bulk view shows it and
// the desk that runs it. A desk that stops mid-job (closed, or cut off from the database) is taken
// over by another, which reads back every ad marked 'sending': each ad gets the change once.
import { afterEach, expect, inject, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { BulkJob } from '../../src/shared/domain/bulk/bulk-edit-job';
import type { AccountView } from '../../src/shared/ipc/types';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { clientOf, requests } from '../integration/publish/helpers';
import { createTempApp, tempDir } from '../unit/helpers/temp-app';
import { listingRequest } from '../integration/service-client/helpers';
import { startCutProxy } from './helpers/cut-proxy';
import { initShop } from './helpers/desk-session';
import { adminQuery, openDesk, saveShopAccount, SHOP_CLIENT, viaPort, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const CLIENT = SHOP_CLIENT;
// A short lease, so that a takeover comes within the test's time.
const config = { jobLease: { leaseMs: 3_000, renewMs: 1_000, marginMs: 1_000 } };
const raise10 = { kind: 'price', mode: 'percent', value: 10, rounding: '99' } as const;
const PUT = 'PUT /v1/listings/:uuid';
const wait = { timeout: 30_000, interval: 100 };

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A sandbox with `n` listings (slow answers, so that a stop lands mid-job) and an empty shop. */
async function scene(n: number) {
  const sb: Sandbox = await startSandbox({ port: 0, clients: [CLIENT], latencyMs: 120 });
  cleanup.push(() => sb.close());
  const client = clientOf(sb);
  const uuids: string[] = [];
  for (let i = 0; i < n; i += 1)
    uuids.push(
      (await client.createListing(listingRequest({ title: `Regal ${i}`, customReference: `r-${i}` }))).uuid,
    );
  const prices = await Promise.all(uuids.map(async (uuid) => (await client.getListing(uuid)).adPrice.amount));
  const url = await freshDatabase();
  await initShop(url);
  return { sb, client, uuids, prices, url };
}

async function desk(url: string, name: string, via?: string): Promise<Desk> {
  const opened = await openDesk(url, name, { config, ...(via && { via }) });
  cleanup.push(() => opened.remove());
  return opened;
}

/** Waits until `d` has received the shop's account, then types its secret there. */
async function typeSecret(d: Pick<Desk, 'call'>, shared: AccountView): Promise<void> {
  await vi.waitFor(async () => {
    const { accounts } = await d.call<{ accounts: AccountView[] }>('accounts:list');
    expect(accounts.some((a) => a.id === shared.id)).toBe(true);
  }, wait);
  await d.call('accounts:set-secret', { id: shared.id, secret: CLIENT.clientSecret });
}

async function jobOn(d: Pick<Desk, 'call'>, jobId: string): Promise<BulkJob | undefined> {
  const { jobs } = await d.call<{ jobs: BulkJob[] }>('bulk:jobs');
  return jobs.find((job) => job.id === jobId);
}

/** Every ad of the job is done on the sandbox: its planned price, sent once. */
async function expectChangedOnce(s: Awaited<ReturnType<typeof scene>>, job: BulkJob, puts: number) {
  for (const [i, uuid] of s.uuids.entries()) {
    const item = job.items.find((candidate) => candidate.uuid === uuid)!;
    const after = Number(item.changes.find((change) => change.field === 'price')!.after);
    // 10 % up (rounded to .99), once: never 21 % up.
    expect(after).toBeGreaterThan(s.prices[i]! * 1.05);
    expect(after).toBeLessThan(s.prices[i]! * 1.15);
    expect((await s.client.getListing(uuid)).adPrice.amount).toBe(after);
  }
  expect((requests(s.sb, PUT)['200'] ?? 0) + (requests(s.sb, PUT)['204'] ?? 0) - puts).toBe(s.uuids.length);
}

it('shows on every desk with the desk that runs it; one without the secret never runs it; after a cut the lease moves on and each ad changes once', async () => {
  const s = await scene(6);
  const proxy = await startCutProxy(inject('postgres').port);
  cleanup.push(() => proxy.close());
  const laden = await desk(s.url, 'Laden', viaPort(s.url, proxy.port));
  const lager = await desk(s.url, 'Lager');
  const shared = await saveShopAccount(laden, s.sb);
  await vi.waitFor(async () => {
    const { accounts } = await lager.call<{ accounts: AccountView[] }>('accounts:list');
    expect(accounts.find((a) => a.id === shared.id)).toMatchObject({ hasSecret: false });
  }, wait);

  const puts = Object.values(requests(s.sb, PUT)).reduce((sum, count) => sum + count, 0);
  const started = await laden.call<BulkJob>('bulk:start', { uuids: s.uuids, edit: raise10 });
  // Every desk's bulk view shows the shop's job and the desk that runs it.
  await vi.waitFor(async () => {
    expect((await jobOn(lager, started.id))?.desk).toEqual({
      runner: 'Laden',
      requestedBy: 'Laden',
      here: false,
      waiting: false,
    });
  }, wait);
  await vi.waitFor(async () => {
    const job = await jobOn(laden, started.id);
    expect(job?.desk).toMatchObject({ runner: 'Laden', here: true });
    expect(job?.items.filter((item) => item.state === 'done').length).toBeGreaterThanOrEqual(1);
  }, wait);
  proxy.cut();

  // The lease runs out: the desk without the secret sees the job free and leaves it, so it is
  // still the first claim's (fence 1), held by the desk that is cut off.
  await vi.waitFor(() => {
    expect(lager.log.info.mock.calls.map(([message]) => message)).toContain(
      `Shop: bulk edit ${started.id} waits for a desk whose keychain holds its account's secret (last run by Laden)`,
    );
  }, wait);
  const [row] = await adminQuery<{ runner: string; fence: string }>(
    s.url,
    'select runner, fence::text as fence from listing_desk.jobs where id = $1',
    [started.id],
  );
  expect(row).toEqual({ runner: laden.deskId, fence: '1' });

  // Its secret typed there, that desk takes the job over and finishes it.
  await lager.call('accounts:set-secret', { id: shared.id, secret: CLIENT.clientSecret });
  let finished: BulkJob | undefined;
  await vi.waitFor(async () => {
    finished = await jobOn(lager, started.id);
    expect(finished?.items.map((item) => item.state)).toEqual(s.uuids.map(() => 'done'));
    expect(finished?.desk?.runner).toBe('Lager');
  }, wait);
  const steps = await adminQuery<{ desk: string }>(
    s.url,
    'select distinct desk from listing_desk.job_steps where job_id = $1',
    [started.id],
  );
  expect(steps.map((step) => step.desk).sort()).toEqual([laden.deskId, lager.deskId].sort());
  expect(requests(s.sb, PUT)).not.toHaveProperty('reset');
  await expectChangedOnce(s, finished!, puts);
});

it('a desk closed mid-job gives it back; the other desk goes on from the shop and each ad changes once', async () => {
  const s = await scene(6);
  const laden = await desk(s.url, 'Laden');
  const lager = await desk(s.url, 'Lager');
  const shared = await saveShopAccount(laden, s.sb);
  await typeSecret(lager, shared);

  const puts = Object.values(requests(s.sb, PUT)).reduce((sum, count) => sum + count, 0);
  const started = await laden.call<BulkJob>('bulk:start', { uuids: s.uuids, edit: raise10 });
  // Either desk may win the claim: the one that runs it (its own view says so) stops after an ad.
  let runner!: Desk;
  await vi.waitFor(async () => {
    const views = await Promise.all([laden, lager].map((d) => jobOn(d, started.id)));
    const at = views.findIndex((job) => job?.desk?.here === true);
    expect(views[at]?.items.filter((item) => item.state === 'done').length).toBeGreaterThanOrEqual(1);
    runner = [laden, lager][at]!;
  }, wait);
  const other = runner === laden ? lager : laden;
  await runner.close();

  let finished: BulkJob | undefined;
  await vi.waitFor(async () => {
    finished = await jobOn(other, started.id);
    expect(finished?.items.map((item) => item.state)).toEqual(s.uuids.map(() => 'done'));
    expect(finished?.desk?.runner).toBe(other.name);
  }, wait);
  await expectChangedOnce(s, finished!, puts);
});

it('a desk cut off from the shop keeps a bulk start, says it waits, keeps it over a restart, and queues it once the link is back: each ad changes once', async () => {
  const s = await scene(3);
  const proxy = await startCutProxy(inject('postgres').port);
  cleanup.push(() => proxy.close());
  const via = viaPort(s.url, proxy.port);
  // Its own keychain, kept over the restart below.
  const secrets = createSessionSecretStore('no keychain in tests');
  const laden = await openDesk(s.url, 'Laden', { config, via, secrets });
  cleanup.push(() => laden.close());
  const lager = await desk(s.url, 'Lager');
  const shared = await saveShopAccount(laden, s.sb);
  await typeSecret(lager, shared);
  proxy.cut();
  await vi.waitFor(() => expect(laden.app.shop!.sync.session.link().state).toBe('offline'), wait);

  const puts = Object.values(requests(s.sb, PUT)).reduce((sum, count) => sum + count, 0);
  const started = await laden.call<BulkJob>('bulk:start', { uuids: s.uuids, edit: raise10 });
  const waitsHere = {
    runner: null,
    requestedBy: 'Laden',
    here: false,
    waiting: false,
    unsent: true,
  };
  const kept = await jobOn(laden, started.id);
  expect(kept?.desk).toEqual(waitsHere);
  expect(kept?.items.map((item) => item.state)).toEqual(s.uuids.map(() => 'pending'));
  const inShop = () => adminQuery(s.url, 'select 1 from listing_desk.jobs where id = $1', [started.id]);

  // Closed and opened again while still cut off: the job is still kept, and still waits.
  await laden.close();
  const reopened = await openDesk(s.url, 'Laden', { dataDir: laden.dataDir, config, via, secrets });
  cleanup.push(() => reopened.remove());
  await vi.waitFor(async () => expect((await jobOn(reopened, started.id))?.desk).toEqual(waitsHere), wait);
  const sent = Object.values(requests(s.sb, PUT)).reduce((sum, count) => sum + count, 0);
  expect(sent).toBe(puts);
  expect(await inShop()).toEqual([]);

  // The link is back: the job goes into the queue once and one desk sends each ad once.
  proxy.heal();
  let finished: BulkJob | undefined;
  await vi.waitFor(async () => {
    finished = await jobOn(lager, started.id);
    expect(finished?.items.map((item) => item.state)).toEqual(s.uuids.map(() => 'done'));
    expect((await jobOn(reopened, started.id))?.desk).toMatchObject({ requestedBy: 'Laden' });
    expect((await jobOn(reopened, started.id))?.desk?.unsent).toBeUndefined();
  }, wait);
  const rows = await adminQuery<{ kind: string; state: string; requested_by: string }>(
    s.url,
    'select kind, state, requested_by from listing_desk.jobs where id = $1',
    [started.id],
  );
  expect(rows).toEqual([{ kind: 'bulk', state: 'done', requested_by: reopened.deskId }]);
  await expectChangedOnce(s, finished!, puts);
});

it('a job left unfinished on a lone desk joins the queue when the desk joins a shop, and each ad changes once', async () => {
  const s = await scene(6);
  const folder = tempDir('listing-desk-bulk-join-');
  cleanup.push(async () => folder.remove());
  const secrets = createSessionSecretStore('no keychain in tests');
  const lone = await createTempApp(folder.dir, { secretStore: secrets });
  await saveShopAccount(lone, s.sb);
  const puts = Object.values(requests(s.sb, PUT)).reduce((sum, count) => sum + count, 0);
  const started = await lone.call<BulkJob>('bulk:start', { uuids: s.uuids, edit: raise10 });
  await vi.waitFor(async () => {
    const job = await jobOn(lone, started.id);
    expect(job?.items.some((item) => item.state === 'done')).toBe(true);
  }, wait);
  // Quit mid-job (it resumes at the next start), then join the shop.
  await lone.app.close();
  const { jobs } = await lone.call<{ jobs: BulkJob[] }>('bulk:jobs');
  expect(jobs[0]?.items.some((item) => item.state === 'pending')).toBe(true);

  const laden = await openDesk(s.url, 'Laden', { dataDir: folder.dir, secrets, config });
  cleanup.push(() => laden.close());
  let finished: BulkJob | undefined;
  await vi.waitFor(async () => {
    finished = await jobOn(laden, started.id);
    expect(finished?.items.map((item) => item.state)).toEqual(s.uuids.map(() => 'done'));
    expect(finished?.desk).toMatchObject({ runner: 'Laden', requestedBy: 'Laden' });
  }, wait);
  const [row] = await adminQuery<{ kind: string; state: string }>(
    s.url,
    'select kind, state from listing_desk.jobs where id = $1',
    [started.id],
  );
  expect(row).toEqual({ kind: 'bulk', state: 'done' });
  await expectChangedOnce(s, finished!, puts);
});

it('a failed job is tried again on a desk that holds the secret (refused in plain words on one that does not), and dismissed on every desk', async () => {
  const s = await scene(2);
  const laden = await desk(s.url, 'Laden');
  const lager = await desk(s.url, 'Lager');
  const shared = await saveShopAccount(laden, s.sb);
  await vi.waitFor(async () => {
    const { accounts } = await lager.call<{ accounts: AccountView[] }>('accounts:list');
    expect(accounts.some((a) => a.id === shared.id)).toBe(true);
  }, wait);
  const refuse = s.sb.faults.add({ route: PUT, kind: 'status', status: 403 });
  const started = await laden.call<BulkJob>('bulk:start', { uuids: s.uuids, edit: raise10 });
  await vi.waitFor(async () => {
    expect((await jobOn(lager, started.id))?.items.map((item) => item.state)).toEqual(['failed', 'failed']);
  }, wait);
  // Every step reaches the other desks as it is written (issue 32.3): the ads show failed before
  // the desk that ran them has given the job back; a Retry is for the job once it has ended.
  await vi.waitFor(async () => {
    const [row] = await adminQuery<{ state: string }>(
      s.url,
      'select state from listing_desk.jobs where id = $1',
      [started.id],
    );
    expect(['queued', 'running']).not.toContain(row?.state);
  }, wait);
  refuse();

  const refused = await lager.call('bulk:retry', { jobId: started.id }).then(
    () => undefined,
    (error: { code?: string; message?: string }) => error,
  );
  expect(refused).toMatchObject({
    code: 'conflict',
    message: expect.stringContaining("This desk's keychain does not hold this account's client secret"),
  });
  await lager.call('accounts:set-secret', { id: shared.id, secret: CLIENT.clientSecret });
  await lager.call('bulk:retry', { jobId: started.id });
  let finished: BulkJob | undefined;
  await vi.waitFor(async () => {
    finished = await jobOn(laden, started.id);
    expect(finished?.items.map((item) => item.state)).toEqual(['done', 'done']);
    expect(finished?.desk?.runner).toBe('Lager');
  }, wait);
  await expectChangedOnce(s, finished!, 0);

  await laden.call('bulk:dismiss', { jobId: started.id });
  await vi.waitFor(async () => expect(await jobOn(lager, started.id)).toBeUndefined(), wait);
  expect(await jobOn(laden, started.id)).toBeUndefined();
});
