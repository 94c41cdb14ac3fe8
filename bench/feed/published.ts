// Benchmark of a stock feed's run (issue 25.10) on ads the feed itself published: a shop's CSV of
// 2,000 rows goes live through the feed's first run (drafts, publish jobs, publications: what a run
// meets in a seller's data folder; bench/feed/run.ts puts bare listings on the service instead),
// then a version with 50 prices changed runs. Prints the run's own calls against the minimum (one
// update per changed ad; target <= 1.1x) with the reads that follow it counted apart (the publish
// engine tracking each updated ad until it is live again), the run's time against the same updates
// sent alone one after another (target <= 1.3x), and planning the 2,000 rows (target <= 2 s). Every
// request waits BENCH_LATENCY_MS (default 30) in the service, as a round trip to a real one would.
// Run: npx tsx bench/feed/published.ts   (BENCH_ROWS, BENCH_CHANGED, BENCH_LATENCY_MS to change them;
// the setup takes about 13 minutes: BENCH_DATA_DIR=folder keeps it for the next start)
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createApp } from '../../src/main/app';
import { updateRequestOf } from '../../src/main/live/listing-edits';
import { silentLog } from '../../src/main/log/log';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { createServiceClient } from '../../src/main/service-client';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { SandboxStats } from '../../src/sandbox';
import type { FeedView } from '../../src/shared/domain/feeds/feed';
import type { FeedPlan, FeedRun } from '../../src/shared/domain/feeds/feed-run';
import type { PublishState } from '../../src/shared/domain/publishing/publish-job';

const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const CHANGED = Number(process.env.BENCH_CHANGED ?? 50);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 30);
const HEADER = 'SKU;Titel;Beschreibung;Kategorie;Preis;Bestand;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis;Bild';

const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-feed-'));
// Every CHANGED-th row of the file, spread over it.
const changed = new Set(Array.from({ length: CHANGED }, (_, i) => Math.floor((i * ROWS) / CHANGED)));

/** The shop's CSV; `cheaper` lowers the price of the changed rows by one euro. */
function csv(cheaper: boolean): string {
  const rows = Array.from({ length: ROWS }, (_, r) => {
    const price = 100 + r - (cheaper && changed.has(r) ? 1 : 0);
    return `S-${r + 1};Artikel ${r + 1};Aus dem Lager.;Haushalt/Kühlschränke;${price};5;shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25;foto.png`;
  });
  return `${HEADER}\n${rows.join('\n')}\n`;
}

/** Requests per route, and their sum, since the last reset. */
function calls(stats: SandboxStats): { total: number; byRoute: Record<string, number> } {
  const byRoute = Object.fromEntries(
    Object.entries(stats.requests).map(([route, byStatus]) => [
      route,
      Object.values(byStatus).reduce((a, n) => a + n, 0),
    ]),
  );
  return { total: Object.values(byRoute).reduce((a, n) => a + n, 0), byRoute };
}

const ms = (from: number) => performance.now() - from;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// BENCH_DATA_DIR keeps the app's data and the shop's file there, so that a second start skips the setup.
const keep = process.env.BENCH_DATA_DIR;
try {
  const home = keep ?? work;
  await mkdir(home, { recursive: true });
  const file = path.join(home, 'lager.csv');
  const app = await createApp(
    { shell: 'web', dataDir: path.join(home, 'data'), version: 'bench', systemLocale: 'de-DE' },
    { storeFactory: confStoreFactory, secretStore: createSessionSecretStore('benchmark'), log: silentLog },
  );
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await app.router.call(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  const sb = app.sandbox.sandbox;
  sb.configure({ validationDelayMs: 0, latencyMs: 0 });
  /** Waits until the service has had no call for two seconds (jobs tracking, the listings view refreshing). */
  const quiet = async () => {
    let last = -1;
    for (;;) {
      const now = calls(sb.stats()).total;
      if (now === last) return;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  };
  /** Waits until every ad's publish job is published (tracking done). */
  const allPublished = async () => {
    for (;;) {
      const { jobs } = await call<PublishState>('publish:list');
      if (jobs.filter((job) => job.state === 'published').length === ROWS) return;
      const stuck = jobs.find((job) => job.state === 'failed' || job.state === 'rejected');
      if (stuck) throw new Error(`publishing ${stuck.title}: ${stuck.state}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  console.log(`Feed run: ${ROWS} CSV rows live on the embedded service, then ${CHANGED} prices changed`);
  let feed = (await call<{ feeds: FeedView[] }>('feeds:list')).feeds.find((f) => f.name === 'bench');
  if (feed === undefined) {
    await writeFile(file, csv(false));
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7' } })
      .png()
      .toFile(path.join(home, 'foto.png'));
    feed = await call<FeedView>('feeds:save', {
      settings: {
        name: 'bench',
        source: { kind: 'file', path: file },
        accountId: 'sandbox',
        referenceColumn: 'SKU',
        stockColumn: 'Bestand',
        publish: true,
      },
    });
    const setupStart = performance.now();
    const first = await call<FeedRun>('feeds:run', { id: feed.id });
    if (first.failed > 0 || first.counts.create !== ROWS)
      throw new Error(`first run: ${JSON.stringify(first.counts)}`);
    await allPublished();
    console.log(
      `  setup: first run and ${ROWS} ads published in ${(ms(setupStart) / 1000).toFixed(1)} s (not measured)`,
    );
  } else {
    // A kept setup: its file goes back to the first version (a run without the bench's timing).
    await writeFile(file, csv(false));
    const back = await call<FeedRun>('feeds:run', { id: feed.id });
    if (back.failed > 0) throw new Error(`back to the first version: ${JSON.stringify(back.counts)}`);
    await allPublished();
  }

  // Measured from a quiet app: the listings view has read every publication once since the start
  // (it does that once per start, whatever runs), and no job or refresh is still calling.
  await call('listings:list', { refresh: true });
  await quiet();
  await writeFile(file, csv(true));
  sb.configure({ latencyMs: LATENCY_MS });
  const planTimes: number[] = [];
  let plan: FeedPlan | undefined;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    plan = await call<FeedPlan>('feeds:plan', { id: feed.id });
    planTimes.push(ms(start));
  }
  if (plan!.counts.update !== CHANGED) throw new Error(`plan: ${JSON.stringify(plan!.counts)}`);

  sb.resetStats();
  // When the run's plan was made and its ads began (its progress events say so).
  let planned: number | undefined;
  const stop = app.events.subscribe((event, payload) => {
    if (event === 'feeds:progress' && (payload as { phase: string }).phase === 'apply')
      planned ??= performance.now();
  });
  const runStart = performance.now();
  const run = await call<FeedRun>('feeds:run', { id: feed.id });
  const runMs = ms(runStart);
  stop();
  const runPlanMs = (planned ?? runStart) - runStart;
  const during = calls(sb.stats());
  if (run.failed > 0 || run.counts.update !== CHANGED) throw new Error(`run: ${JSON.stringify(run.counts)}`);
  await quiet();
  const after = calls(sb.stats());
  // Reads that follow the run rather than make it: the publish engine tracking each updated ad's
  // publication until it is live again, and the listings view reading what changed.
  const FOLLOW_UPS = [
    'GET /v1/listings/:uuid/publications/:publicationUuid',
    'GET /v1/listings/:uuid/publications',
  ];
  const own = during.total - FOLLOW_UPS.reduce((sum, route) => sum + (during.byRoute[route] ?? 0), 0);

  // The same updates, sent alone by a client of the app's own kind (its token fetched beforehand).
  const client = createServiceClient({
    authUrl: sb.authUrl,
    baseUrl: sb.baseUrl,
    clientId: sb.clients[0]!.clientId,
    authScheme: 'auto',
    getSecret: async () => sb.clients[0]!.clientSecret,
  });
  await client.fetchToken();
  const updates = run.entries.filter((e) => e.action === 'update');
  await quiet();
  sb.resetStats();
  const aloneStart = performance.now();
  for (const entry of updates)
    await client.updateListing(entry.listingUuid!, updateRequestOf(entry.livePatch!));
  const aloneMs = ms(aloneStart);
  const alone = calls(sb.stats());

  const minimum = CHANGED;
  const row = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);
  row('service latency per request', `${LATENCY_MS} ms`);
  row(
    `planning ${ROWS} rows (median of 3)`,
    `${median(planTimes).toFixed(0)} ms  [${planTimes.map((t) => t.toFixed(0)).join(', ')}]`,
  );
  row(`the run's own calls (minimum ${minimum}: one update per changed ad)`, String(own));
  row("all calls from the run's start until the app is quiet", String(after.total));
  for (const [route, count] of Object.entries(after.byRoute).sort())
    row(`    ${route}${FOLLOW_UPS.includes(route) ? ' (follow-up)' : ''}`, String(count));
  row(
    "the run's time",
    `${runMs.toFixed(0)} ms (planning ${runPlanMs.toFixed(0)}, the ads ${(runMs - runPlanMs).toFixed(0)})`,
  );
  row(`the same ${alone.total} updates alone, one after another`, `${aloneMs.toFixed(0)} ms`);
  console.log(
    `Ratios: the run's own calls ${(own / minimum).toFixed(2)}x the minimum (target <= 1.1; with the ` +
      `follow-up reads ${(after.total / minimum).toFixed(2)}x), ` +
      `time ${(runMs / aloneMs).toFixed(2)}x the updates alone (target <= 1.3), ` +
      `planning ${(median(planTimes) / 1000).toFixed(2)} s (target <= 2 s)`,
  );
  await app.close();
} finally {
  await rm(work, { recursive: true, force: true });
}
