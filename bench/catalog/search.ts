// Benchmark of the catalog search (issue 33.9: p95 ≤ 5 ms per query over the whole catalog): builds
// the index over the shipped catalog (and times that), then runs each query of the search fixture
// many times, a seller typing each of them key by key, and a set of random prefixes and typos of the
// catalog's own words. Prints p50/p95/max per fixture query and per set, and the ratio of the worst
// p95 to the target. In Node, on this machine's one core; the picker's paint is measured apart.
// Run: node --expose-gc --import tsx bench/catalog/search.ts   (collects garbage between the sets, so
// that a pause left by one does not land in the next; BENCH_RUNS repeats each fixture query, default 300)
import os from 'node:os';
import shipped from '../../src/shared/marketplace-catalog.json' with { type: 'json' };
import fixture from '../../test/unit/domain/catalog/search-fixture.json' with { type: 'json' };
import { createCatalogSearch, makeCatalogView, readCatalog } from '../../src/shared/domain/catalog';

const TARGET_P95_MS = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const BUILDS = 20;
const RANDOM_QUERIES = 3000;

const pct = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (value: number) => Number(value.toFixed(3));
const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** Wall-clock and CPU time of one call, in ms. The CPU time (the process's, all threads) leaves out
 * the waits for a core on a machine shared with other work; the wall-clock time keeps them. */
interface Times {
  wall: number[];
  cpu: number[];
}
const newTimes = (): Times => ({ wall: [], cpu: [] });
function timed(into: Times, call: () => unknown): void {
  const cpu = process.cpuUsage();
  const start = performance.now();
  call();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  into.wall.push(wall);
  into.cpu.push((used.user + used.system) / 1000);
}
const both = (times: Times) => ({
  'CPU p50 (ms)': ms(pct(times.cpu, 50)),
  'CPU p95 (ms)': ms(pct(times.cpu, 95)),
  'CPU max (ms)': ms(Math.max(...times.cpu)),
  'wall p50 (ms)': ms(pct(times.wall, 50)),
  'wall p95 (ms)': ms(pct(times.wall, 95)),
  'wall max (ms)': ms(Math.max(...times.wall)),
});
const merge = (into: Times, from: Times) => {
  into.wall.push(...from.wall);
  into.cpu.push(...from.cpu);
};

// A small seeded generator, so that every run draws the same random prefixes.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function main(): void {
  const reading = readCatalog(JSON.stringify(shipped));
  if (!reading.ok) throw new Error(reading.problem);
  const catalog = reading.catalog;

  // An early build (near cold, as in the window on the picker's first use), then warm ones.
  const first = newTimes();
  let search = createCatalogSearch(makeCatalogView(catalog));
  timed(first, () => (search = createCatalogSearch(makeCatalogView(catalog))));
  const builds = newTimes();
  for (let i = 0; i < BUILDS; i++) {
    collect();
    timed(builds, () => (search = createCatalogSearch(makeCatalogView(catalog))));
  }
  const reads = newTimes();
  for (let i = 0; i < 5; i++) timed(reads, () => readCatalog(JSON.stringify(shipped)));

  // Warm up the JIT the way a session does after its first few keys.
  for (const { query, language } of fixture.queries)
    for (let i = 0; i < 20; i++) search.search(query, { language: language as 'de' | 'en' });

  const perQuery: Record<string, ReturnType<typeof both>> = {};
  const fixtureTimes = newTimes();
  for (const { query, language } of fixture.queries) {
    const times = newTimes();
    collect();
    for (let i = 0; i < RUNS; i++)
      timed(times, () => search.search(query, { language: language as 'de' | 'en' }));
    perQuery[`${query} (${language})`] = both(times);
    merge(fixtureTimes, times);
  }

  // Each fixture query typed key by key: what the picker asks while a seller types.
  const keyTimes = newTimes();
  collect();
  for (let round = 0; round < 10; round++)
    for (const { query, language } of fixture.queries)
      for (let end = 1; end <= query.length; end++)
        timed(keyTimes, () => search.search(query.slice(0, end), { language: language as 'de' | 'en' }));

  // Random prefixes (1 to all letters) and one-letter typos of the catalog's own names and words.
  const words = new Set<string>();
  for (const category of catalog.categories) {
    for (const word of [category.nameDe, category.nameEn, ...(category.words ?? [])])
      for (const part of (word ?? '').split(/[\s>&,/]+/)) if (part.length > 1) words.add(part);
    for (const attribute of category.attributes ?? [])
      for (const option of attribute.options ?? [])
        for (const word of [option.label, option.labelEn, ...(option.words ?? [])])
          if (word && word.length > 1) words.add(word.split(' ')[0]!);
  }
  const pool = [...words];
  collect();
  const next = random(33);
  const prefixTimes = newTimes();
  const typoTimes = newTimes();
  for (let i = 0; i < RANDOM_QUERIES; i++) {
    const word = pool[Math.floor(next() * pool.length)]!;
    const prefix = word.slice(0, 1 + Math.floor(next() * word.length));
    const language = next() < 0.5 ? 'de' : 'en';
    timed(prefixTimes, () => search.search(prefix, { language }));
    const at = Math.floor(next() * word.length);
    const typo = `${word.slice(0, at)}${String.fromCharCode(97 + Math.floor(next() * 26))}${word.slice(at + 1)}`;
    timed(typoTimes, () => search.search(typo, { language: 'de' }));
  }

  console.log(`\nCatalog search over the whole shipped catalog (${catalog.categories.length} subcategories)`);
  if (!(globalThis as { gc?: unknown }).gc)
    console.log('(without --expose-gc: pauses of the collector fall into the figures)');
  console.table({
    'read and check the file (5 times)': both(reads),
    'index build, the second ever': both(first),
    [`index build (${BUILDS} times)`]: both(builds),
  });
  console.log(`Each fixture query, ${RUNS} times:`);
  console.table(perQuery);
  const sets = {
    [`fixture queries (${fixtureTimes.cpu.length})`]: both(fixtureTimes),
    [`typed key by key (${keyTimes.cpu.length})`]: both(keyTimes),
    [`random prefixes (${prefixTimes.cpu.length})`]: both(prefixTimes),
    [`random one-letter typos (${typoTimes.cpu.length})`]: both(typoTimes),
  };
  console.table(sets);
  const all = [...Object.values(perQuery), ...Object.values(sets)];
  const worstCpu = Math.max(...all.map((f) => f['CPU p95 (ms)']));
  const worstWall = Math.max(...all.map((f) => f['wall p95 (ms)']));
  const load = os.loadavg()[0]!;
  console.log(`load average ${load.toFixed(1)} on ${os.availableParallelism()} cores while measuring`);
  const ok = worstCpu <= TARGET_P95_MS;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}: worst p95 by CPU time ${ms(worstCpu)} ms against the target ${TARGET_P95_MS} ms ` +
      `(ratio ${(worstCpu / TARGET_P95_MS).toFixed(3)}); by wall-clock ${ms(worstWall)} ms ` +
      `(ratio ${(worstWall / TARGET_P95_MS).toFixed(3)})`,
  );
  process.exitCode = ok ? 0 : 1;
}

main();
