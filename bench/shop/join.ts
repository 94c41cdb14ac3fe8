// Benchmark of joining a shop (issue 24.10): a desk with DRAFTS drafts of 4 photos (PHOTO_KB each,
// incompressible like JPEG, plus a thumbnail of a tenth) joins and sends them over a link of
// MBIT Mbit/s each way (1 ms one-way delay); then a new desk joins that shop over the same link and
// receives them all, fields and photos. Each is timed against the bytes it moved ÷ the bandwidth
// (the payload: draft files as stored, photo and thumbnail files), target at most 1.3×.
// Run: npx tsx bench/shop/join.ts   (BENCH_DRAFTS=100 for a short run)
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { joinShop } from '../../src/main/shop/join/join';
import { photoDrafts } from '../../test/fixtures/draft-files';
import { startCutProxy } from '../../test/shop/helpers/cut-proxy';
import { startPostgres } from '../../test/shop/helpers/postgres';
import { watchConnections } from '../../test/shop/helpers/desk-connections';
import { deskApplicationName, DESK_CONNECTIONS } from '../../src/main/shop/connection/shop-db';
import { initBenchShop, openBenchDesk, type BenchDesk } from './bench-desk';
import { shapedLink, type LinkCounters } from './shaped-link';

const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 1000);
const PHOTOS = 4;
const PHOTO_KB = Number(process.env.BENCH_PHOTO_KB ?? 150);
const MBIT = Number(process.env.BENCH_MBIT ?? 100);
const TARGET = 1.3;
const bytesPerSecond = (MBIT * 1_000_000) / 8;

/** Bytes of the drafts and photos under a data folder (what a join moves). */
function payloadBytes(dir: string): { bytes: number; photos: number } {
  let bytes = 0;
  let photos = 0;
  for (const sub of ['drafts', 'photos']) {
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (sub === 'photos' || entry.name.endsWith('.json')) {
          bytes += statSync(full).size;
          if (sub === 'photos') photos += 1;
        }
      }
    };
    walk(path.join(dir, sub));
  }
  return { bytes, photos };
}

function report(what: string, seconds: number, payload: number, counters: LinkCounters, wire: number): void {
  const ideal = payload / bytesPerSecond;
  console.log(
    `${what}: ${seconds.toFixed(1)} s for ${(payload / 1e6).toFixed(0)} MB of drafts and photos ` +
      `(${(wire / 1e6).toFixed(0)} MB on the wire, ${counters.statements} statements); ` +
      `bytes ÷ bandwidth ${ideal.toFixed(1)} s: ratio ${(seconds / ideal).toFixed(2)} (target ≤ ${TARGET})`,
  );
}

const server = await startPostgres();
const desks: BenchDesk[] = [];
try {
  const url = await server.createDatabase();
  await initBenchShop(url);
  // Straight to the server, not through the shaped line: it only counts each desk's connections.
  const watch = await watchConnections(url);
  const counters: LinkCounters = { statements: 0, bytesDown: 0, bytesUp: 0 };
  const proxy = await startCutProxy(server.port, {
    link: shapedLink({ delayMs: 1, bytesPerSecond }, counters),
  });
  console.log(
    `joining: ${DRAFTS} drafts × ${PHOTOS} photos of ${PHOTO_KB} KB, ${MBIT} Mbit/s each way, 1 ms delay`,
  );

  const senderDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-bench-'));
  photoDrafts(senderDir, DRAFTS, PHOTOS, PHOTO_KB);
  const sent = payloadBytes(senderDir);
  const sender = await openBenchDesk(url, 'Shop floor', { viaPort: proxy.port, dir: senderDir });
  desks.push(sender);
  await sender.connected();
  let started = performance.now();
  let up = counters.bytesUp;
  await joinShop(sender.app.shop!.sync, () => undefined, { timeoutMs: 60_000 });
  report(
    'a desk joining with its drafts (sends)',
    (performance.now() - started) / 1000,
    sent.bytes,
    counters,
    counters.bytesUp - up,
  );

  const receiver = await openBenchDesk(url, 'Branch', { viaPort: proxy.port });
  desks.push(receiver);
  started = performance.now();
  const down = counters.bytesDown;
  up = counters.bytesUp;
  await receiver.connected();
  await joinShop(receiver.app.shop!.sync, () => undefined, { timeoutMs: 60_000 });
  const fields = (performance.now() - started) / 1000;
  await receiver.app.shop!.sync.photos.idle();
  const seconds = (performance.now() - started) / 1000;
  const received = payloadBytes(receiver.dir);
  if (received.photos !== sent.photos)
    console.log(`  MISSING: received ${received.photos} of ${sent.photos} photo files`);
  console.log(`  (the new desk had every draft's fields after ${fields.toFixed(1)} s)`);
  report(
    'a new desk joining that shop (receives)',
    seconds,
    received.bytes,
    counters,
    counters.bytesDown - down,
  );
  const peak = (desk: BenchDesk) =>
    watch.peak(deskApplicationName(desk.app.shop!.sync.session.membership.deskId));
  console.log(
    `connections at most: sending desk ${peak(sender)}, receiving desk ${peak(receiver)} ` +
      `(budget ${DESK_CONNECTIONS} a desk)`,
  );
  await watch.stop();
  await proxy.close();
} finally {
  for (const desk of desks) await desk.remove().catch(() => undefined);
  server.remove();
}
