// Benchmark of a feed's run (issue 25.10): a feed of 2,000 rows whose ads are live, of which 50
// change their price. Prints the run's calls to the service against the minimum (one update per
// changed ad; target ≤ 1.1×), the run's time against the time of those 50 updates sent alone
// (target ≤ 1.3×), and the time to plan the 2,000 rows (target ≤ 2 s). The 2,000 ads are put on
// the embedded service through its API first (publishing 2,000 drafts would measure publishing);
// the feed's first run finds them by reference. Each call to the service takes BENCH_LATENCY_MS
// (default 50 ms, a service across the internet); on loopback with none, the fixed costs (reading
// the file, the account's 2,000 listings, the plan) dwarf 50 calls of a millisecond each.
// Run: npx tsx bench/feed/run.ts   (BENCH_ROWS, BENCH_CHANGED, BENCH_LATENCY_MS to change them)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/main/app';
import { silentLog } from '../../src/main/log/log';
import { createServiceClient } from '../../src/main/service-client';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { FeedView } from '../../src/shared/domain/feeds/feed';
import type { FeedPlan, FeedRun } from '../../src/shared/domain/feeds/feed-run';
import { Api } from '../../test/integration/sandbox/helpers';

const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const CHANGED = Number(process.env.BENCH_CHANGED ?? 50);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-feed-'));
const file = path.join(work, 'lager.csv');
const price = (r: number, changed: boolean) => (changed ? 9 + r : 10 + r);
const writeTable = (changed: (r: number) => boolean) =>
  writeFile(
    file,
    `SKU;Titel;Preis;Bestand\n${Array.from(
      { length: ROWS },
      (_, r) => `F-${r + 1};Artikel ${r + 1};${price(r, changed(r)).toFixed(2).replace('.', ',')};3`,
    ).join('\n')}\n`,
  );

try {
  const secretStore = createSessionSecretStore('benchmark');
  const app = await createApp(
    { shell: 'web', dataDir: path.join(work, 'data'), version: 'bench', systemLocale: 'de-DE' },
    { storeFactory: confStoreFactory, secretStore, log: silentLog },
  );
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await app.router.call(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  const sb = app.sandbox.sandbox;
  const api = await Api.login(sb, sb.clients[0]);
  // The shop's ads, live on the service (as an earlier run would have left them).
  const uuids: string[] = new Array<string>(ROWS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let r = next++; r < ROWS; r = next++)
        uuids[r] = await api.listing({
          title: `Artikel ${r + 1}`,
          customReference: `F-${r + 1}`,
          price: { type: 'FIXED', amount: price(r, false) },
        });
    }),
  );
  await writeTable(() => false);
  const feed = await call<FeedView>('feeds:save', {
    settings: {
      name: 'bench',
      source: { kind: 'file', path: file },
      accountId: 'sandbox',
      referenceColumn: 'SKU',
      stockColumn: 'Bestand',
    },
  });
  const first = await call<FeedRun>('feeds:run', { id: feed.id });
  if (first.counts.unchanged !== ROWS) throw new Error(`first run: ${JSON.stringify(first.counts)}`);

  // Every 40th row's price changes.
  const every = Math.floor(ROWS / CHANGED);
  const changed = (r: number) => r % every === 0 && r / every < CHANGED;
  await writeTable(changed);
  sb.configure({ latencyMs: LATENCY_MS });
  const calls = () =>
    Object.entries(sb.stats().requests)
      .filter(([route]) => !route.includes('/oidc/token'))
      .reduce((sum, [, byStatus]) => sum + Object.values(byStatus).reduce((a, n) => a + n, 0), 0);

  let start = performance.now();
  const plan = await call<FeedPlan>('feeds:plan', { id: feed.id });
  const planMs = performance.now() - start;
  if (plan.counts.update !== CHANGED) throw new Error(`plan: ${JSON.stringify(plan.counts)}`);

  const before = calls();
  start = performance.now();
  const run = await call<FeedRun>('feeds:run', { id: feed.id });
  const runMs = performance.now() - start;
  const runCalls = calls() - before;
  if (process.env.BENCH_ROUTES) console.log(JSON.stringify(sb.stats().requests, null, 1));
  if (run.counts.update !== CHANGED || run.failed > 0) throw new Error(`run: ${JSON.stringify(run.counts)}`);

  // The same 50 updates sent alone, one after the other as the run sends them, through a client
  // of the same kind as the app's (its token fetched before the clock starts).
  const client = createServiceClient({
    authUrl: app.sandbox.authUrl,
    baseUrl: app.sandbox.baseUrl,
    clientId: app.sandbox.clientId,
    authScheme: 'auto',
    getSecret: () => secretStore.get('sandbox'),
  });
  await client.fetchToken();
  const alone = Array.from({ length: ROWS }, (_, r) => r).filter(changed);
  start = performance.now();
  for (const r of alone)
    await client.updateListing(uuids[r]!, { price: { type: 'FIXED', amount: price(r, true) } });
  const aloneMs = performance.now() - start;

  console.log(`Feed run: ${ROWS} rows, ${CHANGED} prices changed, ${LATENCY_MS} ms per call to the service`);
  console.log(
    `  planning ${ROWS} rows (feeds:plan, reading the account's listings included): ${planMs.toFixed(0)} ms (target ≤ 2000)`,
  );
  console.log(
    `  calls to the service: ${runCalls} for ${CHANGED} changed ads: ${(runCalls / CHANGED).toFixed(2)}× the minimum (target ≤ 1.1)`,
  );
  console.log(
    `  run ${runMs.toFixed(0)} ms, the ${CHANGED} updates alone ${aloneMs.toFixed(0)} ms: ${(runMs / aloneMs).toFixed(2)}× (target ≤ 1.3)`,
  );
  sb.configure({ latencyMs: 0 });
  await app.close();
} finally {
  await rm(work, { recursive: true, force: true });
}
