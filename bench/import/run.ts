// Benchmark of import (issue 17): 1,000 CSV rows with 3 small photos each (800 px JPEGs), through
// the real app's router into drafts. Case 1: rows to drafts, photo intake excluded (the table has
// no photo columns). Case 2: the same rows with their photos, through the drafts' photo intake.
// Prints rows per second and total seconds against the target (rows to drafts under 5 s), and
// photos per second next to the intake queue alone on the same photos (bench/drafts/intake's path).
// Run: npx tsx bench/import/run.ts   (BENCH_ROWS=n to change the row count)
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createApp } from '../../src/main/app';
import { intakeMany } from '../../src/main/media/intake-queue';
import { silentLog } from '../../src/main/log/log';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { ImportProgress, ImportRunResult } from '../../src/shared/domain/tables/import';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const PHOTOS_PER_ROW = 3;
const DISTINCT = 24;
const EDGE = 800;
const TARGET_ROWS_S = 5;
const INTAKE_SAMPLE = Math.min(150, ROWS * PHOTOS_PER_ROW);

const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-import-'));
const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** A photo-like 800 × 600 JPEG, distinct per seed. */
function photo(seed: number): Promise<Buffer> {
  const w = 32;
  const h = 24;
  const small = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      small[i] = (Math.sin((x + seed) / 5) * 0.5 + 0.5) * 255;
      small[i + 1] = (Math.cos((y + seed) / 4) * 0.5 + 0.5) * 255;
      small[i + 2] = ((x * y + seed * 37) % 255) * 0.7;
    }
  return sharp(small, { raw: { width: w, height: h, channels: 3 } })
    .resize(EDGE, (EDGE * 3) / 4, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function writeSources(): Promise<{
  plain: string;
  withPhotos: string;
  photoDir: string;
  files: string[];
}> {
  const photoDir = path.join(work, 'fotos');
  const originals = await Promise.all(Array.from({ length: DISTINCT }, (_, i) => photo(i)));
  await mkdir(photoDir, { recursive: true });
  const files: string[] = [];
  for (let r = 0; r < ROWS; r++)
    for (let p = 0; p < PHOTOS_PER_ROW; p++) {
      const file = path.join(photoDir, `artikel-${r + 1}-${p + 1}.jpg`);
      await writeFile(file, originals[(r * PHOTOS_PER_ROW + p) % DISTINCT]!);
      files.push(file);
    }
  const head = 'Titel;Beschreibung;Preis;Kategorie;Referenz;Zustand';
  const line = (r: number) =>
    `Artikel ${r + 1};"Gut erhalten.\nAbholung oder Versand.";${(r * 7.5 + 10).toFixed(2).replace('.', ',')} €;Haus & Garten > Möbel;A-${r + 1};ok`;
  const rows = Array.from({ length: ROWS }, (_, r) => line(r));
  const plain = path.join(work, 'bestand.csv');
  await writeFile(plain, `\uFEFF${head}\r\n${rows.join('\r\n')}\r\n`);
  const withPhotos = path.join(work, 'bestand-fotos.csv');
  const photoCells = (r: number) =>
    Array.from({ length: PHOTOS_PER_ROW }, (_, p) => `artikel-${r + 1}-${p + 1}.jpg`).join(';');
  await writeFile(
    withPhotos,
    `\uFEFF${head};Bild 1;Bild 2;Bild 3\r\n${rows.map((row, r) => `${row};${photoCells(r)}`).join('\r\n')}\r\n`,
  );
  return { plain, withPhotos, photoDir, files };
}

async function importOnce(source: string, photoDir: string) {
  const dataDir = await mkdtemp(path.join(work, 'data-'));
  const app = await createApp(
    { shell: 'web', dataDir, version: 'bench', systemLocale: 'de-DE' },
    { storeFactory: confStoreFactory, secretStore: createSessionSecretStore('benchmark'), log: silentLog },
  );
  const marks: Partial<Record<ImportProgress['phase'], number>> = {};
  app.events.subscribe((event, payload) => {
    if (event !== 'import:progress') return;
    const p = payload as ImportProgress;
    if (p.done === p.total || p.phase === 'done') marks[p.phase] ??= performance.now();
  });
  const start = performance.now();
  const result = await app.router.call('import:run', {
    path: source,
    accountId: 'sandbox',
    runId: 'bench',
    photoDir,
  });
  const end = performance.now();
  await app.close();
  if (!result.ok) throw new Error(`import:run: ${result.error.message}`);
  const value = result.value as ImportRunResult;
  const draftsDone = marks.drafts ?? end;
  return { value, totalMs: end - start, draftsMs: draftsDone - start, photosMs: end - draftsDone };
}

try {
  console.log(
    `Import benchmark: ${ROWS} CSV rows (semicolon, BOM, German prices), ${PHOTOS_PER_ROW} photos of ${EDGE} px each`,
  );
  const sources = await writeSources();

  const plain = await importOnce(sources.plain, sources.photoDir);
  const plainRate = ROWS / (plain.totalMs / 1000);
  console.log(
    `1. rows to drafts, photo intake excluded: ${plain.value.created} drafts in ${seconds(plain.totalMs)} s ` +
      `(${plainRate.toFixed(0)} rows/s); target < ${TARGET_ROWS_S} s: ${plain.totalMs / 1000 < TARGET_ROWS_S ? 'met' : 'MISSED'}`,
  );

  const full = await importOnce(sources.withPhotos, sources.photoDir);
  const photoRate = full.value.photosAdded / (full.photosMs / 1000);
  console.log(
    `2. with photos: ${full.value.created} drafts, ${full.value.photosAdded} photos (${full.value.photosRefused.length} refused) ` +
      `in ${seconds(full.totalMs)} s: rows to drafts ${seconds(full.draftsMs)} s ` +
      `(${(ROWS / (full.draftsMs / 1000)).toFixed(0)} rows/s; target < ${TARGET_ROWS_S} s: ${full.draftsMs / 1000 < TARGET_ROWS_S ? 'met' : 'MISSED'}), ` +
      `photo intake ${seconds(full.photosMs)} s (${photoRate.toFixed(1)} photos/s)`,
  );

  // The intake queue alone on the same photos: the bound the import's photo phase is held to.
  const dest = await mkdtemp(path.join(work, 'intake-'));
  const sample = sources.files.slice(0, INTAKE_SAMPLE);
  const intakeStart = performance.now();
  const results = await intakeMany(
    sample.map((file) => ({ path: file })),
    { destDir: dest, maxEdge: 2048 },
  );
  const intakeMs = performance.now() - intakeStart;
  const intakeRate = results.filter((r) => r.ok).length / (intakeMs / 1000);
  console.log(
    `   intake queue alone (bench/drafts/intake's path) on ${sample.length} of these photos: ${intakeRate.toFixed(1)} photos/s; ` +
      `import reaches ${((photoRate / intakeRate) * 100).toFixed(0)} % of it`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
