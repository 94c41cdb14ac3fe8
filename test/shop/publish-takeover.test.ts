// A desk that stops while it holds a publish job (issue 24.5, 24.9): killed with SIGKILL, or cut
// off from the shop's database by a TCP proxy. It calls the service no more once its lease could
// run out; the other desk takes the job over after the lease and starts by reconciling from the
// step records in the shop: one listing with all its photos, one publication.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { ServiceClient } from '../../src/main/service-client';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { clientOf, counts, desk, type Desk } from '../integration/publish/helpers';
import { startCutProxy, type CutProxy } from './helpers/cut-proxy';
import { initShop } from './helpers/desk-session';
import { freshDatabase } from './helpers/shared-postgres';
import { shopDesk, type ShopDesk } from './helpers/shop-desk';

const opened: { desks: ShopDesk[]; scratch: Desk[]; sb?: Sandbox; proxy?: CutProxy } = {
  desks: [],
  scratch: [],
};
afterEach(async () => {
  for (const d of opened.desks.splice(0)) await d.close();
  for (const d of opened.scratch.splice(0)) await d.close();
  await opened.proxy?.close();
  await opened.sb?.close();
  opened.sb = undefined;
  opened.proxy = undefined;
});

async function shop() {
  const url = await freshDatabase();
  const shopId = await initShop(url);
  // Slow answers, so that a stop lands in the middle of the job.
  const sb = await startSandbox({ port: 0, validationDelayMs: 20, latencyMs: 120 });
  opened.sb = sb;
  return { url, shopId, sb };
}

/** The one listing on the sandbox shows `expected` photos, in order, each once. */
async function expectOneListing(sb: Sandbox, expected: Buffer[]): Promise<void> {
  expect(counts(sb)).toMatchObject({ listings: 1, publications: 1 });
  const [listing] = await clientOf(sb).listListings();
  const shown = await Promise.all(
    listing!.urls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
  );
  expect(shown).toHaveLength(expected.length);
  expect(shown.map((bytes, i) => bytes.equals(expected[i]!))).toEqual(expected.map(() => true));
}

async function jobRow(d: ShopDesk) {
  const read = await d.session.pool.query<{ state: string; runner: string; fence: string }>(
    `select state, runner, fence::text from listing_desk.jobs`,
  );
  return read.rows[0];
}

/** Records when each service call of a desk started (monotonic clock of this process). */
function watched(calls: number[]) {
  return (client: ServiceClient): ServiceClient =>
    new Proxy(client, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== 'function' || property === 'authForm') return value;
        return (...args: unknown[]) => {
          calls.push(performance.now());
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
}

describe('a desk that stops while it holds a publish job', () => {
  it('killed with SIGKILL: the other desk takes the job over after the lease; one listing with all photos', async () => {
    const s = await shop();
    const scratch = await desk();
    opened.scratch.push(scratch);
    const [draft] = await scratch.makeDrafts(1, 4);
    const config = {
      dataDir: scratch.dataDir,
      url: s.url,
      shopId: s.shopId,
      name: 'Werkstatt',
      authUrl: s.sb.authUrl,
      baseUrl: s.sb.baseUrl,
      clientId: s.sb.clients[0]!.clientId,
      clientSecret: s.sb.clients[0]!.clientSecret,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/shop/helpers/desk-child.ts', draft!.id], {
      env: { ...process.env, SHOP_DESK_CHILD: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      void exited.then(() => reject(new Error('The desk ended before it was killed')));
      createInterface({ input: child.stdout }).on('line', (line) => {
        const { attached } = JSON.parse(line) as { attached: number };
        if (attached >= 1) resolve();
      });
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    await scratch.reopen();

    const other = await shopDesk(s, 'Theke');
    opened.desks.push(other);
    // The killed desk still held the job.
    const held = await jobRow(other);
    expect(held).toMatchObject({ state: 'running', fence: '1' });
    await vi.waitFor(async () => expect(await jobRow(other)).toMatchObject({ state: 'published' }), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await jobRow(other))?.runner).toBe(other.session.membership.deskId);
    expect(Number((await jobRow(other))?.fence)).toBeGreaterThanOrEqual(2);
    await expectOneListing(s.sb, await Promise.all(draft!.photos.map((photo) => scratch.photoBytes(photo))));
  });

  it('cut off from the database: it stops calling the service before its lease runs out; the other desk takes over', async () => {
    const s = await shop();
    const proxy = await startCutProxy(inject('postgres').port);
    opened.proxy = proxy;
    const through = new URL(s.url);
    through.port = String(proxy.port);
    const cutCalls: number[] = [];
    const cutOff = await shopDesk(s, 'Filiale', { url: through.toString(), client: watched(cutCalls) });
    opened.desks.push(cutOff);
    const [draft] = await cutOff.d.makeDrafts(1, 4);
    const [press] = await cutOff.engine.start([draft!.id]);
    await vi.waitFor(
      () => {
        const job = cutOff.engine.get(press!.jobId!);
        expect(job?.photos.filter((photo) => photo.state === 'attached').length).toBeGreaterThanOrEqual(1);
      },
      { timeout: 30_000, interval: 20 },
    );
    proxy.cut();

    const otherCalls: number[] = [];
    const other = await shopDesk(s, 'Zentrale', { client: watched(otherCalls) });
    opened.desks.push(other);
    await vi.waitFor(async () => expect(await jobRow(other)).toMatchObject({ state: 'published' }), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await jobRow(other))?.runner).toBe(other.session.membership.deskId);
    await expectOneListing(s.sb, await Promise.all(draft!.photos.map((photo) => cutOff.d.photoBytes(photo))));
    // Every call of the cut-off desk started before the other desk's first: never both at once.
    expect(otherCalls.length).toBeGreaterThan(0);
    expect(Math.max(...cutCalls)).toBeLessThan(Math.min(...otherCalls));
    // The cut-off desk left the job where it stood: not failed, and not run again while cut off.
    expect(cutOff.engine.get(press!.jobId!)?.state).not.toBe('failed');
  });
});

describe('a desk whose lease is not renewed', () => {
  it('stops calling the service a margin before each lease could run out, and goes on by reconciling', async () => {
    const s = await shop();
    const timing = { leaseMs: 1_500, renewMs: 600_000, marginMs: 500 };
    const granted: number[] = [];
    const calls: { at: number; lease: number }[] = [];
    const client = (base: ServiceClient): ServiceClient =>
      new Proxy(base, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if (typeof value !== 'function' || property === 'authForm') return value;
          return async (...args: unknown[]) => {
            calls.push({ at: performance.now(), lease: granted.length - 1 });
            const answer: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
            // Each answer comes 80 ms late (the call itself goes out when it did): the job then
            // needs several leases however fast the machine, so the test cannot pass on one.
            await new Promise((resolve) => setTimeout(resolve, 80));
            return answer;
          };
        },
      });
    // Never renewed: every claim covers calls for at most leaseMs - marginMs from when it was asked.
    const lone = await shopDesk(s, 'Kasse', {
      timing,
      client,
      onClaimsLog: (line) => {
        if (/runs publish job/.test(line)) granted.push(performance.now());
      },
    });
    opened.desks.push(lone);
    const [draft] = await lone.d.makeDrafts(1, 4);
    await lone.engine.start([draft!.id]);
    await vi.waitFor(async () => expect(await jobRow(lone)).toMatchObject({ state: 'published' }), {
      timeout: 60_000,
      interval: 100,
    });
    await expectOneListing(s.sb, await Promise.all(draft!.photos.map((photo) => lone.d.photoBytes(photo))));
    // The job needed more than one lease, and no call went out later than its lease allowed: the
    // lease was asked for before it was granted (and logged), so the margin holds a fortiori.
    expect(granted.length).toBeGreaterThan(1);
    for (const call of calls.filter((c) => c.lease >= 0))
      expect(call.at).toBeLessThan(granted[call.lease]! + timing.leaseMs - timing.marginMs);
  });
});

describe('a desk cut off from the shop when Publish is pressed', () => {
  it('keeps the job on the desk and puts it in the queue once the link is back', async () => {
    const s = await shop();
    const proxy = await startCutProxy(inject('postgres').port);
    opened.proxy = proxy;
    const through = new URL(s.url);
    through.port = String(proxy.port);
    const branch = await shopDesk(s, 'Filiale', { url: through.toString() });
    opened.desks.push(branch);
    const [draft] = await branch.d.makeDrafts(1, 2);
    proxy.cut();
    const [press] = await branch.engine.start([draft!.id]);
    expect(press!.error).toBeUndefined();
    // It says why it waits: the shop's database is out of reach (issue 32.3).
    expect(branch.engine.get(press!.jobId!)).toMatchObject({
      state: 'waiting',
      error: { problem: 'waiting-for-shop' },
    });
    const admin = await shopDesk(s, 'Zentrale', { hasSecret: false });
    opened.desks.push(admin);
    expect((await admin.session.pool.query(`select id from listing_desk.jobs`)).rows).toEqual([]);
    proxy.heal();
    await vi.waitFor(async () => expect(await jobRow(admin)).toMatchObject({ state: 'published' }), {
      timeout: 30_000,
      interval: 100,
    });
    await expectOneListing(s.sb, await Promise.all(draft!.photos.map((photo) => branch.d.photoBytes(photo))));
  });
});
