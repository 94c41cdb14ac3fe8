// The catalog's warnings of 10,000 drafts (issue 33.6), as main checks them for each drafts list
// answer: a path looked up in the catalog, the kind key of the path once. Prints figures, asserts none.
// Run: npx tsx bench/catalog/warnings.ts
import { performance } from 'node:perf_hooks';
import { shippedCatalog } from '../../src/main/catalog';
import { catalogChecker, makeCatalogView, type CategoryFacts } from '../../src/shared/domain/catalog';

const DRAFTS = 10_000;
const RUNS = 30;

const view = makeCatalogView(shippedCatalog());
const paths = view.categories.map((category) => category.path);
// Most drafts in a catalog path (half with their kind), some in paths the catalog lacks.
const facts: CategoryFacts[] = Array.from({ length: DRAFTS }, (_, n) => ({
  accountId: 'sandbox',
  category: n % 10 === 0 ? `Alt/Kategorie_${n % 50}` : paths[n % paths.length]!,
  kindKeys: n % 2 === 0 ? ['art'] : [],
}));
const known = new Set(['sandbox\nAlt/Kategorie_0']);

const times: number[] = [];
let warned = 0;
for (let run = 0; run < RUNS; run += 1) {
  // A new check per list answer would be the worst case: the kind keys are looked up again.
  const check = catalogChecker(view, (accountId, path) => known.has(`${accountId}\n${path}`));
  const started = performance.now();
  warned = 0;
  for (const draft of facts) if (check(draft).length > 0) warned += 1;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
console.log(`catalog warnings of ${DRAFTS.toLocaleString('en')} drafts (${warned} warned), ${RUNS} runs:`);
console.log(`  p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   max ${at(1)} ms`);
