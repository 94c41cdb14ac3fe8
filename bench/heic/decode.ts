// Benchmark of HEIC decoding (issue 16, part 2): a 12 MP iPhone-sized HEIC (4032 × 3024, made from
// a real photograph of Debian's desktop backgrounds) decoded by libheif's WASM, once on the main
// thread as heic-decode does by default (the event loop is blocked the whole time), then through
// decodeHeic's worker thread, where the main event loop's delay is measured meanwhile.
// Needs heif-enc: apt-get install libheif-examples (and a JPEG under /usr/share/backgrounds).
// Run: npx tsx bench/heic/decode.ts
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { decodeHeic } from '../../src/main/media/heic';

const BACKGROUNDS = '/usr/share/backgrounds';
// heic-decode ships no types; the bench calls it as its README shows.
const decode = createRequire(import.meta.url)('heic-decode') as (input: {
  buffer: Uint8Array;
}) => Promise<unknown>;

function findPhoto(): string | undefined {
  // A bird photographed outdoors (Debian's lomiri-wallpapers); otherwise the largest JPEG found.
  const preferred = process.env.BENCH_PHOTO ?? path.join(BACKGROUNDS, 'Kleiber_by_Lukas_Baubkus.jpg');
  if (existsSync(preferred)) return preferred;
  try {
    // The largest JPEG: a photograph rather than a drawing.
    const jpegs = readdirSync(BACKGROUNDS)
      .filter((name) => /\.jpe?g$/i.test(name))
      .map((name) => path.join(BACKGROUNDS, name));
    return jpegs.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  } catch {
    return undefined;
  }
}

const photo = findPhoto();
if (spawnSync('heif-enc', ['--version']).error || !photo) {
  console.error(
    'Needs heif-enc and a JPEG in /usr/share/backgrounds: apt-get install libheif-examples lomiri-wallpapers (or BENCH_PHOTO=a.jpg)',
  );
  process.exit(2);
}

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-heic-'));
try {
  const jpeg = path.join(work, 'camera.jpg');
  const heic = path.join(work, 'camera.heic');
  await sharp(photo).resize(4032, 3024, { fit: 'cover' }).jpeg({ quality: 92 }).toFile(jpeg);
  const made = spawnSync('heif-enc', ['-q', '75', jpeg, '-o', heic]);
  if (made.status !== 0) throw new Error(`heif-enc failed: ${made.stderr.toString()}`);
  const bytes = readFileSync(heic);
  console.log(
    `HEIC: 4032 × 3024, ${(bytes.byteLength / 2 ** 20).toFixed(2)} MB (from ${path.basename(photo)})`,
  );

  const t0 = performance.now();
  await decode({ buffer: bytes });
  console.log(
    `main thread decode (event loop blocked throughout): ${(performance.now() - t0).toFixed(0)} ms`,
  );

  // The same measure with nothing to do, as a reference: on a busy machine the loop is late anyway.
  const idle = monitorEventLoopDelay({ resolution: 10 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  idle.disable();
  console.log(`idle for 1 s, for reference: event loop delay max ${(idle.max / 1e6).toFixed(1)} ms`);

  for (const round of ['first (starts the worker)', 'second (worker running)']) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const t1 = performance.now();
    const decoded = await decodeHeic(bytes, 100_000_000);
    const took = performance.now() - t1;
    delay.disable();
    if (!decoded.ok) throw new Error(`decode failed: ${decoded.code}`);
    console.log(
      `worker decode, ${round}: ${took.toFixed(0)} ms; main event loop delay meanwhile: ` +
        `max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
