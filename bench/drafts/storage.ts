// Drafts storage figures (issue 5): 10,000 drafts of 8 photos each on disk. Prints the time to open
// the store and get the list, the cost of saving one edit with 10,000 and with 10 drafts, and the
// time to filter the list, each against its target; and (issue 38.2) the time of 50 saves made at
// once, as a feed's run or the publish engine make them, with the groups they were committed in.
// Run: npx tsx bench/drafts/storage.ts
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { performance } from 'node:perf_hooks';
import { filterDrafts, type DraftSummary } from '../../src/shared/domain/drafts/draft-list';
import { writeFileAtomic } from '../../src/main/storage/atomic-file';
import { openDraftsStore, type DraftsStore } from '../../src/main/storage/drafts-store';
import { draftFile, draftPaths } from '../../src/main/storage/draft-files';
import { draftId, sampleDraft } from '../../test/fixtures/drafts';

const MANY = 10_000;
const FEW = 10;
const PHOTOS = 8;
const SAVES = 3000; // per store: enough to include index compactions at 10,000 drafts
const FILTER_RUNS = 30;
const AT_ONCE = 50;
const BURSTS = 20;

const log = { info: () => undefined, error: (message: string) => console.error(message) };
const words = ['Kamera', 'Fahrrad', 'Kühlschrank', 'Sofa', 'Lampe', 'Tisch', 'Stuhl', 'Jacke', 'Buch', 'Uhr'];
const extras = ['wie neu', 'gebraucht', 'Vintage', 'groß', 'klein', 'schwarz', 'weiß', 'Eiche', 'Leder'];

function titleFor(n: number): string {
  return `${words[n % words.length]} ${extras[(n * 7) % extras.length]} Nr. ${n}`;
}

async function seed(dataDir: string, count: number): Promise<void> {
  const folder = draftPaths(dataDir).drafts;
  const limit = pLimit(64);
  const seedOne = async (n: number): Promise<void> => {
    const id = draftId(n);
    const day = String(1 + (n % 28)).padStart(2, '0');
    const draft = sampleDraft(
      id,
      { title: titleFor(n), customReference: `SKU-${n}`, updatedAt: `2024-05-${day}T10:00:00.000Z` },
      PHOTOS,
    );
    await writeFileAtomic(draftFile(folder, id), JSON.stringify(draft));
  };
  await Promise.all(Array.from({ length: count }, (_, n) => limit(seedOne, n)));
}

async function time<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1) ?? NaN };
}

async function saveSamples(stores: Array<{ store: DraftsStore; ids: string[] }>): Promise<number[][]> {
  const drafts = await Promise.all(
    stores.map(({ store, ids }) => Promise.all(ids.slice(0, 200).map((id) => store.get(id)))),
  );
  const samples: number[][] = stores.map(() => []);
  // Interleaved, so that anything else the machine does hits both stores alike.
  for (let i = 0; i < SAVES; i++) {
    for (const [s, { store }] of stores.entries()) {
      const pool = drafts[s]!;
      const draft = pool[i % pool.length]!;
      const edited = { ...draft, title: `${draft.title.replace(/ \(\d+\)$/, '')} (${i})` };
      const [saved, ms] = await time(() => store.save(edited));
      pool[i % pool.length] = saved;
      samples[s]!.push(ms);
    }
  }
  return samples;
}

/** `AT_ONCE` edits saved at the same time, `BURSTS` times: each burst's time, each save's caller waiting. */
async function burstSamples(store: DraftsStore, ids: string[]): Promise<number[]> {
  const drafts = await Promise.all(ids.slice(0, AT_ONCE).map((id) => store.get(id)));
  const samples: number[] = [];
  for (let burst = 0; burst < BURSTS; burst++) {
    const [, ms] = await time(() =>
      Promise.all(drafts.map((draft) => store.save({ ...draft, title: `${draft.title} [${burst}]` }))),
    );
    samples.push(ms);
  }
  return samples;
}

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

async function main(): Promise<void> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-drafts-'));
  const bigDir = path.join(root, 'many');
  const smallDir = path.join(root, 'few');
  const rows: Array<[string, string, string, boolean | null]> = [];
  try {
    const [, seedMs] = await time(async () => {
      await seed(bigDir, MANY);
      await seed(smallDir, FEW);
    });
    rows.push([
      `write ${MANY.toLocaleString('en')} draft files (setup, ${PHOTOS} photos each)`,
      fmt(seedMs),
      '',
      null,
    ]);

    const [rebuilt, rebuildMs] = await time(() => openDraftsStore(bigDir, { log }));
    await rebuilt.close();
    rows.push(['open with no index (rebuild from every file, once)', fmt(rebuildMs), '', null]);

    const opens: number[] = [];
    let list: DraftSummary[] = [];
    for (let run = 0; run < 5; run++) {
      const [store, ms] = await time(async () => {
        const opened = await openDraftsStore(bigDir, { log });
        list = opened.list();
        return opened;
      });
      opens.push(ms);
      await store.close();
    }
    const open = stats(opens);
    rows.push([
      `open store + list (${list.length.toLocaleString('en')} summaries), median of 5`,
      fmt(open.median),
      '< 1500 ms',
      open.median < 1500,
    ]);

    let groups = 0;
    const big = await openDraftsStore(bigDir, { log, onCommitted: () => (groups += 1) });
    const small = await openDraftsStore(smallDir, { log });
    const [bigSaves, smallSaves] = await saveSamples([
      { store: big, ids: big.list().map((s) => s.id) },
      { store: small, ids: small.list().map((s) => s.id) },
    ]);
    const b = stats(bigSaves!);
    const s = stats(smallSaves!);
    rows.push([
      `save one edit, ${MANY.toLocaleString('en')} drafts: median`,
      fmt(b.median),
      '< 10 ms',
      b.median < 10,
    ]);
    rows.push([
      `save one edit, ${MANY.toLocaleString('en')} drafts: p95 / max`,
      `${fmt(b.p95)} / ${fmt(b.max)}`,
      '',
      null,
    ]);
    rows.push([`save one edit, ${FEW} drafts: median`, fmt(s.median), '< 10 ms', s.median < 10]);
    rows.push([`save one edit, ${FEW} drafts: p95 / max`, `${fmt(s.p95)} / ${fmt(s.max)}`, '', null]);
    const ratio = b.median / s.median;
    rows.push([
      `median ratio ${MANY.toLocaleString('en')} / ${FEW}`,
      ratio.toFixed(2),
      '<= 1.5',
      ratio <= 1.5,
    ]);
    const p95Ratio = b.p95 / s.p95;
    rows.push([`p95 ratio ${MANY.toLocaleString('en')} / ${FEW}`, p95Ratio.toFixed(2), '', null]);
    const groupsBefore = groups;
    const bursts = stats(
      await burstSamples(
        big,
        big.list().map((summary) => summary.id),
      ),
    );
    rows.push([
      `save ${AT_ONCE} edits at once, ${MANY.toLocaleString('en')} drafts: median of ${BURSTS}`,
      `${fmt(bursts.median)} (${fmt(bursts.median / AT_ONCE)} each)`,
      '',
      null,
    ]);
    rows.push([`  same: p95 / max`, `${fmt(bursts.p95)} / ${fmt(bursts.max)}`, '', null]);
    rows.push([
      '  groups committed per burst (syncs shared by the saves of a group)',
      groups === groupsBefore ? 'not counted' : ((groups - groupsBefore) / BURSTS).toFixed(1),
      '',
      null,
    ]);
    const [, flushMs] = await time(() => big.flush());
    rows.push(['flush on quit (rewrite index of 10,000)', fmt(flushMs), '', null]);

    // Fresh summary objects, as the renderer has after each list it receives over IPC; then the
    // same list filtered again and again, as while the seller types a search.
    const filterCold: number[] = [];
    const filterTyping: number[] = [];
    const typed = [
      'k',
      'kü',
      'küh',
      'kühl',
      'kühl n',
      'kühl neu',
      's',
      'sk',
      'sku',
      'sku-',
      'sku-1',
      'sku-12',
    ];
    let found = 0;
    for (let run = 0; run < FILTER_RUNS; run++) {
      const fresh = structuredClone(big.list());
      const [first, coldMs] = await time(() =>
        filterDrafts(fresh, { query: typed[run % typed.length], sort: 'title-asc' }),
      );
      filterCold.push(coldMs);
      found = first.length;
      for (const query of typed) {
        const sort = run % 2 === 0 ? 'title-asc' : 'updated-desc';
        const [, ms] = await time(() => filterDrafts(fresh, { query, status: 'all', sort }));
        filterTyping.push(ms);
      }
    }
    const cold = stats(filterCold);
    const typing = stats(filterTyping);
    rows.push([
      `filter ${MANY.toLocaleString('en')} (title/reference) + sort by title, new list: median`,
      fmt(cold.median),
      '< 50 ms',
      cold.median < 50,
    ]);
    rows.push(['  same: p95 / max', `${fmt(cold.p95)} / ${fmt(cold.max)}`, '', null]);
    rows.push([
      `filter while typing (${filterTyping.length} keystrokes): median`,
      fmt(typing.median),
      '< 50 ms',
      typing.median < 50,
    ]);
    rows.push(['  same: p95 / max', `${fmt(typing.p95)} / ${fmt(typing.max)}`, '< 50 ms', typing.p95 < 50]);
    rows.push([`  (last first query matched ${found} drafts)`, '', '', null]);
    await Promise.all([big.close(), small.close()]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }

  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(
    `\nDrafts storage bench: node ${process.version}, ${os.cpus().length} CPUs, ${os.platform()}\n`,
  );
  console.log(`${'figure'.padEnd(width)}  ${'value'.padStart(18)}  ${'target'.padEnd(10)}  result`);
  console.log('-'.repeat(width + 42));
  for (const [name, value, target, pass] of rows) {
    const result = pass === null ? '' : pass ? 'PASS' : 'FAIL';
    console.log(`${name.padEnd(width)}  ${value.padStart(18)}  ${target.padEnd(10)}  ${result}`);
  }
  const failed = rows.filter((r) => r[3] === false).length;
  console.log(
    `\n${failed === 0 ? 'PASS' : 'FAIL'}: ${rows.filter((r) => r[3] !== null).length - failed} of ${rows.filter((r) => r[3] !== null).length} targets met`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
