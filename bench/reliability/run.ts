// Torture run of the publish engine: 30 drafts of 3 photos against the embedded listing service in
// a process of its own, with about a fifth of all requests faulted (500, 503, 429 with Retry-After,
// resets before and after the service did the work, 502/503 after the work, delays past the
// request timeout) and access tokens that live 2 s. The app (bench/reliability/app.ts: the whole
// back end on one data folder) is killed with SIGKILL at 10 random instants and started again each
// time; an 11th start runs until no job moves by itself any more. Then the faults are switched off
// and the service's own records are counted.
// Prints: drafts published, duplicate listings, duplicate or missing photos, listings whose photos
// are out of order, duplicate publications, drafts stuck, jobs needing the seller.
// Target: 30 of 30 published, every other figure 0.
// Run: npx tsx bench/reliability/run.ts [--seed N] [--kills N] [--drafts N]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { FaultRule } from '../../src/sandbox';
import { colourFor, solidPng } from '../../test/fixtures/images';

const { values } = parseArgs({
  options: { seed: { type: 'string' }, kills: { type: 'string' }, drafts: { type: 'string' } },
});
const SEED = Number(values.seed ?? 7);
const KILLS = Number(values.kills ?? 10);
const DRAFTS = Number(values.drafts ?? 30);
const PHOTOS = 3;
const TIMEOUT_MS = 3000;
const FINAL_RUN_LIMIT_MS = 15 * 60_000;
const client = { BENCH_CLIENT_ID: 'torture-shop', BENCH_CLIENT_SECRET: `torture-${randomUUID()}` };

// Seeded, so that a run can be repeated kill for kill.
let state = SEED >>> 0 || 1;
const random = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
};

// About 20 % of requests in all (each rule draws in turn; the first that fires wins).
const FAULTS: FaultRule[] = [
  { route: '*', kind: 'status', status: 500, rate: 0.03 },
  { route: '*', kind: 'status', status: 503, rate: 0.03, retryAfterSeconds: 1 },
  { route: '*', kind: 'status', status: 429, rate: 0.03, retryAfterSeconds: 1 },
  { route: '*', kind: 'reset', rate: 0.03 },
  { route: '*', kind: 'reset', when: 'after', rate: 0.03 },
  { route: '*', kind: 'status', status: 502, when: 'after', rate: 0.02, body: 'html' },
  { route: '*', kind: 'status', status: 503, when: 'after', rate: 0.02 },
  { route: '*', kind: 'delay', ms: TIMEOUT_MS + 1500, rate: 0.02 },
];
const faultShare = 1 - FAULTS.reduce((left, rule) => left * (1 - (rule.rate ?? 1)), 1);

interface Summary {
  jobs: Array<{
    id: string;
    draftId: string;
    state: string;
    problem: string | null;
    detail: string | null;
    listingUuid: string | null;
    supersededBy: string | null;
  }>;
  drafts: Array<{
    id: string;
    reference: string | null;
    status: string;
    listingUuid: string | null;
    photoFiles: string[];
  }>;
}

const tsx = (script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });

/** Resolves with the first stdout line of `child` that `accept` takes; rejects if it exits first. */
function lineOf(
  child: ChildProcess,
  accept: (line: string) => boolean,
  stderr: () => string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onExit = (code: number | null) =>
      reject(new Error(`exited with ${code}\n${stderr().slice(-3000)}`));
    lines.on('line', (line) => {
      if (!accept(line)) return;
      child.off('exit', onExit);
      resolve(line);
    });
    child.once('exit', onExit);
  });
}

function collect(child: ChildProcess): () => string {
  let text = '';
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'listing-desk-torture-'));
  const dataDir = path.join(work, 'data');
  const photosDir = path.join(work, 'photos');
  const service = tsx('bench/reliability/service.ts', [], {
    ...client,
    BENCH_FAULTS: JSON.stringify(FAULTS),
    BENCH_SEED: String(SEED),
    BENCH_TOKEN_TTL: '2',
  });
  const serviceErr = collect(service);
  const started = Date.now();
  try {
    const ready = JSON.parse(await lineOf(service, (line) => line.startsWith('{'), serviceErr)) as {
      authUrl: string;
      baseUrl: string;
    };
    const appEnv = {
      ...client,
      BENCH_AUTH_URL: ready.authUrl,
      BENCH_BASE_URL: ready.baseUrl,
      BENCH_DRAFTS: String(DRAFTS),
      BENCH_TIMEOUT_MS: String(TIMEOUT_MS),
    };
    await mkdir(photosDir, { recursive: true });
    for (let n = 1; n <= DRAFTS; n += 1)
      for (let p = 1; p <= PHOTOS; p += 1)
        await writeFile(
          path.join(photosDir, `d${String(n).padStart(2, '0')}-${p}.png`),
          solidPng(colourFor(n * 10 + p), 48 + n * 3 + p),
        );

    const setup = tsx('bench/reliability/app.ts', ['setup', dataDir, photosDir], appEnv);
    const setupErr = collect(setup);
    await exited(setup);
    if (setup.exitCode !== 0) throw new Error(`setup failed (${setup.exitCode}):\n${setupErr()}`);
    process.stdout.write(
      `setup: ${DRAFTS} drafts of ${PHOTOS} photos; faults on ${(faultShare * 100).toFixed(0)} % of requests\n`,
    );

    let killedWhileRunning = 0;
    for (let k = 1; k <= KILLS; k += 1) {
      const child = tsx('bench/reliability/app.ts', ['run', dataDir, photosDir], appEnv);
      const err = collect(child);
      const at = Math.round(random() * 4000);
      // The instant is counted from the first sign of life: tsx's start takes a second or two.
      await new Promise<void>((resolve) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', () => resolve());
        setTimeout(resolve, 20_000);
      });
      const early = await Promise.race([
        exited(child).then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), at)),
      ]);
      if (!early) {
        child.kill('SIGKILL');
        killedWhileRunning += 1;
      }
      await exited(child);
      const lines = err()
        .split('\n')
        .filter((line) => /ERROR/.test(line));
      process.stdout.write(
        `kill ${k}: ${early ? 'the run had finished already' : `SIGKILL ${at} ms after start`}${lines.length ? ` (${lines.length} error lines)` : ''}\n`,
      );
    }

    const last = tsx('bench/reliability/app.ts', ['run', dataDir, photosDir], appEnv);
    const lastErr = collect(last);
    const timer = setTimeout(() => last.kill('SIGKILL'), FINAL_RUN_LIMIT_MS);
    const summary = JSON.parse(await lineOf(last, (line) => line.startsWith('{'), lastErr)) as Summary;
    clearTimeout(timer);
    await exited(last);

    service.stdin!.write('faults off\n');
    await lineOf(service, (line) => line === 'ok', serviceErr);
    const figures = await count(ready, summary, dataDir);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `\n${KILLS} kills (${killedWhileRunning} while jobs ran), ${seconds} s in all, seed ${SEED}\n`,
    );
    const rows: Array<[string, string, boolean]> = [
      ['drafts published', `${figures.published} of ${DRAFTS}`, figures.published === DRAFTS],
      ['duplicate listings', String(figures.duplicateListings), figures.duplicateListings === 0],
      ['duplicate or missing photos', String(figures.photoFaults), figures.photoFaults === 0],
      ['listings with photos out of order', String(figures.outOfOrder), figures.outOfOrder === 0],
      ['duplicate publications', String(figures.duplicatePublications), figures.duplicatePublications === 0],
      ['drafts stuck', String(figures.stuck), figures.stuck === 0],
      ['jobs needing the seller', String(figures.needSeller), figures.needSeller === 0],
    ];
    for (const [name, value, ok] of rows)
      process.stdout.write(`${name.padEnd(36)} ${value.padStart(9)}   ${ok ? 'PASS' : 'FAIL'}\n`);
    for (const job of summary.jobs.filter((entry) => entry.state !== 'published' && !entry.supersededBy))
      process.stdout.write(`  job ${job.id}: ${job.state} ${job.problem ?? ''} ${job.detail ?? ''}\n`);
    process.exitCode = rows.every(([, , ok]) => ok) ? 0 : 1;
  } finally {
    service.kill('SIGTERM');
    await exited(service);
    await rm(work, { recursive: true, force: true });
  }
}

interface Ready {
  authUrl: string;
  baseUrl: string;
}

/** Counts what the service holds against what the drafts ask for. */
async function count(ready: Ready, summary: Summary, dataDir: string) {
  const token = await tokenOf(ready);
  const api = async (url: string) => {
    const response = await fetch(`${ready.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  const listings = (await api('/v1/listings')) as Array<{
    uuid: string;
    customReference: string | null;
    urls: string[];
  }>;
  const byReference = new Map<string, typeof listings>();
  for (const listing of listings) {
    const key = listing.customReference ?? '';
    byReference.set(key, [...(byReference.get(key) ?? []), listing]);
  }
  let duplicateListings = 0;
  for (const group of byReference.values()) duplicateListings += Math.max(0, group.length - 1);

  let duplicatePublications = 0;
  const live = new Set<string>();
  for (const listing of listings) {
    const publications = (await api(`/v1/listings/${listing.uuid}/publications`)) as Array<{
      actualState?: string;
    }>;
    duplicatePublications += Math.max(0, publications.length - 1);
    if (publications.some((publication) => publication.actualState === 'PUBLISHED')) live.add(listing.uuid);
  }

  let published = 0;
  let photoFaults = 0;
  let outOfOrder = 0;
  let stuck = 0;
  for (const draft of summary.drafts) {
    const candidates = byReference.get(draft.reference ?? '') ?? [];
    const listing = candidates.find((entry) => entry.uuid === draft.listingUuid) ?? candidates[0];
    const latest = summary.jobs.find((job) => job.draftId === draft.id && !job.supersededBy);
    // A draft and its job disagree, or a draft is left 'publishing' with nothing under way.
    if (draft.status === 'publishing' || (latest?.state === 'published' && draft.status !== 'published'))
      stuck += 1;
    if (draft.status === 'published' && listing && live.has(listing.uuid)) published += 1;
    if (!listing) continue;
    const files = await Promise.all(draft.photoFiles.map((file) => readFile(path.join(dataDir, file))));
    const shown = await Promise.all(
      listing.urls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
    );
    const indices = shown.map((bytes) => files.findIndex((file) => file.equals(bytes)));
    const seen = new Set<number>();
    for (const index of indices) {
      if (index === -1 || seen.has(index)) photoFaults += 1;
      else seen.add(index);
    }
    photoFaults += files.length - seen.size;
    const expected = files.map((_, i) => i);
    if (indices.join() !== expected.join() && seen.size === files.length) outOfOrder += 1;
  }
  const needSeller = summary.jobs.filter(
    (job) => !job.supersededBy && ['failed', 'rejected', 'cancelled'].includes(job.state),
  ).length;
  return { published, duplicateListings, photoFaults, outOfOrder, duplicatePublications, stuck, needSeller };
}

async function tokenOf(ready: Ready): Promise<string> {
  const response = await fetch(`${ready.authUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.BENCH_CLIENT_ID,
      client_secret: client.BENCH_CLIENT_SECRET,
      audience: 'consumer-goods-api',
    }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token: ${response.status}`);
  return body.access_token;
}

await main();
