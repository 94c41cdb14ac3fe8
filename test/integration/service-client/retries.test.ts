// Automatic repeats: idempotent calls on 429 (honouring Retry-After), 5xx, resets and timeouts; a
// POST only on 429 and when nothing was sent, never after a 5xx, a reset or a timeout.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FaultRule, Sandbox } from '../../../src/sandbox';
import { AccountPace, type ServiceClient } from '../../../src/main/service-client';
import {
  FAST_RETRY,
  clientFor,
  closedPortUrl,
  counts,
  failure,
  hits,
  listingRequest,
  start,
} from './helpers';

let sb: Sandbox;
let warnings: string[];
let client: ServiceClient;

beforeAll(async () => {
  sb = await start();
});
afterEach(() => sb.faults.clear());
afterAll(() => sb.close());

/** A client whose warnings land in `warnings`; the token is fetched up front so stats show only the call. */
async function freshClient(overrides: Parameters<typeof clientFor>[1] = {}): Promise<ServiceClient> {
  warnings = [];
  client = clientFor(sb, { log: { warn: (m) => warnings.push(m) }, ...overrides });
  await client.fetchToken();
  sb.resetStats();
  return client;
}

describe('idempotent calls are repeated', () => {
  it('429 with Retry-After: waits as asked, then succeeds', async () => {
    await freshClient({ retry: { ...FAST_RETRY, maxDelayMs: 5_000 } });
    sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 429, retryAfterSeconds: 1, times: 1 });
    await expect(client.listListings()).resolves.toBeInstanceOf(Array);
    expect(hits(sb, 'GET /v1/listings')).toEqual({ '429': 1, '200': 1 });
    // The account's pace holds the repeat for the Retry-After (account-pace.ts).
    expect(warnings).toEqual(['listListings: 429 Too Many Requests; repeating in 1000 ms (repeat 1 of 3)']);
  });

  it('a Retry-After longer than maxDelayMs is left to the caller: the call fails, the account reads stay held', async () => {
    const pace = new AccountPace();
    await freshClient({ pace });
    sb.faults.add({
      route: 'GET /v1/listings',
      kind: 'status',
      status: 429,
      retryAfterSeconds: 120,
      times: 1,
    });
    const error = await failure(client.listListings());
    expect(error).toMatchObject({ problem: 'rate-limited', retryAfterMs: 120_000 });
    expect(pace.view().readsUntil).toBeGreaterThan(Date.now() + 100_000);
    expect(pace.view().writesUntil).toBeNull();
  });

  it.each([500, 502, 503, 504])('GET on %s', async (status) => {
    await freshClient();
    sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status, times: 2 });
    await expect(client.listListings()).resolves.toBeInstanceOf(Array);
    expect(hits(sb, 'GET /v1/listings')).toEqual({ [status]: 2, '200': 1 });
  });

  it('PUT on 503 and DELETE on a reset', async () => {
    await freshClient();
    const { uuid } = await client.createListing(listingRequest());
    sb.faults.add({ route: 'PUT /v1/listings/:uuid', kind: 'status', status: 503, times: 1 });
    await expect(client.updateListing(uuid, { title: 'Neu' })).resolves.toMatchObject({ title: 'Neu' });
    expect(hits(sb, 'PUT /v1/listings/:uuid')).toEqual({ '503': 1, '200': 1 });
    sb.faults.add({ route: 'DELETE /v1/listings/:uuid/media', kind: 'reset', times: 1 });
    const error = await failure(client.deleteMedia(uuid, ['http://example.com/media/x']));
    expect(error).toMatchObject({ problem: 'not-found', status: 404 });
    expect(hits(sb, 'DELETE /v1/listings/:uuid/media')).toEqual({ reset: 1, '404': 1 });
  });

  it('GET on a connection reset', async () => {
    await freshClient();
    sb.faults.add({ route: 'GET /v1/listings', kind: 'reset', times: 1 });
    await expect(client.listListings()).resolves.toBeInstanceOf(Array);
    expect(hits(sb, 'GET /v1/listings')).toEqual({ reset: 1, '200': 1 });
    expect(warnings[0]).toMatch(/^listListings: connection-reset; repeating in \d+ ms/);
  });

  it('GET on a timeout', async () => {
    await freshClient({ timeoutMs: 150 });
    sb.faults.add({ route: 'GET /v1/listings', kind: 'delay', ms: 600, times: 1 });
    await expect(client.listListings()).resolves.toBeInstanceOf(Array);
    expect(warnings[0]).toMatch(/^listListings: timeout; repeating/);
  });

  it('gives up after the limit with the last error', async () => {
    await freshClient({ retry: { ...FAST_RETRY, limit: 2 } });
    sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 503, times: 10 });
    const error = await failure(client.listListings());
    expect(error).toMatchObject({
      problem: 'server-error',
      status: 503,
      retryAfterMs: 1000,
      safeToRepeat: true,
    });
    // Only the 503s: the timeout test's abandoned request may finish (200) while the pace holds these.
    expect(hits(sb, 'GET /v1/listings')['503']).toBe(3);
  });

  it('4xx other than 429 is not repeated', async () => {
    await freshClient();
    await failure(client.getListing('no-such-listing'));
    expect(hits(sb, 'GET /v1/listings/:uuid')).toEqual({ '404': 1 });
  });
});

describe('a POST', () => {
  it('is repeated on 429: one listing', async () => {
    await freshClient();
    const before = counts(sb).listings;
    sb.faults.add({
      route: 'POST /v1/listings',
      kind: 'status',
      status: 429,
      retryAfterSeconds: 0,
      times: 1,
    });
    await client.createListing(listingRequest());
    expect(hits(sb, 'POST /v1/listings')).toEqual({ '429': 1, '200': 1 });
    expect(counts(sb).listings).toBe(before + 1);
  });

  it.each<[string, FaultRule, string, number]>([
    ['500', { route: 'POST /v1/listings', kind: 'status', status: 500 }, 'server-error', 0],
    ['503', { route: 'POST /v1/listings', kind: 'status', status: 503 }, 'server-error', 0],
    [
      '502 after processing',
      { route: 'POST /v1/listings', kind: 'status', status: 502, when: 'after' },
      'server-error',
      1,
    ],
    ['reset', { route: 'POST /v1/listings', kind: 'reset' }, 'connection-reset', 0],
    [
      'reset after processing',
      { route: 'POST /v1/listings', kind: 'reset', when: 'after' },
      'connection-reset',
      1,
    ],
  ])('is not repeated after %s: one request, no duplicate', async (_name, rule, problem, created) => {
    await freshClient();
    const before = counts(sb).listings;
    sb.faults.add({ ...rule, times: 1 });
    const error = await failure(client.createListing(listingRequest()));
    expect(error).toMatchObject({ operation: 'createListing', problem, safeToRepeat: false });
    const requests = Object.values(hits(sb, 'POST /v1/listings')).reduce((a, b) => a + b, 0);
    expect(requests).toBe(1);
    expect(counts(sb).listings).toBe(before + created);
    expect(warnings).toEqual([]);
    if (problem === 'connection-reset') expect(error.message).toMatch(/may or may not have been carried out/);
  });

  it('is not repeated after a timeout (the service may still carry it out)', async () => {
    await freshClient({ timeoutMs: 100 });
    const before = counts(sb).listings;
    sb.faults.add({ route: 'POST /v1/listings', kind: 'delay', ms: 300, times: 1 });
    const error = await failure(client.createListing(listingRequest()));
    expect(error).toMatchObject({ problem: 'timeout', safeToRepeat: false, systemCode: 'ETIMEDOUT' });
    expect(error.message).toBe(
      'The listings service did not answer within 0.1 s. The request may or may not have been carried out; check before repeating it.',
    );
    // The slow request completes on the service's side: exactly one listing, from one request.
    await vi.waitFor(() => expect(counts(sb).listings).toBe(before + 1));
    expect(hits(sb, 'POST /v1/listings')).toEqual({ '200': 1 });
  });

  it('is repeated when nothing could be sent (connection refused)', async () => {
    await freshClient({ baseUrl: `${await closedPortUrl()}/api` });
    const error = await failure(client.createListing(listingRequest()));
    expect(error).toMatchObject({ problem: 'unreachable', systemCode: 'ECONNREFUSED', safeToRepeat: true });
    expect(warnings).toHaveLength(3);
  });
});
