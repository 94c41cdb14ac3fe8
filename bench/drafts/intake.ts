// Benchmark of photo intake (issue 5): 20 camera-sized photos (4000 × 3000, sideways with EXIF
// orientation 6 and a GPS position, as a phone writes them) dropped at once and run through the
// intake queue. Prints the total time, the main event loop's delay meanwhile (the UI reaches main
// over that loop, so this is how responsive the window stays), and the peak RSS.
// Run: npx tsx bench/drafts/intake.ts   (BENCH_PHOTOS=n to change the count)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { defaultIntakeConcurrency, intakeMany } from '../../src/main/media/intake-queue';

const COUNT = Number(process.env.BENCH_PHOTOS ?? 20);
const WIDTH = 4000;
const HEIGHT = 3000;
const TARGET_TOTAL_S = 10;
const TARGET_P99_MS = 50;
const TARGET_MAX_MS = 100;
// Mostly glibc's per-thread arenas around libvips, which plateau; holding every photo would not.
const TARGET_RSS_MB = 1024;
const mb = (n: number) => (n / 2 ** 20).toFixed(1);

/** Raw 12 MP RGB pixels that compress like a photo: smooth colour gradients under fine grain. */
async function cameraPixels(): Promise<Buffer> {
  const w = 40;
  const h = 30;
  const small = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      small[i] = (Math.sin(x / 6) * 0.5 + 0.5) * 255;
      small[i + 1] = (Math.cos(y / 5) * 0.5 + 0.5) * 255;
      small[i + 2] = ((x * y) % 255) * 0.6;
    }
  }
  const pixels = await sharp(small, { raw: { width: w, height: h, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  // Sensor-like grain of ±16 levels is what makes a JPEG of this size weigh 3 to 4 MB.
  const grain = randomBytes(pixels.length);
  for (let i = 0; i < pixels.length; i++) {
    pixels[i] = Math.min(255, Math.max(0, (pixels[i] as number) + ((grain[i] as number) & 31) - 16));
  }
  return pixels;
}

/** One distinct photo per seed (its colours shifted), as a phone writes it: sideways, with GPS. */
function cameraPhoto(pixels: Buffer, seed: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .linear([1, 1, 1], [seed % 7, -(seed % 5), seed % 3])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1' } })
    .toBuffer();
}

/** Writes COUNT photos into `dir` (run in a child process, so its memory is not counted). */
async function generate(dir: string): Promise<void> {
  const pixels = await cameraPixels();
  let bytes = 0;
  for (let i = 0; i < COUNT; i++) {
    const photo = await cameraPhoto(pixels, i);
    await writeFile(path.join(dir, `IMG_${1000 + i}.jpg`), photo);
    bytes += photo.byteLength;
  }
  console.log(`generated ${COUNT} photos of ${WIDTH} × ${HEIGHT}, ${mb(bytes / COUNT)} MB each on average`);
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-intake-'));
  try {
    const dropped = path.join(work, 'dropped');
    await mkdir(dropped);
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--generate', dropped],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) throw new Error('generating the photos failed');
    const sources = (await readdir(dropped)).sort().map((name) => ({ path: path.join(dropped, name) }));

    const concurrency = defaultIntakeConcurrency();
    let peakRss = process.memoryUsage.rss();
    const rssBefore = peakRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    const results = await intakeMany(sources, { destDir: path.join(work, 'photos', 'draft') });
    const totalS = (performance.now() - started) / 1000;
    loop.disable();
    clearInterval(sampler);
    const failed = results.filter((r) => !r.ok);
    for (const f of failed) console.log(`refused: ${f.ok ? '' : f.message}`);
    const first = results.find((r) => r.ok);
    const outputBytes = first?.ok ? (await stat(first.photo.file)).size : 0;
    const p99 = loop.percentile(99) / 1e6;
    const max = loop.max / 1e6;
    console.log(
      `intake of ${COUNT} photos: ${totalS.toFixed(2)} s (${((totalS * 1000) / COUNT).toFixed(0)} ms per photo, ` +
        `${concurrency} at a time, sharp.concurrency ${sharp.concurrency()}, ${os.availableParallelism()} CPUs)`,
    );
    console.log(
      `stored: ${first?.ok ? `${first.photo.width} × ${first.photo.height}, ${mb(outputBytes)} MB` : '-'}`,
    );
    console.log(
      `event-loop delay during intake: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
    );
    console.log(`RSS: ${mb(rssBefore)} MB before, ${mb(peakRss)} MB peak during intake`);
    const checks: Array<[boolean, string]> = [
      [failed.length === 0, `all ${COUNT} photos stored`],
      [totalS < TARGET_TOTAL_S, `total < ${TARGET_TOTAL_S} s`],
      [p99 < TARGET_P99_MS, `event-loop delay p99 < ${TARGET_P99_MS} ms`],
      [max < TARGET_MAX_MS, `event-loop delay max < ${TARGET_MAX_MS} ms`],
      [peakRss / 2 ** 20 < TARGET_RSS_MB, `peak RSS < ${TARGET_RSS_MB} MB`],
    ];
    for (const [ok, what] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}: ${what}`);
    if (checks.some(([ok]) => !ok)) process.exitCode = 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--generate') await generate(process.argv[3] as string);
else await main();
