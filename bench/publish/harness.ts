// What the publish benchmark's cases share (run.ts, trace.ts): the sandbox as a child process, the
// client, drafts with photo files, the naive client and the engine side, each timed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openPublishEngine } from '../../src/main/publish/engine';
import { SANDBOX_TEST_IMPRINTS } from '../../src/shared/domain/publishing/imprint';
import type { PublishAccounts } from '../../src/main/publish/context/accounts-port';
import {
  AccountPace,
  callsInStride,
  createServiceClient,
  type ServiceClient,
} from '../../src/main/service-client';
import type { DraftsStore } from '../../src/main/storage/drafts-store';
import { fromDataPath } from '../../src/main/storage/draft-files';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import {
  draftToListingCreateRequest,
  draftToPublicationCreateRequest,
} from '../../src/shared/domain/drafts/draft-requests';
import { sampleDraft } from '../../test/fixtures/drafts';

export const LATENCY_MS = 30;
export const MB = 1024 * 1024;
export const quiet = { info: () => undefined, error: (message: string) => console.error(message) };

export interface Ready {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export async function startSandboxChild(): Promise<{ ready: Ready; stop: () => Promise<void> }> {
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

// The pace of each client made here (and of the wrappers around it), so that the engine's accounts
// port can tell how many calls the account takes at once, as the app's does (accounts-port.ts).
const paces = new WeakMap<ServiceClient, AccountPace>();

/** Makes `pace` the pace of `client` for the engine's accounts port (a client made with it). */
export function knownPace(client: ServiceClient, pace: AccountPace): ServiceClient {
  paces.set(client, pace);
  return client;
}

/** Gives `wrapper` the pace of `client` (a client that counts or traces the calls of another). */
export function samePace(wrapper: ServiceClient, client: ServiceClient): ServiceClient {
  const pace = paces.get(client);
  if (pace) paces.set(wrapper, pace);
  return wrapper;
}

export function clientOf(ready: Ready): ServiceClient {
  const pace = new AccountPace();
  const client = createServiceClient({
    authUrl: ready.authUrl,
    baseUrl: ready.baseUrl,
    clientId: ready.clientId,
    authScheme: 'bearer',
    getSecret: async () => ready.clientSecret,
    pace,
  });
  paces.set(client, pace);
  return client;
}

/** Counts the calls made through `client`, per method. */
export function counted(client: ServiceClient): { client: ServiceClient; calls: Map<string, number> } {
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
  return { client: samePace(wrapped, client), calls };
}

export function totalCalls(calls: Map<string, number>): number {
  return [...calls.values()].reduce((sum, n) => sum + n, 0);
}

/** The engine's accounts port: the Sandbox account has no imprint yet, the engine makes its test one (spec step 1). */
export function accountsOf(client: ServiceClient): PublishAccounts {
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
    ...(paces.has(client) && { callsAtOnce: () => callsInStride(paces.get(client)!.view()) }),
  };
}

/**
 * `count` publishable drafts without an imprint, with `photos` files of `bytes` random bytes each,
 * or copies of the photo files of `sameAs` (so that both runs send the same bytes).
 */
export async function makeDrafts(
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
export async function naive(client: ServiceClient, dataDir: string, drafts: Draft[]): Promise<number> {
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
export async function engine(
  client: ServiceClient,
  dataDir: string,
  store: DraftsStore,
  drafts: Draft[],
  onTick?: () => void,
  onStart?: () => void,
  limits?: { drafts?: number | 'auto'; uploads?: number },
): Promise<number> {
  const publish = await openPublishEngine({
    dataDir,
    drafts: { get: (id) => store.get(id), update: (id, change) => store.update(id, change) },
    accounts: accountsOf(client),
    log: quiet,
    ...(limits && { limits }),
  });
  const ids = new Set(drafts.map((draft) => draft.id));
  onStart?.();
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

/** A bare PUT's rate over this loopback, through the same sandbox (bound.ts: the bytes' cost). */
export interface LoopbackRate {
  /** Mbit/s (10^6 bits), as the bound takes a line's rate. */
  mbit: number;
  /** How it was measured, for the table. */
  how: string;
}

/**
 * PUTs `files` (all at once, each to a fresh ticket) `trials` times through the sandbox and takes
 * the best: rate = bytes / (time - one latency). The best of the trials, so that the bound stays a
 * bound (the engine may meet a quieter moment than the worst trial).
 */
export async function measureLoopback(
  client: ServiceClient,
  files: readonly string[],
  bytes: number,
  trials = 3,
): Promise<LoopbackRate> {
  let best = Number.POSITIVE_INFINITY;
  for (let trial = 0; trial < trials; trial += 1) {
    const tickets = await Promise.all(files.map(() => client.createMediaTicket('image/jpeg')));
    const started = performance.now();
    await Promise.all(
      files.map((file, i) =>
        client.uploadFile(tickets[i]!.signedPutUrl, file, { contentType: 'image/jpeg' }),
      ),
    );
    best = Math.min(best, performance.now() - started);
  }
  const byteMs = Math.max(1, best - LATENCY_MS);
  const total = files.length * bytes;
  const mbit = (total * 8) / (byteMs * 1000);
  return {
    mbit,
    how: `loopback ${((total / MB) * (1000 / byteMs)).toFixed(0)} MB/s measured`,
  };
}
