// Benchmark of a large product feed (issue 35.8): a Google RSS export of 50,000 items (made on the
// fly as a stream to a temporary file: HTML descriptions, three photos an item, the shop's category
// path, some variant groups), served over HTTPS by a server in this process with ETag,
// Last-Modified, gzip and 304. The app plans it in a process of its own for an account with no ads
// on a listing service in a third process. Printed, with the targets:
//   - the first plan's time (≤ 15 s) and the planning process's peak RSS, VmHWM (≤ 200 MB);
//   - an unchanged feed run again: a smaller feed of the same kind (SMALL_ITEMS) run once, drafts
//     only, then run again with its file unchanged: the requests its server saw (one, answered
//     304), the drafts made and the calls to the service meanwhile (none).
// Run: npx tsx bench/feed/google-xml.ts   (BENCH_ITEMS to change the 50,000)
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGzip } from 'node:zlib';
import { build } from 'esbuild';
import { startHttpsServer } from '../../test/integration/feeds/helpers/https-server';
import { etagMatches, type SeenRequest } from '../../test/integration/feeds/helpers/feed-server';
import { writeGoogleFeed } from './google-xml-make';
import { NODE_HEAP_FLAGS } from '../../scripts/lib/heap-flags.mjs';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 50_000);
const SMALL_ITEMS = Number(process.env.BENCH_SMALL_ITEMS ?? 200);
const FEED_PATH = '/store-api/product-export/SWPEbench/google.xml';
const SMALL_PATH = '/store-api/product-export/SWPEsmall/google.xml';
const client = { BENCH_CLIENT_ID: 'bench-feed', BENCH_CLIENT_SECRET: 'bench-feed-secret' };
const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-google-'));
const children: ChildProcess[] = [];

const start = (args: string[], env: NodeJS.ProcessEnv): ChildProcess => {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  return child;
};

/** The child's stdout as lines of JSON, one at a time. */
function replies(child: ChildProcess): () => Promise<Record<string, unknown>> {
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return async () => {
    const next = await lines.next();
    if (next.done) throw new Error('the process ended before it answered');
    return JSON.parse(next.value) as Record<string, unknown>;
  };
}

const ended = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The requests the service counted, by route (all statuses together). */
const byRoute = (stats: Record<string, unknown>): Map<string, number> =>
  new Map(
    Object.entries(stats as Record<string, Record<string, number>>).map(([route, byStatus]) => [
      route,
      Object.values(byStatus).reduce((a, n) => a + n, 0),
    ]),
  );

try {
  // The shop's server: each file as it lies on disk, validators from its bytes and time.
  const seen: SeenRequest[] = [];
  const served = new Map<string, { file: string; etag: string; lastModified: Date }>();
  const server = await startHttpsServer(work, (request, response) => {
    const validators = served.get(request.url ?? '');
    if (!validators) return void response.writeHead(404).end();
    const noneMatch = request.headers['if-none-match'];
    const since = request.headers['if-modified-since'];
    const accept = request.headers['accept-encoding'];
    const unchanged =
      noneMatch !== undefined
        ? etagMatches(noneMatch, validators.etag)
        : since !== undefined && validators.lastModified.getTime() <= Date.parse(since);
    const gzip = !unchanged && /\bgzip\b/.test(accept ?? '');
    seen.push({
      path: request.url ?? '',
      ...(noneMatch !== undefined && { ifNoneMatch: noneMatch }),
      ...(since !== undefined && { ifModifiedSince: since }),
      ...(accept !== undefined && { acceptEncoding: accept }),
      status: unchanged ? 304 : 200,
      gzip,
    });
    const headers = { etag: validators.etag, 'last-modified': validators.lastModified.toUTCString() };
    if (unchanged) return void response.writeHead(304, headers).end();
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/xml; charset=UTF-8',
      vary: 'Accept-Encoding',
      ...(gzip && { 'content-encoding': 'gzip' }),
    });
    const body = createReadStream(validators.file);
    (gzip ? body.pipe(createGzip()) : body).pipe(response);
  });
  /** Writes a feed of `items` and serves it at `at`. */
  const serve = async (at: string, items: number) => {
    const file = path.join(work, `${items}.xml`);
    const { groups } = await writeGoogleFeed(file, items, server.origin);
    const info = await stat(file);
    const hash = createHash('sha1');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    served.set(at, { file, etag: `"${hash.digest('hex').slice(0, 20)}"`, lastModified: info.mtime });
    return { groups, info };
  };
  const made = performance.now();
  const { groups, info } = await serve(FEED_PATH, ITEMS);
  await serve(SMALL_PATH, SMALL_ITEMS);
  const ca = path.join(work, 'ca.pem');
  await writeFile(ca, server.ca);
  process.stdout.write(
    `Feed: ${ITEMS.toLocaleString('en')} items (${groups.toLocaleString('en')} products and variant groups), ` +
      `${(info.size / 1024 / 1024).toFixed(1)} MB, written in ${Math.round(performance.now() - made)} ms\n`,
  );

  const service = start(['--import', 'tsx', 'bench/feed/sandbox-child.ts'], client);
  const fromService = replies(service);
  const addresses = await fromService();
  const serviceStats = async () => {
    service.stdin!.write('stats\n');
    return byRoute(await fromService());
  };

  // The planning process runs bundled JavaScript, as the app's main process does: no TypeScript
  // loader in its memory.
  const deskScript = path.join('out', 'bench', 'google-xml-desk.mjs');
  await build({
    entryPoints: ['bench/feed/google-xml-desk.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: deskScript,
    logLevel: 'warning',
  });
  // Started as the app's launchers start its main process (scripts/lib/heap-flags.mjs).
  const desk = start([...NODE_HEAP_FLAGS, deskScript], {
    ...client,
    BENCH_AUTH_URL: String(addresses.authUrl),
    BENCH_BASE_URL: String(addresses.baseUrl),
    BENCH_DATA_DIR: path.join(work, 'data'),
    BENCH_FEED_URL: `${server.origin}${FEED_PATH}`,
    BENCH_SMALL_URL: `${server.origin}${SMALL_PATH}`,
    NODE_EXTRA_CA_CERTS: ca,
  });
  const fromDesk = replies(desk);
  const ready = await fromDesk();
  process.stdout.write(
    `Planning process ready: RSS ${String(ready.rssNowMb)} MB, peak so far ${String(ready.rssMb)} MB (the app, the account, the mappings)\n`,
  );

  desk.stdin!.write('first\n');
  const first = await fromDesk();
  if (first.error) throw new Error(`The first plan failed: ${String(first.error)}`);
  const within = (ok: boolean) => (ok ? 'ok' : 'OVER');
  process.stdout.write(
    `First plan: ${String(first.ms)} ms (target ≤ 15000 ms: ${within(Number(first.ms) <= 15_000)}), ` +
      `format ${String(first.format)}, ${String(first.rows)} rows, counts ${JSON.stringify(first.counts)}` +
      `${(first.held as string[]).length > 0 ? `, held: ${(first.held as string[]).join(', ')}` : ''}\n` +
      `Planning process peak RSS (VmHWM): ${String(first.rssMb)} MB (target ≤ 200 MB: ${within(Number(first.rssMb) <= 200)})\n`,
  );

  // A smaller feed run once (drafts only), then run again with its file unchanged.
  desk.stdin!.write('small\n');
  const small = await fromDesk();
  if (small.error) throw new Error(`The small feed's first run failed: ${String(small.error)}`);
  process.stdout.write(
    `Small feed (${SMALL_ITEMS} items) run once: ${String(small.ms)} ms, counts ${JSON.stringify(small.counts)}\n`,
  );
  const requestsBefore = seen.length;
  const serviceBefore = await serviceStats();
  desk.stdin!.write('again\n');
  const again = await fromDesk();
  if (again.error) throw new Error(`The second run failed: ${String(again.error)}`);
  const requests = seen.slice(requestsBefore);
  const serviceAfter = await serviceStats();
  const calls = [...serviceAfter]
    .map(([route, count]) => [route, count - (serviceBefore.get(route) ?? 0)] as const)
    .filter(([, count]) => count > 0);
  const serviceCalls = calls.reduce((sum, [, count]) => sum + count, 0);
  const drafts = Number(again.drafts) - Number(small.drafts);
  process.stdout.write(
    `Unchanged feed run again: ${String(again.ms)} ms (unchanged: ${String(again.unchanged)}); requests to the feed's server ${requests.length} ` +
      `(${requests.map((r) => `${r.status}${r.ifNoneMatch ? ' If-None-Match' : ''}${r.ifModifiedSince ? ' If-Modified-Since' : ''}`).join(', ')}), ` +
      `drafts made ${drafts}, calls to the service ${serviceCalls}` +
      `${calls.length > 0 ? ` (${calls.map(([route, count]) => `${route} ×${count}`).join(', ')})` : ''} ` +
      `(target: one request answered 304, no draft, no call: ${within(
        requests.length === 1 && requests[0]!.status === 304 && drafts === 0 && serviceCalls === 0,
      )})\n` +
      `First request: ${seen[0] ? `${seen[0].status}, gzip ${seen[0].gzip ? 'yes' : 'no'}` : 'none'}\n`,
  );
  desk.stdin!.write('exit\n');
  service.stdin!.end();
  await Promise.all(children.map(ended));
  await server.close();
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map(ended));
  await rm(work, { recursive: true, force: true });
}
