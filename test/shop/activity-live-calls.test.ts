// Pause, resume, end and live changes in the activity log (issue 37.5): each row is written with
// the record that settles the call (the team's due claim under its fence, or the data folder's
// journal); a desk killed mid-pause leaves one row, written by the desk that settles it; a call made
// while the team's database is out of reach is logged when it is back, with both times; no desk's
// login changes or deletes a row.
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { runLiveCall } from '../../src/main/live/live-call-run';
import { sentValues } from '../../src/main/live/live-call-settle';
import type { LiveCalls } from '../../src/main/ports/live-calls';
import type { ServiceClient } from '../../src/main/service-client';
import type { ShopSession } from '../../src/main/shop/connection/shop-session';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { clientOf } from '../integration/publish/ports';
import { startCutProxy, type CutProxy } from './helpers/cut-proxy';
import { viaPort } from './helpers/desks';
import { deskSession, initShop } from './helpers/desk-session';
import { ACCOUNT, callsDesk } from './helpers/live-calls-desk';
import { freshDatabase } from './helpers/shared-postgres';
import { shopDesk, type ShopDesk } from './helpers/shop-desk';
import { loginDesk, psqlAs } from './helpers/team-logins';

const soon = { timeout: 20_000, interval: 100 };
const shop: {
  url: string;
  shopId: string;
  sb: Sandbox;
  client: ServiceClient;
  ads: { listing: string; publication: string }[];
  closing: Array<() => Promise<unknown>>;
} = {
  url: '',
  shopId: '',
  sb: undefined as unknown as Sandbox,
  client: undefined as unknown as ServiceClient,
  ads: [],
  closing: [],
};

async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: shop.url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

interface Row {
  kind: string;
  desk: string;
  running: string;
  ad: string;
  changed: Record<string, unknown>;
  made_at: Date;
  recorded_at: Date;
}
const rowsOf = (ad: string) =>
  query<Row>(
    `select kind, (select name from listing_desk.desks d where d.id = a.desk) as desk,
            (select name from listing_desk.desks d where d.id = a.running_desk) as running,
            ad, changed, made_at, recorded_at
       from listing_desk.activity a where ad = $1 and kind <> 'publish' order by id`,
    [ad],
  );

async function session(name: string, url = shop.url): Promise<ShopSession> {
  const opened = await deskSession(url, shop.shopId, name);
  shop.closing.push(() => opened.close());
  return opened;
}

const pause = (
  calls: LiveCalls | undefined,
  ad: { listing: string; publication: string },
  state: 'PAUSED' | 'RESUMED' = 'PAUSED',
) =>
  runLiveCall({
    calls,
    call: {
      kind: state === 'PAUSED' ? 'pause' : 'resume',
      account: ACCOUNT,
      ad: ad.listing,
      publication: ad.publication,
      state,
    },
    send: () => shop.client.setPublicationState(ad.listing, ad.publication, state),
    changed: () => ({ publication: ad.publication, state }),
    log: { error: () => undefined },
  });

beforeAll(async () => {
  shop.url = await freshDatabase();
  shop.shopId = await initShop(shop.url);
  shop.sb = await startSandbox({ port: 0, validationDelayMs: 20 });
  shop.closing.push(() => shop.sb.close());
  shop.client = clientOf(shop.sb);
  // Four live ads, published through the team's queue.
  const till: ShopDesk = await shopDesk({ url: shop.url, shopId: shop.shopId, sb: shop.sb }, 'Kasse');
  const drafts = await till.d.makeDrafts(4, 1);
  await till.engine.start(drafts.map((draft) => draft.id));
  await vi.waitFor(
    async () =>
      expect(
        (await query<{ state: string }>(`select state from listing_desk.jobs`)).map((r) => r.state),
      ).toEqual(['published', 'published', 'published', 'published']),
    { timeout: 60_000, interval: 100 },
  );
  shop.ads = await query<{ listing: string; publication: string }>(
    `select body->'record'->>'listingUuid' as listing, body->'record'->>'publicationUuid' as publication
       from listing_desk.jobs order by created_at`,
  );
  await till.close();
}, 90_000);

afterAll(async () => {
  for (const close of shop.closing.splice(0).reverse()) await close().catch(() => undefined);
});

describe('live calls in a team', () => {
  it('a pause and a resume: each row written with its claim done, by the desk that made it, once', async () => {
    const ad = shop.ads[0]!;
    const werkstatt = await callsDesk(await session('Werkstatt'), shop.client);
    await pause(werkstatt.calls, ad);
    await pause(werkstatt.calls, ad, 'RESUMED');
    const rows = await rowsOf(ad.listing);
    expect(rows.map((row) => [row.kind, row.desk, row.running, row.changed.state])).toEqual([
      ['pause', 'Werkstatt', 'Werkstatt', 'PAUSED'],
      ['resume', 'Werkstatt', 'Werkstatt', 'RESUMED'],
    ]);
    // Each call's claim is done, and its row names it.
    const claims = await query<{ key: string; done: boolean }>(
      `select key, done_at is not null as done from listing_desk.due_claims where key like 'live-call:%'`,
    );
    expect(claims).toHaveLength(2);
    expect(claims.every((claim) => claim.done)).toBe(true);
    for (const row of rows)
      expect(claims.some((claim) => claim.key.includes(String(row.changed.call)))).toBe(true);
    // Nothing is left to settle, nothing written twice.
    expect(await werkstatt.calls.reconcile()).toEqual({ settled: 0, left: 0 });
    expect(await rowsOf(ad.listing)).toHaveLength(2);
    expect(await readdir(path.join(werkstatt.dataDir, 'activity', 'calls')).catch(() => [])).toEqual([]);
  });

  it('a desk killed with SIGKILL mid-pause: the desk that settles it writes the one row', async () => {
    const ad = shop.ads[1]!;
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/shop/helpers/pause-child.ts'], {
      env: {
        ...process.env,
        PAUSE_CHILD: JSON.stringify({
          url: shop.url,
          shopId: shop.shopId,
          name: 'Werkstatt-2',
          sb: { authUrl: shop.sb.authUrl, baseUrl: shop.sb.baseUrl, clients: shop.sb.clients },
          listing: ad.listing,
          publication: ad.publication,
        }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_c, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      void exited.then(() => reject(new Error('The desk ended before it was killed')));
      createInterface({ input: child.stdout }).on('line', () => resolve());
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // The service took the pause; the log has no row of it yet.
    expect((await shop.client.getPublication(ad.listing, ad.publication)).requestedState).toBe('PAUSED');
    expect(await rowsOf(ad.listing)).toEqual([]);

    // Two desks settle at once, again and again: one row, by whichever took the claim over.
    const theke = await callsDesk(await session('Theke'), shop.client);
    const lager = await callsDesk(await session('Lager'), shop.client);
    await vi.waitFor(async () => {
      await Promise.all([theke.calls.reconcile(), lager.calls.reconcile()]);
      expect(await rowsOf(ad.listing)).toHaveLength(1);
    }, soon);
    await Promise.all([theke.calls.reconcile(), lager.calls.reconcile(), theke.calls.reconcile()]);
    const rows = await rowsOf(ad.listing);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ kind: 'pause', changed: { state: 'PAUSED', settled: 'read back' } });
    expect(['Theke', 'Lager']).toContain(row!.running);
    expect(row!.desk).toBe(row!.running);
    // Made by the killed desk before it was killed; recorded once its lease had run out.
    expect(row!.made_at.getTime()).toBeLessThan(row!.recorded_at.getTime());
  });

  it('a call the service did not take is not logged: the settle reads the ad and marks it done without a row', async () => {
    const ad = shop.ads[2]!;
    const desk = await callsDesk(await session('Büro'), shop.client);
    const refused = runLiveCall({
      calls: desk.calls,
      call: { kind: 'pause', account: ACCOUNT, ad: ad.listing, publication: ad.publication, state: 'PAUSED' },
      send: () => Promise.reject(new Error('the line dropped before the call was sent')),
      changed: () => ({}),
      log: { error: () => undefined },
    });
    await expect(refused).rejects.toThrow(/line dropped/);
    await vi.waitFor(async () => expect(await desk.calls.reconcile()).toEqual({ settled: 1, left: 0 }), soon);
    expect(await rowsOf(ad.listing)).toEqual([]);
    expect(
      await query(`select 1 from listing_desk.due_claims where key like 'live-call:%' and done_at is null`),
    ).toEqual([]);
  });

  it('a pause while the team is out of reach is logged when it is back, with when it was made', async () => {
    const ad = shop.ads[3]!;
    const proxy: CutProxy = await startCutProxy(Number(new URL(shop.url).port));
    shop.closing.push(() => proxy.close());
    const lagerSession = await session('Außenlager', viaPort(shop.url, proxy.port));
    const lager = await callsDesk(lagerSession, shop.client);
    proxy.cut();
    await vi.waitFor(() => expect(lagerSession.link().state).toBe('offline'), soon);
    const before = Date.now();
    await pause(lager.calls, ad);
    expect((await shop.client.getPublication(ad.listing, ad.publication)).requestedState).toBe('PAUSED');
    // Kept in the desk's journal with its row until the team is back.
    expect(await readdir(path.join(lager.dataDir, 'activity', 'calls'))).toHaveLength(1);
    expect((await lager.calls.reconcile()).left).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await rowsOf(ad.listing)).toEqual([]);
    proxy.heal();
    await vi.waitFor(async () => {
      await lager.calls.reconcile();
      expect(await rowsOf(ad.listing)).toHaveLength(1);
    }, soon);
    await lager.calls.reconcile();
    const [row] = await rowsOf(ad.listing);
    expect(row).toMatchObject({ kind: 'pause', desk: 'Außenlager', changed: { state: 'PAUSED' } });
    expect(row!.made_at.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(row!.recorded_at.getTime() - row!.made_at.getTime()).toBeGreaterThanOrEqual(1_000);
    expect(await rowsOf(ad.listing)).toHaveLength(1);
    expect(await readdir(path.join(lager.dataDir, 'activity', 'calls'))).toEqual([]);
  });

  it('a live change with a long text, left by its desk: settled by what the ad holds, once', async () => {
    const ad = shop.ads[2]!;
    const desk = await callsDesk(await session('Schreibtisch'), shop.client);
    const values = {
      title: 'Eichentisch, massiv',
      description: 'Gut erhalten. '.repeat(300),
      price: { type: 'FIXED', amount: 95 },
    };
    // Recorded and sent; its desk stopped before the row (its claim given back, as a lease runs out).
    const sent = await desk.calls.begin({
      id: randomUUID(),
      kind: 'live-change',
      account: ACCOUNT,
      ad: ad.listing,
      madeAt: new Date().toISOString(),
      ...sentValues(values),
    });
    await shop.client.updateListing(ad.listing, values);
    await sent.leave();
    // One the service never took: the ad does not hold its values, so no row.
    const lost = await desk.calls.begin({
      id: randomUUID(),
      kind: 'live-change',
      account: ACCOUNT,
      ad: ad.listing,
      madeAt: new Date().toISOString(),
      ...sentValues({ title: 'Nie gesendet' }),
    });
    await lost.leave();
    expect(await desk.calls.reconcile()).toEqual({ settled: 2, left: 0 });
    expect(await desk.calls.reconcile()).toEqual({ settled: 0, left: 0 });
    const rows = (await rowsOf(ad.listing)).filter((row) => row.kind === 'live-change');
    expect(rows.map((row) => [row.desk, row.changed.fields, row.changed.settled])).toEqual([
      ['Schreibtisch', ['description', 'price', 'title'], 'read back'],
    ]);
  });

  it("no desk's login changes or deletes a call's row, by psql either", async () => {
    const publish = await loginDesk(shop.url, 'publish', 'Psql');
    shop.closing.push(() => publish.db.end());
    for (const sql of [
      `update listing_desk.activity set changed = '{}' where kind in ('pause', 'resume')`,
      `delete from listing_desk.activity where kind in ('pause', 'resume')`,
    ]) {
      const run = psqlAs(publish.url, sql);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/42501/);
    }
    expect(
      (await query(`select 1 from listing_desk.activity where kind in ('pause', 'resume')`)).length,
    ).toBe(4);
  });
});

describe('live calls on a lone desk', () => {
  it('a call whose desk stopped before its row is settled from the journal once, with the ad read back', async () => {
    const ad = shop.ads[0]!;
    const lone = await callsDesk(undefined, shop.client);
    // The kill point: the call is recorded and sent, its row never appended.
    const hold = await lone.calls.begin({
      id: '5f0c2a1e-0000-4000-8000-000000000001',
      kind: 'pause',
      account: ACCOUNT,
      ad: ad.listing,
      publication: ad.publication,
      state: 'PAUSED',
      madeAt: new Date().toISOString(),
    });
    void hold;
    await shop.client.setPublicationState(ad.listing, ad.publication, 'PAUSED');
    expect(await lone.lone.list({ ad: ad.listing })).toEqual([]);
    expect(await lone.calls.reconcile()).toEqual({ settled: 1, left: 0 });
    expect(await lone.calls.reconcile()).toEqual({ settled: 0, left: 0 });
    const entries = await lone.lone.list({ ad: ad.listing });
    expect(entries.map((entry) => [entry.kind, entry.changed.state, entry.changed.settled])).toEqual([
      ['pause', 'PAUSED', 'read back'],
    ]);
    // A normal call: its row, its file gone.
    await pause(lone.calls, ad, 'RESUMED');
    expect((await lone.lone.list({ ad: ad.listing })).map((entry) => entry.kind)).toEqual([
      'resume',
      'pause',
    ]);
    expect(await readdir(path.join(lone.dataDir, 'activity', 'calls'))).toEqual([]);
  });
});
