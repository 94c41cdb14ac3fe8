// Benchmark of a feed over ads it published itself (issue 38.2). A shop's CSV of --ads rows
// (default 50, one photo each) goes live through the feed's first run (drafts, publish jobs,
// publications: what a run meets in a seller's data folder); then a second version of the file
// changes every row's price and stock: most rows keep some stock (a new count, no call to the
// service), every --sold-out-every-th row (default 10) is sold out (its ad is paused). The listing
// service runs in a process of its own (bench/feed/sandbox-child.ts) with --latency (default 30 ms)
// on every request, as a round trip to a real one.
// Measured in one run, both against the same service and the same ads:
//   (1) the feed's run of the second version (feeds:run, from the call to its answer: reading the
//       file and the account's listings, the plan, every ad with its draft, its report written as
//       each ad ends so a killed run resumes after it, the feed's record at the end);
//   (2) "its updates alone": the minimal calls that make the same changes, sent straight through the
//       app's service client (its token fetched beforehand) at the concurrency the run may use
//       (FEED_LIVE_CHANGES_AT_ONCE, 4): per changed row one PUT /v1/listings/{uuid} with the run's
//       own update request (the new price), per sold-out row one PUT of its publication's state
//       (PAUSED). No read, no draft, no report: what a script that already knew every id would send.
// Printed: both times (the run's split into planning and ads), their ratio against the target
// (≤ 1.3×), and the calls each made, counted by the service per route (reads of a publication
// follow the run: the publish engine tracking each updated ad until it is live again, and a paused
// ad's state until it has followed; counted, marked as follow-ups), with os.loadavg(): the machine
// may be shared, and only the ratio within one run counts.
// Run: npx tsx bench/feed/published.ts [--ads 50] [--latency 30] [--sold-out-every 10]
// (BENCH_SANDBOX_LOG=1 writes the service's request log with times to stderr, to see the run's calls)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { createApp } from '../../src/main/app';
import { FEED_LIVE_CHANGES_AT_ONCE } from '../../src/main/feeds/feed-runs';
import { updateRequestOf } from '../../src/main/live/listing-edits';
import { silentLog } from '../../src/main/log/log';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { createServiceClient } from '../../src/main/service-client';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { FeedView } from '../../src/shared/domain/feeds/feed';
import type { FeedRun } from '../../src/shared/domain/feeds/feed-run';
import { addRealAccount } from '../../test/helpers/real-account';
import { SHOP_DEFAULTS } from '../../test/integration/feeds/helpers/shop-defaults';

const { values } = parseArgs({
  options: {
    ads: { type: 'string', default: '50' },
    latency: { type: 'string', default: '30' },
    'sold-out-every': { type: 'string', default: '10' },
  },
});
const ADS = Number(values.ads);
const LATENCY_MS = Number(values.latency);
const SOLD_OUT_EVERY = Number(values['sold-out-every']);
const TARGET = 1.3;
const client = { clientId: 'bench-published', clientSecret: 'bench-published-secret' };
const HEADER = 'SKU;Titel;Beschreibung;Kategorie;Preis;Bestand;Bild';
const soldOut = (r: number) => SOLD_OUT_EVERY > 0 && r % SOLD_OUT_EVERY === SOLD_OUT_EVERY - 1;

/** The shop's CSV: version 1 as first published, version 2 with every price and stock changed. */
function csv(version: 1 | 2): string {
  const rows = Array.from({ length: ADS }, (_, r) => {
    const price = version === 1 ? 100 + r : 95 + r;
    const stock = version === 1 ? 5 : soldOut(r) ? 0 : 3;
    return `P-${r + 1};Artikel ${r + 1};Aus dem Lager, gut erhalten.;Haushalt;${price};${stock};foto.png`;
  });
  return `${HEADER}\n${rows.join('\n')}\n`;
}

/** Requests per route (all statuses together). */
type Counts = Map<string, number>;
const byRoute = (stats: Record<string, Record<string, number>>): Counts =>
  new Map(
    Object.entries(stats).map(([route, byStatus]) => [
      route,
      Object.values(byStatus).reduce((a, n) => a + n, 0),
    ]),
  );
const minus = (after: Counts, before: Counts): Counts =>
  new Map(
    [...after].map(([route, n]) => [route, n - (before.get(route) ?? 0)] as const).filter(([, n]) => n > 0),
  );
const sum = (counts: Counts, skip: (route: string) => boolean = () => false) =>
  [...counts].reduce((total, [route, n]) => total + (skip(route) ? 0 : n), 0);
const isToken = (route: string) => route.includes('/oidc/token');
// Reads that follow the run rather than make it: the publish engine reading each updated ad's
// publication until it is live again, and a paused ad's until its state has followed.
const isFollowUp = (route: string) => route === 'GET /v1/listings/:uuid/publications/:publicationUuid';

const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-published-'));
let service: ChildProcess | undefined;
try {
  service = spawn(process.execPath, ['--import', 'tsx', 'bench/feed/sandbox-child.ts'], {
    env: {
      ...process.env,
      BENCH_CLIENT_ID: client.clientId,
      BENCH_CLIENT_SECRET: client.clientSecret,
      BENCH_LATENCY_MS: String(LATENCY_MS),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: service.stdout! })[Symbol.asyncIterator]();
  const reply = async () => {
    const next = await lines.next();
    if (next.done) throw new Error('the service ended before it answered');
    return JSON.parse(next.value as string) as Record<string, unknown>;
  };
  const addresses = (await reply()) as { authUrl: string; baseUrl: string };
  const counts = async (): Promise<Counts> => {
    service!.stdin!.write('stats\n');
    return byRoute((await reply()) as Record<string, Record<string, number>>);
  };
  /** Waits until the service has had no call for a second (jobs tracking, the listings view reading). */
  const quiet = async () => {
    let last = -1;
    for (;;) {
      const now = sum(await counts());
      if (now === last) return;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  const file = path.join(work, 'lager.csv');
  await writeFile(file, csv(1));
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7' } })
    .png()
    .toFile(path.join(work, 'foto.png'));
  const app = await createApp(
    { shell: 'web', dataDir: path.join(work, 'data'), version: 'bench', systemLocale: 'de-DE' },
    { storeFactory: confStoreFactory, secretStore: createSessionSecretStore('benchmark'), log: silentLog },
  );
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await app.router.call(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  const account = await addRealAccount({ call }, addresses, {
    name: 'Bench',
    client,
    select: true,
    imprint: true,
  });
  await call('accounts:set-defaults', { id: account.id, defaults: SHOP_DEFAULTS });
  await call('categories:map', { shopCategory: 'Haushalt', path: 'Multimedia_Elektronik/Haushaltsgeraete' });
  const feed = await call<FeedView>('feeds:save', {
    settings: {
      name: 'bench',
      source: { kind: 'file', path: file },
      accountId: account.id,
      referenceColumn: 'SKU',
      stockColumn: 'Bestand',
      publish: true,
    },
  });

  console.log(
    `Feed over its own ads: ${ADS} CSV rows published by the feed's first run, then every price and ` +
      `stock changed (every ${SOLD_OUT_EVERY}th row sold out: paused); service in a process of its own ` +
      `with --latency ${LATENCY_MS}`,
  );
  const setupStart = performance.now();
  const first = await call<FeedRun>('feeds:run', { id: feed.id });
  if (first.failed > 0 || first.counts.create !== ADS)
    throw new Error(`first run: ${JSON.stringify(first.counts)}`);
  console.log(
    `  setup: the first run published ${ADS} ads in ${((performance.now() - setupStart) / 1000).toFixed(1)} s (not measured)`,
  );
  // Measured from a quiet app: the listings view has read the account's ads, no job is tracking.
  await call('listings:list', { refresh: true });
  await quiet();

  // (1) The feed's run of the second version.
  await writeFile(file, csv(2));
  const before = await counts();
  const loadBefore = os.loadavg();
  // When the run's plan was made and its ads began (its progress events say so).
  let planned: number | undefined;
  const stop = app.events.subscribe((event, payload) => {
    if (event === 'feeds:progress' && (payload as { phase: string }).phase === 'apply')
      planned ??= performance.now();
  });
  const runStart = performance.now();
  const markAt = process.hrtime.bigint();
  const cpuAt = process.cpuUsage();
  const run = await call<FeedRun>('feeds:run', { id: feed.id });
  const runMs = performance.now() - runStart;
  // The run's window on the monotonic clock (µs), as a CPU profile (node --cpu-prof) times its
  // samples, and the app process's CPU time in it (all its threads, user and system).
  if (process.env.BENCH_MARKS === '1') {
    const cpu = process.cpuUsage(cpuAt);
    console.error(`run window (µs): ${markAt / 1000n} ${process.hrtime.bigint() / 1000n}`);
    console.error(`run CPU (ms): ${((cpu.user + cpu.system) / 1000).toFixed(0)}`);
  }
  stop();
  const planMs = (planned ?? runStart) - runStart;
  const during = minus(await counts(), before);
  const updates = run.entries.filter((e) => e.action === 'update');
  const pauses = run.entries.filter((e) => e.action === 'pause');
  const soldOutRows = Array.from({ length: ADS }, (_, r) => r).filter(soldOut).length;
  if (run.failed > 0 || updates.length !== ADS - soldOutRows || pauses.length !== soldOutRows)
    throw new Error(`second run: ${JSON.stringify(run.counts)}, ${run.failed} failed`);
  await quiet();
  const after = minus(await counts(), before);

  // (2) Its updates alone: the same changes as the minimal calls, at the run's concurrency.
  const direct = createServiceClient({
    authUrl: addresses.authUrl,
    baseUrl: addresses.baseUrl,
    clientId: client.clientId,
    authScheme: 'auto',
    getSecret: async () => client.clientSecret,
  });
  await direct.fetchToken();
  const publicationOf = new Map<string, string>();
  for (const entry of pauses)
    publicationOf.set(entry.listingUuid!, (await direct.listPublications(entry.listingUuid!))[0]!.uuid);
  await quiet();
  const aloneBefore = await counts();
  const limit = pLimit(FEED_LIVE_CHANGES_AT_ONCE);
  const aloneStart = performance.now();
  await Promise.all([
    ...updates.map((entry) =>
      limit(() => direct.updateListing(entry.listingUuid!, updateRequestOf(entry.livePatch!))),
    ),
    ...pauses.map((entry) =>
      limit(() =>
        direct.setPublicationState(entry.listingUuid!, publicationOf.get(entry.listingUuid!)!, 'PAUSED'),
      ),
    ),
  ]);
  const aloneMs = performance.now() - aloneStart;
  const alone = minus(await counts(), aloneBefore);
  const loadAfter = os.loadavg();

  const row = (label: string, value: string) => console.log(`  ${label.padEnd(64)} ${value}`);
  const routes = (counts: Counts, mark = false) => {
    for (const [route, n] of [...counts].sort())
      row(`    ${route}${mark && isFollowUp(route) ? ' (follow-up)' : ''}`, String(n));
  };
  const ownDuring = sum(during, (r) => isToken(r) || isFollowUp(r));
  row(
    `(1) the feed's run: ${updates.length} price updates, ${pauses.length} pauses`,
    `${runMs.toFixed(0)} ms (planning ${planMs.toFixed(0)}, the ads ${(runMs - planMs).toFixed(0)})`,
  );
  row('    its own calls during the run (follow-up reads apart)', String(ownDuring));
  row('    every call from its start until the app was quiet', String(sum(after)));
  routes(after, true);
  row(
    `(2) its updates alone: ${updates.length} PUT listing + ${pauses.length} PUT state, ${FEED_LIVE_CHANGES_AT_ONCE} at a time`,
    `${aloneMs.toFixed(0)} ms`,
  );
  row('    calls', String(sum(alone)));
  routes(alone);
  const ratio = runMs / aloneMs;
  console.log(
    `Ratio: the run ${ratio.toFixed(2)}x its updates alone (target <= ${TARGET}: ${ratio <= TARGET ? 'met' : 'MISSED'}); ` +
      `calls ${ownDuring} against ${sum(alone)}`,
  );
  console.log(
    `Load (os.loadavg 1/5/15 min): before the run ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, ` +
      `after the updates alone ${loadAfter.map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`,
  );
  await app.close();
  if (ratio > TARGET) process.exitCode = 1;
} finally {
  if (service && service.exitCode === null) {
    const ended = new Promise((resolve) => service!.once('exit', resolve));
    service.kill('SIGTERM');
    await ended;
  }
  await rm(work, { recursive: true, force: true });
}
