// Injected faults: status codes, connection resets before and after the handler, delays past the
// client's timeout, latency, scripts (times) and seeded rates.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ListingList } from '../../../src/shared/service';
import { parseFaultSpec } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import { Api, PNG, listingBody, start, upload } from './helpers';

let sb: Sandbox;
let api: Api;

beforeAll(async () => {
  sb = await start({ seed: 42 });
  api = await Api.login(sb);
});
afterEach(() => {
  sb.faults.clear();
  sb.configure({ latencyMs: 0 });
});
afterAll(() => sb.close());

const listings = async (): Promise<number> => sb.stats().clients[sb.clients[0]!.clientId]!.listings;

describe('status faults', () => {
  it('429 with Retry-After and a JSON error object, for the next N requests only', async () => {
    sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 429, retryAfterSeconds: 7, times: 2 });
    const first = await api.call('GET', '/v1/listings');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect(first.body).toMatchObject({
      status: 429,
      title: 'Too Many Requests',
      instance: '/api/v1/listings',
    });
    expect((await api.call('GET', '/v1/listings')).status).toBe(429);
    expect((await api.call('GET', '/v1/listings')).status).toBe(200);
    expect(sb.faults.list()).toEqual([]);
  });

  it('500 with an error object; the listing was not created', async () => {
    const before = await listings();
    sb.faults.add({ route: 'POST /v1/listings', kind: 'status', status: 500, times: 1 });
    const res = await api.call('POST', '/v1/listings', { body: listingBody() });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ type: 'about:blank', status: 500 });
    expect(await listings()).toBe(before);
  });

  it('502 with an HTML body, after the handler ran (the listing exists)', async () => {
    const before = await listings();
    sb.faults.add({ route: 'POST /v1/listings', kind: 'status', status: 502, when: 'after', times: 1 });
    const res = await api.call('POST', '/v1/listings', { body: listingBody() });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<h1>502 Bad Gateway</h1>');
    expect(await listings()).toBe(before + 1);
  });

  it('503 with Retry-After on any route with "*"', async () => {
    sb.faults.add({ route: '*', kind: 'status', status: 503, times: 1 });
    const res = await fetch(`${sb.authUrl}/oidc/token`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(sb.stats().requests['POST /oidc/token']?.['503']).toBe(1);
  });
});

describe('connection resets', () => {
  it('reset before the handler: the request fails and nothing is created', async () => {
    const before = await listings();
    sb.faults.add({ route: 'POST /v1/listings', kind: 'reset', times: 1 });
    await expect(api.call('POST', '/v1/listings', { body: listingBody() })).rejects.toThrow();
    expect(await listings()).toBe(before);
    expect(sb.stats().requests['POST /v1/listings']?.reset).toBeGreaterThanOrEqual(1);
    expect((await api.call('POST', '/v1/listings', { body: listingBody() })).status).toBe(200);
  });

  it('reset after the handler: the request fails but the listing was created', async () => {
    const before = await listings();
    sb.faults.add({ route: 'POST /v1/listings', kind: 'reset', when: 'after', times: 1 });
    await expect(api.call('POST', '/v1/listings', { body: listingBody() })).rejects.toThrow();
    expect(await listings()).toBe(before + 1);
  });

  it('reset of the storage PUT', async () => {
    const ticket = await api.ticket();
    sb.faults.add({ route: 'PUT /storage/:ticket', kind: 'reset', times: 1 });
    await expect(upload(ticket.signedPutUrl, PNG)).rejects.toThrow();
    expect((await upload(ticket.signedPutUrl, PNG)).status).toBe(200);
  });
});

describe('delays and latency', () => {
  it("a delay past the client's timeout makes the client time out; the server still handles it", async () => {
    const before = await listings();
    sb.faults.add({ route: 'POST /v1/listings', kind: 'delay', ms: 400, times: 1 });
    const signal = AbortSignal.timeout(150);
    await expect(api.call('POST', '/v1/listings', { body: listingBody(), signal })).rejects.toThrow();
    await vi.waitFor(async () => expect(await listings()).toBe(before + 1), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('latency delays every request', async () => {
    sb.configure({ latencyMs: 120 });
    const t0 = performance.now();
    await api.call('GET', '/v1/listings');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
  });
});

describe('rates', () => {
  it('a rate fires about that often, reproducibly with a seed', async () => {
    const run = async (): Promise<number[]> => {
      const other = await start({
        seed: 7,
        faults: [{ route: 'GET /v1/listings', kind: 'status', status: 500, rate: 0.3 }],
      });
      try {
        const client = await Api.login(other);
        const statuses: number[] = [];
        for (let i = 0; i < 60; i++) statuses.push((await client.call('GET', '/v1/listings')).status);
        return statuses;
      } finally {
        await other.close();
      }
    };
    const [a, b] = [await run(), await run()];
    expect(a).toEqual(b);
    const failures = a.filter((s) => s === 500).length;
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(35);
  });

  it('removing a rule stops it', async () => {
    const remove = sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 500 });
    expect((await api.call('GET', '/v1/listings')).status).toBe(500);
    remove();
    expect(ListingList.safeParse((await api.call('GET', '/v1/listings')).body).success).toBe(true);
  });
});

describe('--fault syntax', () => {
  it('parses routes with parameters, actions and options', () => {
    expect(parseFaultSpec('POST /v1/listings:503:times=2')).toEqual({
      route: 'POST /v1/listings',
      kind: 'status',
      status: 503,
      times: 2,
    });
    expect(parseFaultSpec('*:reset:rate=0.1')).toEqual({ route: '*', kind: 'reset', rate: 0.1 });
    expect(parseFaultSpec('PUT /storage/:ticket:delay=5000')).toEqual({
      route: 'PUT /storage/:ticket',
      kind: 'delay',
      ms: 5000,
    });
    expect(parseFaultSpec('POST /v1/listings/:uuid/media:reset:after')).toMatchObject({ when: 'after' });
    expect(parseFaultSpec('GET /v1/listings:429:retry-after=3')).toMatchObject({ retryAfterSeconds: 3 });
    expect(() => parseFaultSpec('GET /nowhere:500')).toThrow(/unknown route/);
    expect(() => parseFaultSpec('GET /v1/listings:boom')).toThrow(/unknown action/);
    expect(() => sb.faults.add({ route: '*', kind: 'status', status: 200 })).toThrow();
  });
});
