// Benchmark of an import's preview against what exists (issue 23.2): 2,000 CSV rows previewed with
// no drafts, then again against the 2,000 drafts they made (every row unchanged), with every price
// changed (every row an update), and without references (every row compared by title and price).
// Prints each preview's time and its ratio to the first; no assertion.
// Run: npx tsx bench/import/reimport.ts   (BENCH_ROWS=n to change the row count)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/main/app';
import { silentLog } from '../../src/main/log/log';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { ImportPreviewResult } from '../../src/shared/domain/tables/import';

const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-reimport-'));
const head = 'Titel;Beschreibung;Preis;Kategorie;E-Mail;PLZ;Ort;Referenz';
const table = async (name: string, price: (r: number) => number, reference: boolean) => {
  const rows = Array.from(
    { length: ROWS },
    (_, r) =>
      `Artikel ${r + 1};Gut erhalten.;${price(r).toFixed(2).replace('.', ',')};Haus/Möbel;shop@example.de;10115;Berlin;${reference ? `A-${r + 1}` : ''}`,
  );
  const file = path.join(work, name);
  await writeFile(file, `${head}\n${rows.join('\n')}\n`);
  return file;
};

try {
  const same = await table('bestand.csv', (r) => 10 + r, true);
  const cheaper = await table('billiger.csv', (r) => 9 + r, true);
  const unreferenced = await table('ohne-referenz.csv', (r) => 10 + r, false);
  const app = await createApp(
    {
      shell: 'web',
      dataDir: await mkdtemp(path.join(work, 'data-')),
      version: 'bench',
      systemLocale: 'de-DE',
    },
    { storeFactory: confStoreFactory, secretStore: createSessionSecretStore('benchmark'), log: silentLog },
  );
  const timed = async (label: string, file: string, expect: keyof ImportPreviewResult['counts']) => {
    const start = performance.now();
    const result = await app.router.call('import:preview', { path: file, accountId: 'sandbox' });
    const ms = performance.now() - start;
    if (!result.ok) throw new Error(`import:preview: ${result.error.message}`);
    const counts = (result.value as ImportPreviewResult).counts;
    console.log(`  ${label.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms  (${counts[expect]} ${expect})`);
    return ms;
  };
  console.log(`Import preview against existing drafts: ${ROWS} CSV rows`);
  const first = await timed(`preview, no drafts yet`, same, 'create');
  const run = await app.router.call('import:run', { path: same, accountId: 'sandbox', runId: 'bench' });
  if (!run.ok) throw new Error(`import:run: ${run.error.message}`);
  const unchanged = await timed(`preview again, ${ROWS} drafts exist (unchanged)`, same, 'unchanged');
  const updates = await timed(`preview with every price changed (updates)`, cheaper, 'update');
  const duplicates = await timed(`preview without references (title and price)`, unreferenced, 'duplicate');
  console.log(
    `Ratios to the first preview: unchanged ${(unchanged / first).toFixed(2)}, ` +
      `updates ${(updates / first).toFixed(2)}, possible duplicates ${(duplicates / first).toFixed(2)}`,
  );
  await app.close();
} finally {
  await rm(work, { recursive: true, force: true });
}
