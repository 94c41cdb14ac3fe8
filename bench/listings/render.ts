// Benchmark of the Listings view with 1,000 listings (a third without photos, the rest with one or
// two): the real web shell over a data folder seeded through the embedded service's HTTP API, driven
// in Debian's Chromium. Prints the time to the first rendered row, how many rows are in the DOM
// (virtualization), frame intervals while scrolling from top to bottom, and the page's JS heap.
// Run: npx tsx bench/listings/render.ts   (builds the app first when needed)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../playwright.config';
import { startSandbox } from '../../src/sandbox';
import { seedListings } from '../../test/fixtures/seed-listings';

const COUNT = Number(process.env.BENCH_LISTINGS ?? 1000);
const root = path.resolve(import.meta.dirname, '..', '..');
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function main(): Promise<void> {
  spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-needed.mjs')], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-bench-'));
  const seedStart = performance.now();
  const seeding = await startSandbox({
    dataDir: path.join(dataDir, 'sandbox'),
    clients: [{ clientId: 'listing-desk', clientSecret: 'bench' }],
    persistClients: false,
  });
  await seedListings(seeding, { count: COUNT, photos: (i) => i % 3, concurrency: 8 });
  await seeding.close();
  console.log(`seeded ${COUNT} listings in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const shell = spawn(
    process.execPath,
    [path.join(root, 'out/main/web.js'), '--port', '0', '--no-open', '--data-dir', dataDir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve) =>
    createInterface({ input: shell.stdout! }).on('line', (line) => {
      const match = /running at (\S+)/.exec(line);
      if (match) resolve(match[1]!);
    }),
  );
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.getByRole('button', { name: 'Drafts', exact: true }).waitFor();

    const clickAt = Date.now();
    await page.getByRole('button', { name: 'Listings', exact: true }).click();
    await page.locator('.listing-row').first().waitFor();
    const firstRowMs = Date.now() - clickAt;
    const rowsInDom = await page.locator('.listing-row').count();

    // Scroll the whole list in steps of one screen per frame and record each frame's interval.
    const frames = await page.evaluate(async () => {
      const scroller = document.querySelector<HTMLElement>('.listings-scroller')!;
      const intervals: number[] = [];
      let last = performance.now();
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
        scroller.scrollTop += scroller.clientHeight / 2;
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        intervals.push(now - last);
        last = now;
      }
      return intervals;
    });
    const lastTitle = await page.locator('.listing-row .listing-title').last().textContent();
    const heapMb = await page.evaluate(
      () =>
        ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) /
        2 ** 20,
    );

    const p50 = pct(frames, 50);
    const p95 = pct(frames, 95);
    const long = frames.filter((f) => f > 50).length;
    console.log('\nListings view, 1,000 listings (web shell, Chromium)');
    console.table({
      'first row after click (ms)': firstRowMs,
      'rows in the DOM': rowsInDom,
      'rows in the DOM / listings': Number((rowsInDom / COUNT).toFixed(3)),
      'scroll frames measured': frames.length,
      'frame interval p50 (ms)': Number(p50.toFixed(1)),
      'frame interval p95 (ms)': Number(p95.toFixed(1)),
      'frames over 50 ms': long,
      'page JS heap (MB)': Number(heapMb.toFixed(1)),
      'last row reached': lastTitle,
    });
    const ok = rowsInDom < 60 && p95 < 50 && firstRowMs < 1500;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}: virtualized (<60 rows in the DOM), scroll p95 frame < 50 ms, first row < 1.5 s`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await browser.close();
    shell.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
