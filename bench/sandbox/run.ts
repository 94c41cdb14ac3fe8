// Benchmark of the sandbox on loopback: GET /v1/listings with 1,000 listings, a simple GET, the
// spec's whole order of calls, and a 50 MB streamed upload. The sandbox runs as a child process (the
// CLI), so server and load generator each get a core. Run: npx tsx bench/sandbox/run.ts
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { Listing, MediaUploadTicket, TokenResponse, UuidResponse } from '../../src/shared/service';
import { load, send } from './load';
import type { Figures, Req } from './load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_SIMPLE_RPS = 2000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Ready {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

async function startChild(): Promise<{ ready: Ready; pid: number; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--quiet', '--validation-delay', '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${String(code)}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ready: JSON.parse(line) as Ready,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function rssMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function show(name: string, f: Figures, unit = 'req/s'): void {
  const line = [
    name.padEnd(44),
    `${f.perSecond.toFixed(0).padStart(7)} ${unit}`,
    `p50 ${f.p50ms.toFixed(2).padStart(7)} ms`,
    `p99 ${f.p99ms.toFixed(2).padStart(7)} ms`,
    `(${f.requests} ok, ${f.errors} errors, ${f.seconds.toFixed(1)} s)`,
  ];
  console.log(line.join('  '));
}

async function main(): Promise<void> {
  const { ready, pid, stop } = await startChild();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const tokenRes = await send(agent, {
      method: 'POST',
      url: `${ready.authUrl}/oidc/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: ready.clientId,
        client_secret: ready.clientSecret,
        audience: 'consumer-goods-api',
      }).toString(),
    });
    const token = TokenResponse.parse(JSON.parse(tokenRes.body.toString())).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await send(agent, {
        method,
        url: `${ready.baseUrl}${path}`,
        headers: body === undefined ? auth : json,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body.toString()}`);
      return res.body.length ? (JSON.parse(res.body.toString()) as unknown) : undefined;
    };
    const listingBody = {
      title: 'Kinderwagen',
      category: 'Familie/Baby & Kind/Kinderwagen',
      description: 'Gut erhalten, wenig benutzt.',
      attributes: { condition: 'like_new', versand: 'ja' },
      adType: 'OFFER',
      price: { type: 'FIXED', amount: 120 },
      email: 'seller@example.com',
    };

    console.log(`Listing Desk sandbox benchmark (loopback, ${SECONDS} s per figure, pid ${pid})`);
    const uuids: string[] = [];
    const seedStart = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = w; i < 1000; i += 8) {
          const { uuid } = UuidResponse.parse(
            await call('POST', '/v1/listings', { ...listingBody, customReference: `r${i}` }),
          );
          uuids.push(uuid);
        }
      }),
    );
    console.log(`seeded 1,000 listings in ${((performance.now() - seedStart) / 1000).toFixed(2)} s`);

    const simple: Req = { method: 'GET', url: `${ready.baseUrl}/v1/listings/${uuids[0]!}`, headers: auth };
    const simpleFigures = await load(async () => (await send(agent, simple)).status === 200, {
      workers: 16,
      seconds: SECONDS,
    });
    show('GET /v1/listings/{uuid} (16 conns)', simpleFigures);

    const all: Req = { method: 'GET', url: `${ready.baseUrl}/v1/listings`, headers: auth };
    const sample = await send(agent, all);
    const allFigures = await load(async () => (await send(agent, all)).status === 200, {
      workers: 8,
      seconds: SECONDS,
    });
    show(
      `GET /v1/listings, 1,000 listings (${(sample.body.length / 1024).toFixed(0)} KiB, 8 conns)`,
      allFigures,
    );

    const flow = async (): Promise<boolean> => {
      const imprint = UuidResponse.parse(await call('POST', '/v1/imprints', { content: 'Impressum' })).uuid;
      const listing = UuidResponse.parse(await call('POST', '/v1/listings', listingBody)).uuid;
      let urls: string[] = [];
      for (let i = 0; i < 2; i++) {
        const ticket = MediaUploadTicket.parse(await call('POST', '/v1/media', { mediaType: 'image/png' }));
        const put = await send(agent, {
          method: 'PUT',
          url: ticket.signedPutUrl,
          headers: { 'content-type': 'image/png' },
          body: PNG,
        });
        if (put.status !== 200) return false;
        urls = Listing.parse(
          await call('POST', `/v1/listings/${listing}/media`, { ticketUuid: ticket.ticketUuid }),
        ).urls;
      }
      await call('PUT', `/v1/listings/${listing}/media/order`, { urls: [...urls].reverse() });
      const pub = UuidResponse.parse(
        await call('POST', `/v1/listings/${listing}/publications`, {
          availabilityRadiusInKm: 10,
          street: 'Musterstr. 1',
          city: 'Berlin',
          postalCode: '10115',
          imprintUuid: imprint,
        }),
      ).uuid;
      await call('GET', `/v1/listings/${listing}`);
      await call('GET', `/v1/listings/${listing}/publications/${pub}`);
      return true;
    };
    const flowFigures = await load(flow, { workers: 4, seconds: SECONDS });
    show('whole spec flow, 2 images (12 calls, 4 conc.)', flowFigures, 'flows/s');
    console.log(`  = ${(flowFigures.perSecond * 12).toFixed(0)} calls/s within flows`);

    const before = await rssMb(pid);
    const size = 50 * 1024 * 1024;
    const ticket = MediaUploadTicket.parse(await call('POST', '/v1/media', { mediaType: 'image/jpeg' }));
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const t0 = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(ticket.signedPutUrl, {
        method: 'PUT',
        agent,
        headers: { 'content-type': 'image/jpeg', 'content-length': String(size) },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      Readable.from(
        (function* () {
          for (let i = 0; i < size / chunk.length; i++) yield chunk;
        })(),
      ).pipe(req);
    });
    const secs = (performance.now() - t0) / 1000;
    const after = await rssMb(pid);
    console.log(
      `PUT 50 MB to signedPutUrl: status ${status}, ${(50 / secs).toFixed(0)} MB/s; server RSS ${before.rss.toFixed(0)} -> ${after.rss.toFixed(0)} MB (peak ${after.peak.toFixed(0)} MB)`,
    );

    const verdict = simpleFigures.perSecond >= TARGET_SIMPLE_RPS ? 'PASS' : 'FAIL';
    console.log(
      `${verdict}: simple GET ${simpleFigures.perSecond.toFixed(0)} req/s vs target ${TARGET_SIMPLE_RPS} (ratio ${(simpleFigures.perSecond / TARGET_SIMPLE_RPS).toFixed(1)}x)`,
    );
    if (verdict === 'FAIL') process.exitCode = 1;
  } finally {
    agent.destroy();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
