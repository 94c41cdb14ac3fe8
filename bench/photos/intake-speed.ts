// Intake speed (issue 16): 20 photos of 12 MP (real photographs of the corpus, phone-sized; every
// other one sideways with EXIF orientation 6 as a phone writes it) dropped at once, through the
// app's intake queue at the default settings, against the intake before issue 16 (old-intake.ts,
// kept here only) run with the same concurrency. Prints photos per second for each, their ratio,
// and how the main event loop (which carries every IPC call of the window) was delayed meanwhile.
// Target: at least 2x the old path's photos per second, the event loop no worse than the old path's.
// Run: npx tsx bench/photos/intake-speed.ts   (BENCH_PHOTOS=n to change the count)
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pLimit from 'p-limit';
import { defaultIntakeConcurrency, intakeMany } from '../../src/main/media/intake-queue';
import { PHONE, PHONE_SOURCES, phoneSized } from './corpus';
import { oldIntakePhoto } from './old-intake';

const COUNT = Number(process.env.BENCH_PHOTOS ?? 20);

/** `COUNT` phone-sized JPEGs (quality 92) written to `dir`, every other one sideways. */
async function phonePhotos(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const source = PHONE_SOURCES[i % PHONE_SOURCES.length]!;
    const file = path.join(dir, `IMG_${String(i + 1).padStart(4, '0')}.jpg`);
    await writeFile(file, await phoneSized(source.file, 92, i % 2 === 1));
    files.push(file);
  }
  return files;
}

interface Run {
  seconds: number;
  perSecond: number;
  p99: number;
  max: number;
  bytes: number;
}

async function timed(work: () => Promise<number>): Promise<Run> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const bytes = await work();
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  return {
    seconds,
    perSecond: COUNT / seconds,
    p99: delay.percentile(99) / 1e6,
    max: delay.max / 1e6,
    bytes,
  };
}

/** The old path through a queue of the same concurrency as the app's. */
async function oldPath(files: readonly string[], destDir: string, concurrency: number): Promise<number> {
  const limit = pLimit(concurrency);
  const sizes = await Promise.all(files.map((file) => limit(oldIntakePhoto, file, destDir)));
  return sizes.reduce((sum, stored) => sum + stored, 0);
}

async function newPath(files: readonly string[], destDir: string): Promise<number> {
  const results = await intakeMany(
    files.map((file) => ({ path: file })),
    { destDir },
  );
  let bytes = 0;
  for (const result of results) {
    if (!result.ok) throw new Error(`${result.name}: ${result.message}`);
    bytes += result.photo.bytes;
  }
  return bytes;
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'intake-speed-'));
  try {
    const files = await phonePhotos(work);
    const concurrency = defaultIntakeConcurrency();
    console.log(
      `${COUNT} photos of ${PHONE.width} x ${PHONE.height} (JPEG 92, real photographs), ` +
        `${os.availableParallelism()} CPUs, intake concurrency ${concurrency}`,
    );
    const runs: [string, Run][] = [];
    // Both once unmeasured (sharp's and the OS's caches warm), then measured, alternating.
    for (const measured of [false, true]) {
      for (const [name, run] of [
        ['old path (4096 px, quality 88)', (dir: string) => oldPath(files, dir, concurrency)],
        ['new path (default settings)', (dir: string) => newPath(files, dir)],
      ] as const) {
        const dir = path.join(work, `${name.slice(0, 3)}-${measured}`);
        await mkdir(dir, { recursive: true });
        const result = await timed(() => run(dir));
        if (measured) runs.push([name, result]);
      }
    }
    for (const [name, run] of runs) {
      console.log(
        `  ${name.padEnd(32)} ${run.seconds.toFixed(2)} s  ${run.perSecond.toFixed(1)} photos/s  ` +
          `stored ${(run.bytes / COUNT / 1024).toFixed(0)} KB each  event loop p99 ${run.p99.toFixed(1)} ms, max ${run.max.toFixed(1)} ms`,
      );
    }
    const [old, now] = [runs[0]![1], runs[1]![1]];
    const ratio = now.perSecond / old.perSecond;
    console.log(`  ratio new / old: ${ratio.toFixed(2)}x  target >= 2x: ${ratio >= 2 ? 'MET' : 'MISSED'}`);
    if (ratio < 2) process.exitCode = 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

void main();
