// Where the engine's time goes in cases (a) and (b) of the publish benchmark (issue 38.1): every
// call the engine makes, with its start and end (ms after Publish), the call each one waited for
// (the one that ended last before it started), the calls under way over time, the engine's CPU
// profile while it runs (--cpu), and what a bare PUT of the same bytes takes on this loopback
// through the same sandbox (--put), in series and side by side.
// Run: node --expose-gc --import tsx bench/publish/trace.ts [--case a,b] [--cpu] [--put] [--warm]
//   [--drafts N|auto] [--uploads N] (the engine's limits; default: its defaults); --warm: the
//   account's pace grown to its most calls at once first, as run.ts's naive run leaves it)
import { mkdtemp, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ServiceClient } from '../../src/main/service-client';
import { openDraftsStore } from '../../src/main/storage/drafts-store';
import { fromDataPath } from '../../src/main/storage/draft-files';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { LATENCY_MS, MB, clientOf, engine, makeDrafts, quiet, samePace, startSandboxChild } from './harness';

interface Call {
  name: string;
  start: number;
  end: number;
}

/** The client with every call's start and end (ms after `zero()`) written to `calls`. */
function traced(client: ServiceClient, calls: Call[], zero: () => number): ServiceClient {
  const wrapped = Object.fromEntries(
    Object.entries(client).map(([name, method]) => [
      name,
      async (...args: unknown[]) => {
        const call = { name, start: performance.now() - zero(), end: Number.NaN };
        calls.push(call);
        try {
          return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
        } finally {
          call.end = performance.now() - zero();
        }
      },
    ]),
  ) as unknown as ServiceClient;
  return samePace(wrapped, client);
}

const SHORT: Record<string, string> = {
  createImprint: 'imprint',
  createListing: 'listing',
  createMediaTicket: 'ticket',
  uploadFile: 'put',
  attachMedia: 'attach',
  orderMedia: 'order',
  createPublication: 'publication',
  getPublication: 'read publication',
  getListing: 'read listing',
  readPublications: 'read publications',
};
const ms = (n: number) => n.toFixed(0).padStart(5);

/** Each call in the order it started, with the call that ended last before it (what it waited for). */
function printChain(calls: readonly Call[], total: number): void {
  console.log(`  ${'call'.padEnd(16)} start   end  took  after (ended at, gap)`);
  calls.forEach((call, index) => {
    const before = calls.filter((other, i) => i !== index && other.end <= call.start);
    const last = before.reduce<Call | null>((a, b) => (a === null || b.end > a.end ? b : a), null);
    const after = last
      ? `#${calls.indexOf(last) + 1} ${SHORT[last.name] ?? last.name} (${last.end.toFixed(0)}, +${(call.start - last.end).toFixed(1)})`
      : `Publish (+${call.start.toFixed(1)})`;
    console.log(
      `  #${String(index + 1).padEnd(3)}${(SHORT[call.name] ?? call.name).padEnd(13)}${ms(call.start)} ${ms(call.end)} ${ms(call.end - call.start)}  ${after}`,
    );
  });
  console.log(`  acknowledged at ${total.toFixed(0)} ms`);
}

/** Per kind of call: how many, their mean time; and how many listings calls were under way over time. */
function printSummary(calls: readonly Call[], total: number): void {
  const kinds = new Map<string, number[]>();
  for (const call of calls) kinds.set(call.name, [...(kinds.get(call.name) ?? []), call.end - call.start]);
  for (const [name, took] of kinds) {
    const mean = took.reduce((a, b) => a + b, 0) / took.length;
    const max = Math.max(...took);
    console.log(
      `  ${(SHORT[name] ?? name).padEnd(18)} ${String(took.length).padStart(4)} calls  mean ${mean.toFixed(1)} ms  max ${max.toFixed(1)} ms`,
    );
  }
  // Listings calls under way (the account's ceiling counts them; the puts go to the storage).
  const api = calls.filter((call) => call.name !== 'uploadFile' && call.start < total);
  const step = 5;
  const histogram = new Map<number, number>();
  for (let t = 0; t < total; t += step) {
    const open = api.filter((call) => call.start <= t && call.end > t).length;
    histogram.set(open, (histogram.get(open) ?? 0) + step);
  }
  const puts = calls.filter((call) => call.name === 'uploadFile');
  let putBusy = 0;
  for (let t = 0; t < total; t += step) if (puts.some((c) => c.start <= t && c.end > t)) putBusy += step;
  console.log(
    `  listings calls under way (ms spent at each count): ${[...histogram]
      .sort((a, b) => a[0] - b[0])
      .map(([n, t]) => `${n}:${t}`)
      .join(' ')}`,
  );
  console.log(`  some put under way ${putBusy} of ${total.toFixed(0)} ms`);
  // Per 100 ms: puts under way (mean), puts ended, listings calls started (where the uploads wait).
  const slices: string[] = [];
  for (let from = 0; from < total; from += 100) {
    let open = 0;
    for (let t = from; t < from + 100; t += step)
      open += puts.filter((c) => c.start <= t && c.end > t).length;
    const ended = puts.filter((c) => c.end >= from && c.end < from + 100).length;
    const started = api.filter((c) => c.start >= from && c.start < from + 100).length;
    slices.push(`${(open / (100 / step)).toFixed(0)}/${ended}/${started}`);
  }
  console.log(`  per 100 ms, puts under way / puts ended / listings calls started: ${slices.join(' ')}`);
  const last = api.filter((c) => c.name === 'createPublication').reduce((a, c) => Math.max(a, c.end), 0);
  console.log(
    `  first call at ${Math.min(...calls.map((c) => c.start)).toFixed(0)} ms, last publication answered at ${last.toFixed(0)} ms, acknowledged at ${total.toFixed(0)} ms`,
  );
}

/** Self time per function (top 25) of a CPU profile. */
function printProfile(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(node_modules|src)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    const dt = (deltas[i] ?? 0) / 1000;
    total += dt;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const idle = [...self].filter(([key]) => key.startsWith('(idle)')).reduce((a, [, t]) => a + t, 0);
  console.log(`  profile: ${total.toFixed(0)} ms sampled, ${(total - idle).toFixed(0)} ms busy`);
  for (const [key, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${t.toFixed(1).padStart(7)} ms  ${key}`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Bare PUTs of `files` to fresh tickets: one after another, then all at once; ms per PUT and rate. */
async function bareputs(client: ServiceClient, files: readonly string[], bytes: number): Promise<void> {
  const tickets = async () => Promise.all(files.map(() => client.createMediaTicket('image/jpeg')));
  let fresh = await tickets();
  let started = performance.now();
  const each: number[] = [];
  for (const [i, file] of files.entries()) {
    const t = performance.now();
    await client.uploadFile(fresh[i]!.signedPutUrl, file, { contentType: 'image/jpeg' });
    each.push(performance.now() - t);
  }
  const serial = performance.now() - started;
  const mean = serial / files.length;
  const rate = (n: number, t: number) => (n / MB / ((t - LATENCY_MS) / 1000)).toFixed(0);
  console.log(
    `  ${files.length} PUTs of ${(bytes / MB).toFixed(1)} MB one after another: ${serial.toFixed(0)} ms, ` +
      `mean ${mean.toFixed(1)} ms each (latency ${LATENCY_MS} ms + ${(mean - LATENCY_MS).toFixed(1)} ms for the bytes: ${rate(bytes, mean)} MB/s)` +
      `; each: ${each.map((t) => t.toFixed(0)).join(' ')}`,
  );
  for (const width of [2, 6, files.length]) {
    fresh = await tickets();
    started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < files.length) {
          const i = next++;
          await client.uploadFile(fresh[i]!.signedPutUrl, files[i]!, { contentType: 'image/jpeg' });
        }
      }),
    );
    const took = performance.now() - started;
    const rounds = Math.ceil(files.length / width);
    console.log(
      `  the same ${width} at a time: ${took.toFixed(0)} ms (${rounds} x latency = ${rounds * LATENCY_MS} ms; ` +
        `the bytes ${(took - rounds * LATENCY_MS).toFixed(0)} ms: ${((files.length * bytes) / MB / ((took - rounds * LATENCY_MS) / 1000)).toFixed(0)} MB/s)`,
    );
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      case: { type: 'string', default: 'a,b' },
      cpu: { type: 'boolean', default: false },
      put: { type: 'boolean', default: false },
      warm: { type: 'boolean', default: false },
      drafts: { type: 'string' },
      uploads: { type: 'string' },
    },
  });
  const limits = {
    ...(values.drafts && { drafts: values.drafts === 'auto' ? ('auto' as const) : Number(values.drafts) }),
    ...(values.uploads && { uploads: Number(values.uploads) }),
  };
  const { ready, stop } = await startSandboxChild();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'publish-trace-'));
  const store = await openDraftsStore(dataDir, { log: quiet });
  const session = new Session();
  session.connect();
  try {
    const client = clientOf(ready);
    await client.fetchToken();
    console.log(
      `load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const bytes = Math.round(1.5 * MB);
    if (values.warm) {
      // As in run.ts after its naive run: the account's pace at its most calls at once (it starts
      // with a few and grows as calls pass, account-pace.ts).
      for (let i = 0; i < 12; i += 1)
        await Promise.all(Array.from({ length: 16 }, () => client.createMediaTicket('image/jpeg')));
      console.log('account pace warmed up: 192 tickets, 16 at a time');
    }
    if (values.put) {
      const [draft] = await makeDrafts(dataDir, store, 'put', 1, 10, bytes);
      const files = draft!.photos.map((photo) => fromDataPath(dataDir, photo.file));
      console.log('Bare PUTs through the sandbox (--latency 30):');
      await bareputs(client, files, bytes);
    }
    for (const key of values.case.split(',')) {
      const [count, photos] = key === 'a' ? [1, 10] : [50, 4];
      const drafts: Draft[] = await makeDrafts(dataDir, store, key, count, photos, bytes);
      const calls: Call[] = [];
      let zero = performance.now();
      const side = traced(client, calls, () => zero);
      if (values.cpu) {
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 200 });
        await session.post('Profiler.start');
      }
      const total = await engine(
        side,
        dataDir,
        store,
        drafts,
        undefined,
        () => (zero = performance.now()),
        limits,
      );
      const profile = values.cpu ? (await session.post('Profiler.stop')).profile : null;
      console.log(
        `(${key}) ${count} draft(s) x ${photos} photos: engine ${total.toFixed(0)} ms, load ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
      const acked = calls.filter((call) => call.start <= total);
      if (key === 'a') printChain(acked, total);
      printSummary(acked, total);
      if (profile) printProfile(profile as unknown as { nodes: ProfileNode[] });
    }
  } finally {
    session.disconnect();
    await store.close();
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
