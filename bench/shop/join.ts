// Benchmark of joining a running shop (issue 24.10): a shop of BENCH_DRAFTS drafts (default 200;
// the figure is 1000) with 4 photos each (BENCH_PHOTO_KB, default 250 KB, plus a 16 KB
// thumbnail) joined by a desk whose link to the database is BENCH_MBIT (default 100) Mbit/s each
// way with BENCH_LATENCY_MS of round trip (default 2). Prints the time until the desk holds every
// draft and photo against the bytes it received divided by the bandwidth (target at most 1.3×).
// Run: npx tsx bench/shop/join.ts
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp, type App } from '../../src/main/app';
import { silentLog } from '../../src/main/log/log';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { joinShop } from '../../src/main/shop/join';
import { writeMembership } from '../../src/main/shop/membership';
import { migrate } from '../../src/main/shop/migrate';
import { shopPasswordKey, splitShopUrl } from '../../src/main/shop/shop-db';
import { openDraftsStore } from '../../src/main/storage/drafts-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import { startPostgres } from '../../test/shop/helpers/postgres';

const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 200);
const PHOTO_KB = Number(process.env.BENCH_PHOTO_KB ?? 250);
const MBIT = Number(process.env.BENCH_MBIT ?? 100);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 2);
const THUMB_KB = 16;
const TARGET = 1.3;

/** A link of `mbit` each way (one pipe per direction shared by every connection) and a round trip. */
async function slowLink(targetPort: number): Promise<{ port: number; bytesDown(): number; close(): void }> {
  const bytesPerMs = (MBIT * 1e6) / 8 / 1000;
  const pipes = { up: 0, down: 0 };
  let down = 0;
  const sockets = new Set<Socket>();
  // Each connection's chunks leave in the order they came, each when the shared pipe has carried
  // it (timers of different lengths due in one millisecond may fire in any order: one queue each).
  const pipe = (from: Socket, to: Socket, way: 'up' | 'down') => {
    const queue: { at: number; chunk: Buffer }[] = [];
    let timer: NodeJS.Timeout | undefined;
    const pump = () => {
      timer = undefined;
      const now = performance.now();
      while (queue.length > 0 && queue[0]!.at <= now) {
        const { chunk } = queue.shift()!;
        if (!to.destroyed) to.write(chunk);
      }
      if (queue.length > 0) timer = setTimeout(pump, queue[0]!.at - now);
    };
    from.on('data', (chunk: Buffer) => {
      const now = performance.now();
      pipes[way] = Math.max(now, pipes[way]) + chunk.length / bytesPerMs;
      if (way === 'down') down += chunk.length;
      queue.push({ at: pipes[way] + LATENCY_MS / 2, chunk });
      timer ??= setTimeout(pump, queue[0]!.at - now);
    });
  };
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket
        .on('error', () => undefined)
        .on('close', () => {
          client.destroy();
          upstream.destroy();
        });
    }
    pipe(client, upstream, 'up');
    pipe(upstream, client, 'down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    bytesDown: () => down,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

async function openDesk(adminUrl: string, port: number, name: string, dir: string): Promise<App> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const deskId = randomUUID();
  const shop = await admin.query<{ id: string }>('select id from listing_desk.shop');
  await admin.query('insert into listing_desk.desks (id, name) values ($1, $2)', [deskId, name]);
  await admin.end();
  const via = new URL(adminUrl);
  via.port = String(port);
  const { url, password } = splitShopUrl(via.toString());
  const joinedAt = new Date().toISOString();
  await writeMembership(dir, { url, shopId: shop.rows[0]!.id, deskId, deskName: name, joinedAt });
  const secrets = createSessionSecretStore('bench');
  await secrets.set(shopPasswordKey(deskId), password!);
  return createApp(
    { shell: 'web', dataDir: dir, version: 'bench', systemLocale: 'en-US' },
    { storeFactory: confStoreFactory, secretStore: secrets, log: silentLog },
  );
}

/** A data folder with DRAFTS drafts of 4 photos each (random bytes: nothing to compress). */
async function filledFolder(): Promise<{ dir: string; bytes: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-bench-shop-'));
  const store = await openDraftsStore(dir, { log: silentLog });
  let bytes = 0;
  for (let i = 0; i < DRAFTS; i += 1) {
    const draft = await store.create({ title: `Posten ${i}`, description: 'Gut erhalten. '.repeat(20) });
    mkdirSync(path.join(dir, 'photos', draft.id), { recursive: true });
    const photos = [0, 1, 2, 3].map((n) => {
      const id = randomUUID();
      const file = `photos/${draft.id}/${id}.jpg`;
      const thumb = `photos/${draft.id}/${id}-thumb.jpg`;
      const size = PHOTO_KB * 1024 + n;
      writeFileSync(path.join(dir, file), randomBytes(size));
      writeFileSync(path.join(dir, thumb), randomBytes(THUMB_KB * 1024));
      bytes += size + THUMB_KB * 1024;
      return {
        id,
        file,
        thumb,
        mediaType: 'image/jpeg' as const,
        width: 2048,
        height: 1536,
        bytes: size,
        originalName: `IMG_${n}.jpg`,
      };
    });
    await store.update(draft.id, (d) => ({ ...d, photos }));
  }
  await store.close();
  return { dir, bytes };
}

const server = await startPostgres();
const folders: string[] = [];
try {
  const url = await server.createDatabase();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await migrate(admin);
  await admin.end();

  const shop = await filledFolder();
  folders.push(shop.dir);
  const first = await openDesk(url, server.port, 'Laden', shop.dir);
  let started = performance.now();
  await joinShop(first.shop!.sync, () => undefined);
  console.log(
    `the first desk sent ${DRAFTS} drafts × 4 photos in ${((performance.now() - started) / 1000).toFixed(1)} s (loopback)`,
  );

  const link = await slowLink(server.port);
  const joiningDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-bench-shop-'));
  folders.push(joiningDir);
  started = performance.now();
  const joining = await openDesk(url, link.port, 'Filiale', joiningDir);
  await joinShop(joining.shop!.sync, () => undefined);

  const fields = performance.now() - started;
  await joining.shop!.sync.photos.idle();
  while (joining.shop!.sync.photos.waiting() > 0) await new Promise((r) => setTimeout(r, 20));
  const took = (performance.now() - started) / 1000;
  const ideal = (shop.bytes * 8) / (MBIT * 1e6);
  console.log(
    `joining over ${MBIT} Mbit/s, ${LATENCY_MS} ms round trip: every draft's fields in ${(fields / 1000).toFixed(1)} s, all in ${took.toFixed(1)} s`,
  );
  console.log(
    `  photo bytes ${(shop.bytes / 2 ** 20).toFixed(0)} MiB (received ${(link.bytesDown() / 2 ** 20).toFixed(0)} MiB): bytes ÷ bandwidth ${ideal.toFixed(1)} s; ratio ${(took / ideal).toFixed(2)} (target ≤ ${TARGET})`,
  );
  await joining.close();
  await first.close();
  link.close();
} finally {
  server.remove();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
