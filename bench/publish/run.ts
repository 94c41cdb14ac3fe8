// Benchmark of the publish engine against the sandbox with 30 ms latency per request:
//   (a) one draft with 10 photos, (b) 50 drafts of 4 photos of about 1.5 MB each, both timed with
//   the engine and with a naive baseline (the same client, one call after another in the spec's
//   order), up to every publication being acknowledged (tracking waits for the service's own
//   validation, the same for both, so it is left out);
//   (c) the growth of this process's memory (RSS and heap) while the engine uploads 10 files of 50 MB.
// The sandbox runs as a child process (the CLI), so that its memory and CPU are not counted here.
// Run: node --expose-gc --import tsx bench/publish/run.ts
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPublishEngine } from '../../src/main/publish/engine';
import type { PublishAccounts } from '../../src/main/publish/accounts-port';
import { createServiceClient, type ServiceClient } from '../../src/main/service-client';
import { openDraftsStore, type DraftsStore } from '../../src/main/storage/drafts-store';
import { fromDataPath } from '../../src/main/storage/draft-files';
import type { Draft } from '../../src/shared/domain/draft';
import {
  draftToListingCreateRequest,
  draftToPublicationCreateRequest,
} from '../../src/shared/domain/draft-requests';
import { sampleDraft } from '../../test/fixtures/drafts';

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

/** The engine's accounts port with one imprint made beforehand (both runs use it). */
function accountsOf(client: ServiceClient, imprintUuid: string): PublishAccounts {
  const t0 = performance.now();
  const traced = process.env.EXP_TRACE2
    ? new Proxy(client, {
        get(target, prop) {
          const f = (target as unknown as Record<string, unknown>)[prop as string];
          if (typeof f !== 'function') return f;
          return async (...args: unknown[]) => {
            const s = performance.now();
            try {
              return await (f as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            } finally {
              console.log(
                `${(s - t0).toFixed(0).padStart(6)} +${(performance.now() - s).toFixed(0).padStart(4)} ${String(prop)}`,
              );
            }
          };
        },
      })
    : client;
  return {
    client: () => traced,
    defaultImprintUuid: () => imprintUuid,
    createImprint: async () => imprintUuid,
    activeId: () => 'sandbox',
  };
}

/** `count` publishable drafts with `photos` files of `bytes` random bytes each, and the imprint. */
async function makeDrafts(
  dataDir: string,
  store: DraftsStore,
  label: string,
  count: number,
  photos: number,
  bytes: number,
  imprintUuid: string,
): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await store.create({ accountId: 'sandbox' });
    const draftPhotos = [];
    for (let p = 0; p < photos; p += 1) {
      const id = `p${p + 1}`;
      const file = `photos/${created.id}/${id}.jpg`;
      await mkdir(path.dirname(fromDataPath(dataDir, file)), { recursive: true });
      await writeFile(fromDataPath(dataDir, file), randomBytes(bytes));
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
    drafts.push(await store.save({ ...base, publication: { ...base.publication, imprintUuid } }));
  }
  return drafts;
}

/** The naive baseline: every call of the spec's order, one after another, draft after draft. */
async function naive(client: ServiceClient, dataDir: string, drafts: Draft[]): Promise<number> {
  const started = performance.now();
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
    await client.createPublication(uuid, draftToPublicationCreateRequest(draft));
  }
  return performance.now() - started;
}

/** The engine: from Publish until every job has its publication (tracking started). */
async function engine(
  client: ServiceClient,
  dataDir: string,
  store: DraftsStore,
  drafts: Draft[],
  imprintUuid: string,
  onTick?: () => void,
): Promise<number> {
  const publish = await openPublishEngine({
    dataDir,
    drafts: { get: (id) => store.get(id), update: (id, change) => store.update(id, change) },
    accounts: accountsOf(client, imprintUuid),
    log: quiet,
    limits: { drafts: Number(process.env.EXP_DRAFTS ?? 4), uploads: Number(process.env.EXP_UPLOADS ?? 6) },
  });
  const ids = new Set(drafts.map((draft) => draft.id));
  const started = performance.now();
  const acknowledged = new Promise<number>((resolve, reject) => {
    const check = () => {
      const jobs = publish.list().filter((job) => ids.has(job.draftId));
      const failed = jobs.find((job) => job.state === 'failed');
      if (failed) reject(new Error(`A job failed: ${failed.error?.detail ?? ''}`));
      if (jobs.length === ids.size && jobs.every((job) => job.publicationUuid !== null))
        resolve(performance.now() - started);
    };
    const seen = new Map<string, string>();
    publish.onChange((views) => {
      if (process.env.EXP_TRACE3)
        for (const v of views)
          if (v.state === 'waiting')
            console.log(
              (performance.now() - started).toFixed(0),
              v.id.slice(0, 4),
              v.error?.problem,
              v.error?.detail.slice(0, 100),
            );
      if (process.env.EXP_TRACE)
        for (const v of views) {
          const k = `${v.id.slice(0, 4)} ${v.state} ${v.step} ${v.stepsDone}`;
          if (!seen.has(k)) {
            seen.set(k, '');
            console.log((performance.now() - started).toFixed(0).padStart(6), k);
          }
        }
      onTick?.();
      check();
    });
  });
  await publish.start([...ids]);
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

async function main(): Promise<void> {
  const { ready, stop } = await startSandboxChild();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'publish-bench-'));
  const store = await openDraftsStore(dataDir, { log: quiet });
  const gc = (globalThis as { gc?: () => void }).gc;
  try {
    const client = clientOf(ready);
    await client.fetchToken();
    const { uuid: imprintUuid } = await client.createImprint('Muster GmbH, Musterstr. 1, 12345 Musterstadt');
    console.log(
      `Publish engine benchmark: sandbox with --latency ${LATENCY_MS}, engine defaults (4 drafts, 6 uploads)`,
    );

    const scenarios = [
      { name: '(a) 1 draft x 10 photos of 1.5 MB', count: 1, photos: 10, target: 3 },
      { name: '(b) 50 drafts x 4 photos of 1.5 MB', count: 50, photos: 4, target: 5 },
    ];
    for (const scenario of scenarios.filter(
      (s) => !process.env.EXP_ONLY || s.name.startsWith(process.env.EXP_ONLY),
    )) {
      const bytes = Math.round(Number(process.env.EXP_MB ?? 1.5) * MB);
      const make = (label: string) =>
        makeDrafts(dataDir, store, label, scenario.count, scenario.photos, bytes, imprintUuid);
      const naiveDrafts = await make('naive');
      const engineDrafts = await make('engine');
      const naiveMs = await naive(client, dataDir, naiveDrafts);
      const engineMs = await engine(client, dataDir, store, engineDrafts, imprintUuid);
      const ratio = naiveMs / engineMs;
      console.log(
        `${scenario.name.padEnd(38)} naive ${(naiveMs / 1000).toFixed(2).padStart(6)} s  engine ${(
          engineMs / 1000
        )
          .toFixed(2)
          .padStart(
            6,
          )} s  ratio ${ratio.toFixed(1).padStart(4)}x  (target >= ${scenario.target}x: ${ratio >= scenario.target ? 'met' : 'NOT met'})`,
      );
    }

    if (process.env.EXP_ONLY) return;
    // (c) Memory while 10 files of 50 MB go up through the engine.
    const bigDrafts = await makeDrafts(dataDir, store, 'big', 1, 10, 50 * MB, imprintUuid);
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
    const bigMs = await engine(client, dataDir, store, bigDrafts, imprintUuid, sample);
    clearInterval(sampler);
    sample();
    const mb = (n: number) => (n / MB).toFixed(1);
    const growth = Math.max(peak.rss - before.rss, peak.heap - before.heap);
    console.log(
      `(c) 10 photos of 50 MB (500 MB) in ${(bigMs / 1000).toFixed(2)} s: RSS ${mb(before.rss)} -> peak ${mb(peak.rss)} MB (+${mb(peak.rss - before.rss)} MB), ` +
        `heap ${mb(before.heap)} -> peak ${mb(peak.heap)} MB (+${mb(peak.heap - before.heap)} MB)  (target < 100 MB: ${growth < 100 * MB ? 'met' : 'NOT met'})${gc ? '' : ' [run with --expose-gc for a settled baseline]'}`,
    );
  } finally {
    await store.close();
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
