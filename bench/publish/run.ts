// Benchmark of the publish engine against the sandbox with 30 ms latency per request:
//   (a) one draft with 10 photos, (b) 50 drafts of 4 photos of about 1.5 MB each, both timed with
//   the engine (its default limits) and with a naive baseline: the same client, the same sandbox,
//   byte-identical photos, every call one after another in the spec's order (the imprint, then per
//   draft the listing, per photo its ticket, PUT and attach, the order, the publication). Both make
//   one imprint per run (the engine makes one per account, not per draft) and stop once every
//   publication is acknowledged (tracking waits for the service's own validation, the same for
//   both, so it is left out). The calls each side made are counted and printed.
//   (c) the growth of this process's memory (RSS and heap) while the engine uploads 10 files of 50 MB.
//   (d) 50 drafts x 8 photos of 12 MP over a seller's line (--bandwidth 20 --latency 40): the engine
//   against a naive client sending the originals one call after another (see case-d.ts).
// For (a) to (c) the sandbox runs as a child process (the CLI), so that its memory and CPU are not
// counted here.
// Beside each case goes the bound of the same run (bound.ts, computed from the service's contract):
// on loopback the round trips that must follow each other (ticket, put, attach, order, publication)
// x the latency, or the rounds that the account's ceiling of calls at once (16) forces on many
// drafts, whichever is longer; with a bandwidth (d) the bytes over the line plus the round trips
// that cannot overlap them (a sum: no byte goes before a ticket came back and the put's latency
// passed, and the last photo's attach, order and publication follow its last byte), or the rounds if
// longer. On loopback the bytes are not counted (the definition), although the loopback and
// the sandbox's synced writes of every upload take real time on a loaded machine. The engine's time
// against the bound is printed with the target <= 1.3x of issue 38.1.
// Run: node --expose-gc --import tsx bench/publish/run.ts [--case a,b,c,d] [--drafts N (d; 50)]
// The full (d) sends about 2 GB at 20 Mbit/s on the naive side (some 15 minutes); try --drafts 2 first.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPublishEngine } from '../../src/main/publish/engine';
import { SANDBOX_TEST_IMPRINTS } from '../../src/shared/domain/publishing/imprint';
import type { PublishAccounts } from '../../src/main/publish/context/accounts-port';
import {
  DEFAULT_MAX_CONCURRENCY,
  createServiceClient,
  type ServiceClient,
} from '../../src/main/service-client';
import { openDraftsStore, type DraftsStore } from '../../src/main/storage/drafts-store';
import { fromDataPath } from '../../src/main/storage/draft-files';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import {
  draftToListingCreateRequest,
  draftToPublicationCreateRequest,
} from '../../src/shared/domain/drafts/draft-requests';
import { sampleDraft } from '../../test/fixtures/drafts';
import { runBound } from './bound';
import { runCaseD } from './case-d';

const LATENCY_MS = 30;
const MB = 1024 * 1024;
const quiet = { info: () => undefined, error: (message: string) => console.error(message) };

interface Ready {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

async function startSandboxChild(): Promise<{ ready: Ready; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/sandbox/cli.ts',
      '--port',
      '0',
      '--quiet',
      '--latency',
      String(LATENCY_MS),
      '--validation-delay',
      '0',
      '--max-media-bytes',
      String(64 * MB),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${String(code)}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ready: JSON.parse(line) as Ready,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function clientOf(ready: Ready): ServiceClient {
  return createServiceClient({
    authUrl: ready.authUrl,
    baseUrl: ready.baseUrl,
    clientId: ready.clientId,
    authScheme: 'bearer',
    getSecret: async () => ready.clientSecret,
  });
}

/** Counts the calls made through `client`, per method. */
function counted(client: ServiceClient): { client: ServiceClient; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const wrapped = Object.fromEntries(
    Object.entries(client).map(([name, method]) => [
      name,
      (...args: unknown[]) => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return (method as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as ServiceClient;
  return { client: wrapped, calls };
}

function totalCalls(calls: Map<string, number>): number {
  return [...calls.values()].reduce((sum, n) => sum + n, 0);
}

/** The engine's accounts port: the Sandbox account has no imprint yet, the engine makes its test one (spec step 1). */
function accountsOf(client: ServiceClient): PublishAccounts {
  let imprintUuid: string | null = null;
  return {
    client: () => client,
    defaultImprintUuid: () => imprintUuid,
    testImprint: () => SANDBOX_TEST_IMPRINTS.en,
    async createImprint(_accountId, content) {
      imprintUuid = (await client.createImprint(content)).uuid;
      return imprintUuid;
    },
    activeId: () => 'sandbox',
  };
}

/**
 * `count` publishable drafts without an imprint, with `photos` files of `bytes` random bytes each,
 * or copies of the photo files of `sameAs` (so that both runs send the same bytes).
 */
async function makeDrafts(
  dataDir: string,
  store: DraftsStore,
  label: string,
  count: number,
  photos: number,
  bytes: number,
  sameAs?: readonly Draft[],
): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await store.create({ accountId: 'sandbox' });
    const draftPhotos = [];
    for (let p = 0; p < photos; p += 1) {
      const id = `p${p + 1}`;
      const file = `photos/${created.id}/${id}.jpg`;
      await mkdir(path.dirname(fromDataPath(dataDir, file)), { recursive: true });
      const source = sameAs?.[i]?.photos[p];
      if (source) await copyFile(fromDataPath(dataDir, source.file), fromDataPath(dataDir, file));
      else await writeFile(fromDataPath(dataDir, file), randomBytes(bytes));
      draftPhotos.push({
        id,
        file,
        thumb: file,
        mediaType: 'image/jpeg' as const,
        width: 4000,
        height: 3000,
        bytes,
        originalName: `IMG_${p + 1}.jpg`,
      });
    }
    const base = sampleDraft(created.id, {
      title: `${label} ${i + 1}`,
      customReference: null,
      createdAt: created.createdAt,
      updatedAt: created.updatedAt,
      photos: draftPhotos,
    });
    drafts.push(await store.save({ ...base, publication: { ...base.publication, imprintUuid: null } }));
  }
  return drafts;
}

/** The naive baseline: every call of the spec's order, one after another, draft after draft. */
async function naive(client: ServiceClient, dataDir: string, drafts: Draft[]): Promise<number> {
  const started = performance.now();
  const { uuid: imprintUuid } = await client.createImprint(SANDBOX_TEST_IMPRINTS.en);
  for (const draft of drafts) {
    const { uuid } = await client.createListing(draftToListingCreateRequest(draft));
    const urls: string[] = [];
    for (const photo of draft.photos) {
      const ticket = await client.createMediaTicket(photo.mediaType);
      await client.uploadFile(ticket.signedPutUrl, fromDataPath(dataDir, photo.file), {
        contentType: photo.mediaType,
      });
      const listing = await client.attachMedia(uuid, ticket.ticketUuid);
      urls.push(listing.urls.find((url) => !urls.includes(url))!);
    }
    await client.orderMedia(uuid, urls);
    await client.createPublication(
      uuid,
      draftToPublicationCreateRequest({ ...draft, publication: { ...draft.publication, imprintUuid } }),
    );
  }
  return performance.now() - started;
}

/** The engine (default limits): from Publish until every job has its publication (tracking started). */
async function engine(
  client: ServiceClient,
  dataDir: string,
  store: DraftsStore,
  drafts: Draft[],
  onTick?: () => void,
): Promise<number> {
  const publish = await openPublishEngine({
    dataDir,
    drafts: { get: (id) => store.get(id), update: (id, change) => store.update(id, change) },
    accounts: accountsOf(client),
    log: quiet,
  });
  const ids = new Set(drafts.map((draft) => draft.id));
  const started = performance.now();
  // The views of the jobs that changed come with each event (as the window gets them): the drafts
  // acknowledged so far are kept here, so that the listener's own work does not grow with the batch.
  const done = new Set<string>();
  const acknowledged = new Promise<number>((resolve, reject) => {
    publish.onChange((jobs) => {
      onTick?.();
      for (const job of jobs) {
        if (!ids.has(job.draftId)) continue;
        if (job.state === 'failed') reject(new Error(`A job failed: ${job.error?.detail ?? ''}`));
        if (job.publicationUuid !== null) done.add(job.draftId);
      }
      if (done.size === ids.size) resolve(performance.now() - started);
    });
  });
  const results = await publish.start([...ids]);
  const refused = results.find((result) => result.error);
  if (refused) throw new Error(`A draft was refused: ${refused.error?.detail ?? ''}`);
  const elapsed = await acknowledged;
  // Tracking goes on until PUBLISHED; it is let finish so that it does not run into the next figure.
  await publish.settled();
  await publish.close();
  return elapsed;
}

function rssAndHeap(): { rss: number; heap: number } {
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** The engine's time may be at most this many times its bound (issue 38.1). */
const BOUND_TARGET = 1.3;

/** The bound of a loopback case: `count` drafts of `photos`, one imprint, the sandbox's latency. */
function boundOf(count: number, photos: number) {
  return runBound({
    drafts: count,
    photos,
    imprints: 1,
    latencyMs: LATENCY_MS,
    maxInFlight: DEFAULT_MAX_CONCURRENCY,
  });
}

function boundLine(bound: ReturnType<typeof runBound>, engineMs: number, judged = true): string {
  const ofBound = engineMs / bound.ms;
  return (
    `    bound ${(bound.ms / 1000).toFixed(2)} s (${bound.how})  engine / bound ${ofBound.toFixed(2)}x` +
    (judged ? `  target <= ${BOUND_TARGET}x: ${verdict(ofBound <= BOUND_TARGET)}` : '')
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { case: { type: 'string', default: 'a,b,c,d' }, drafts: { type: 'string', default: '50' } },
  });
  const cases = new Set(values.case.split(','));
  const draftsD = Number(values.drafts);
  if (!Number.isInteger(draftsD) || draftsD < 1) throw new Error('--drafts needs a whole number >= 1');
  let failed = 0;
  if (cases.has('a') || cases.has('b') || cases.has('c')) failed += await childCases(cases);
  if (cases.has('d')) {
    const ok = await runCaseD({ drafts: draftsD, photos: 8, mbit: 20, latencyMs: 40 }, engine);
    if (!ok) failed += 1;
  }
  console.log(failed === 0 ? 'All targets met.' : `${failed} target(s) missed.`);
  if (failed > 0) process.exitCode = 1;
}

/** Cases (a) to (c) against a sandbox child; resolves with the number of missed targets. */
async function childCases(cases: ReadonlySet<string>): Promise<number> {
  const { ready, stop } = await startSandboxChild();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'publish-bench-'));
  const store = await openDraftsStore(dataDir, { log: quiet });
  const gc = (globalThis as { gc?: () => void }).gc;
  let failed = 0;
  try {
    const client = clientOf(ready);
    // One token for both sides, fetched before any timing starts.
    await client.fetchToken();
    console.log(
      `Publish engine benchmark: sandbox with --latency ${LATENCY_MS}, engine defaults (4 drafts, 6 uploads at a time)`,
    );

    const scenarios = [
      { key: 'a', name: '(a) 1 draft x 10 photos of 1.5 MB', count: 1, photos: 10, target: 4.5 },
      { key: 'b', name: '(b) 50 drafts x 4 photos of 1.5 MB', count: 50, photos: 4, target: 7 },
    ].filter((scenario) => cases.has(scenario.key));
    for (const scenario of scenarios) {
      const bytes = Math.round(1.5 * MB);
      const naiveDrafts = await makeDrafts(dataDir, store, 'naive', scenario.count, scenario.photos, bytes);
      const engineDrafts = await makeDrafts(
        dataDir,
        store,
        'engine',
        scenario.count,
        scenario.photos,
        bytes,
        naiveDrafts,
      );
      const naiveSide = counted(client);
      const naiveMs = await naive(naiveSide.client, dataDir, naiveDrafts);
      const engineSide = counted(client);
      const engineMs = await engine(engineSide.client, dataDir, store, engineDrafts);
      const ratio = naiveMs / engineMs;
      const bound = boundOf(scenario.count, scenario.photos);
      const ofBound = engineMs / bound.ms;
      const ok = ratio >= scenario.target;
      const boundOk = ofBound <= BOUND_TARGET;
      if (!ok) failed += 1;
      if (!boundOk) failed += 1;
      // Calls up to the acknowledgements; the engine's count also holds the tracking reads after.
      const tracking = engineSide.calls.get('getPublication') ?? 0;
      console.log(
        `${scenario.name.padEnd(36)} naive ${(naiveMs / 1000).toFixed(2).padStart(6)} s` +
          `  engine ${(engineMs / 1000).toFixed(2).padStart(6)} s  ratio ${ratio.toFixed(1).padStart(4)}x` +
          `  target >= ${scenario.target}x: ${verdict(ok)}` +
          `  (calls: naive ${totalCalls(naiveSide.calls)}, engine ${totalCalls(engineSide.calls) - tracking} + ${tracking} tracking reads)`,
      );
      console.log(boundLine(bound, engineMs));
    }

    if (!cases.has('c')) return failed;
    // (c) Memory while 10 files of 50 MB go up through the engine.
    const bigDrafts = await makeDrafts(dataDir, store, 'big', 1, 10, 50 * MB);
    gc?.();
    await sleep(100);
    const before = rssAndHeap();
    const peak = { ...before };
    const sample = () => {
      const now = rssAndHeap();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heap = Math.max(peak.heap, now.heap);
    };
    const sampler = setInterval(sample, 10);
    const bigMs = await engine(client, dataDir, store, bigDrafts, sample);
    clearInterval(sampler);
    sample();
    const mb = (n: number) => (n / MB).toFixed(1);
    const growth = Math.max(peak.rss - before.rss, peak.heap - before.heap);
    const ok = growth < 100 * MB;
    if (!ok) failed += 1;
    const bigBound = boundOf(1, 10);
    console.log(
      `(c) 10 photos of 50 MB (500 MB) in ${(bigMs / 1000).toFixed(2)} s: RSS ${mb(before.rss)} -> peak ${mb(peak.rss)} MB (+${mb(peak.rss - before.rss)} MB), ` +
        `heap ${mb(before.heap)} -> peak ${mb(peak.heap)} MB (+${mb(peak.heap - before.heap)} MB)  target growth < 100 MB: ${verdict(ok)}${gc ? '' : ' [run with --expose-gc for a settled baseline]'}`,
    );
    // No target on (c)'s time (its 500 MB on loopback are not in the bound): a figure only.
    console.log(boundLine(bigBound, bigMs, false));
  } finally {
    await store.close();
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return failed;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
