// Benchmarks of the shop sync (issue 24.10), against a private Debian PostgreSQL:
// 1. a change saved on one desk until the other desk's window is told (`drafts:changed`), with
//    BENCH_LATENCY_MS (default 40) of round trip between each desk and the database (a delaying
//    proxy), p50 and p95 against the target of two round trips plus 100 ms;
// 2. the queries an idle, connected desk sends per minute over BENCH_IDLE_S (default 120) seconds,
//    counted on every pg connection of the process (pool and LISTEN), against the target of 6.
// Run: npx tsx bench/shop/sync.ts
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp, type App } from '../../src/main/app';
import { silentLog } from '../../src/main/log/log';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { writeMembership } from '../../src/main/shop/membership';
import { migrate } from '../../src/main/shop/migrate';
import { SHOP_PASSWORD_KEY, splitShopUrl } from '../../src/main/shop/shop-db';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { Draft } from '../../src/shared/domain/draft';
import { draftFieldsOf } from '../../src/shared/domain/draft-fields';
import type { Envelope } from '../../src/shared/ipc/envelope';
import { startPostgres } from '../../test/shop/helpers/postgres';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 40);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 120);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const TARGET_IDLE_PER_MIN = 6;

/** A proxy that holds every chunk for half the round trip in each direction, in order. */
async function delayProxy(targetPort: number, oneWayMs: number): Promise<{ port: number; close(): void }> {
  const sockets = new Set<Socket>();
  const pipe = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), oneWayMs));
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      // Without it Nagle's algorithm would hold small packets back: delay the proxy did not mean to add.
      socket.setNoDelay(true);
      sockets.add(socket);
      socket
        .on('error', () => undefined)
        .on('close', () => {
          client.destroy();
          upstream.destroy();
        });
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

async function desk(adminUrl: string, viaPort: number, name: string): Promise<{ app: App; dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-bench-'));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const deskId = randomUUID();
  const shop = await admin.query<{ id: string }>('select id from listing_desk.shop');
  await admin.query('insert into listing_desk.desks (id, name) values ($1, $2)', [deskId, name]);
  await admin.end();
  const via = new URL(adminUrl);
  via.port = String(viaPort);
  const { url, password } = splitShopUrl(via.toString());
  await writeMembership(dir, {
    url,
    shopId: shop.rows[0]!.id,
    deskId,
    deskName: name,
    joinedAt: new Date().toISOString(),
  });
  const secrets = createSessionSecretStore('bench');
  await secrets.set(SHOP_PASSWORD_KEY, password!);
  const app = await createApp(
    { shell: 'web', dataDir: dir, version: 'bench', systemLocale: 'en-US' },
    { storeFactory: confStoreFactory, secretStore: secrets, log: silentLog },
  );
  return { app, dir };
}

async function call<T>(app: App, channel: string, input?: unknown): Promise<T> {
  const result = (await app.router.call(channel, input)) as Envelope<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value;
}

const connected = async (app: App) => {
  while (app.shop!.sync.session.link().state !== 'connected') await new Promise((r) => setTimeout(r, 20));
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

// Counts every statement any pg client of this process sends.
let queries = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries += 1;
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

const server = await startPostgres();
try {
  const url = await server.createDatabase();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await migrate(admin);
  await admin.end();
  const proxy = await delayProxy(server.port, LATENCY_MS / 2);
  const a = await desk(url, proxy.port, 'A');
  const b = await desk(url, proxy.port, 'B');
  await Promise.all([connected(a.app), connected(b.app)]);

  const draft = await call<Draft>(a.app, 'drafts:create');
  const painted: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const seen = new Promise<void>((resolve) => {
      const stop = b.app.events.subscribe((event, payload) => {
        if (event === 'drafts:changed' && (payload as { ids: string[] }).ids.includes(draft.id)) {
          stop();
          resolve();
        }
      });
    });
    const started = performance.now();
    await call(a.app, 'drafts:save', { draft: { ...draftFieldsOf(draft), title: `Sample ${i}` } });
    await seen;
    painted.push(performance.now() - started);
  }
  painted.sort((x, y) => x - y);
  const target = 2 * LATENCY_MS + 100;
  const [p50, p95] = [percentile(painted, 0.5), percentile(painted, 0.95)];
  console.log(`change painted on the other desk (${LATENCY_MS} ms round trip, ${SAMPLES} saves):`);
  console.log(
    `  p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; target ${target} ms: p95/target ${(p95 / target).toFixed(2)}`,
  );

  await b.app.close();
  await new Promise((r) => setTimeout(r, 2_000));
  const before = queries;
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const perMinute = ((queries - before) * 60) / IDLE_S;
  console.log(
    `idle connected desk: ${perMinute.toFixed(1)} queries/min over ${IDLE_S} s; target ${TARGET_IDLE_PER_MIN}: ratio ${(perMinute / TARGET_IDLE_PER_MIN).toFixed(2)}`,
  );
  await a.app.close();
  proxy.close();
  rmSync(a.dir, { recursive: true, force: true });
  rmSync(b.dir, { recursive: true, force: true });
} finally {
  server.remove();
}
