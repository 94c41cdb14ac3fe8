// The account's pace (issue 36.2) against the real sandbox over HTTP: a 429 on a write holds the
// account's writes (not its reads) for its Retry-After, a 503 with Retry-After holds both, one
// without holds nothing; each limit halves the account's concurrency and sets the lane's rate; two
// clients of one account share one pace. Order of events is asserted, never durations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox';
import { AccountPace } from '../../../src/main/service-client';
import { clientFor, hits, listingRequest, start } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe('the account pace', () => {
  it('a 429 on a write holds the writes for its Retry-After; reads go on meanwhile', async () => {
    const pace = new AccountPace({ startConcurrency: 8 });
    const client = clientFor(sb, { pace });
    const other = clientFor(sb, { pace });
    await client.fetchToken();
    await other.fetchToken();
    sb.resetStats();
    sb.faults.add({
      route: 'POST /v1/listings',
      kind: 'status',
      status: 429,
      retryAfterSeconds: 1,
      times: 1,
    });
    const order: string[] = [];
    const first = client.createListing(listingRequest()).then(() => order.push('write'));
    // Once the 429 came back, the writes are held: the other client's read passes before the write.
    await until(() => pace.view().writesUntil !== null);
    expect(pace.view()).toMatchObject({ readsUntil: null, concurrency: 4 });
    await other.listListings().then(() => order.push('read'));
    await first;
    expect(order).toEqual(['read', 'write']);
    expect(hits(sb, 'POST /v1/listings')).toEqual({ '429': 1, '200': 1 });
  });

  it('a 503 with Retry-After holds reads and writes; one without holds nothing', async () => {
    const pace = new AccountPace();
    const client = clientFor(sb, { pace });
    await client.fetchToken();
    sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 503, retryAfterSeconds: 1, times: 1 });
    const read = client.listListings();
    await until(() => pace.view().readsUntil !== null);
    expect(pace.view().writesUntil).not.toBeNull();
    await read;
    sb.faults.clear();
    sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 503, body: 'empty', times: 1 });
    const seen: (number | null)[] = [];
    const off = pace.onChange((view) => seen.push(view.readsUntil));
    // The fault's 503 carries Retry-After unless the rule says otherwise: this one is plain.
    await client.listListings();
    off();
    expect(seen.filter((at) => at !== null && at > Date.now() + 1500)).toEqual([]);
  });

  it('the sandbox knob: at 2 writes/s the pace keeps a client under the limit after the first 429s', async () => {
    sb.setRateLimit({ writesPerSecond: 2, burst: 2 });
    try {
      const pace = new AccountPace();
      const client = clientFor(sb, { pace });
      await client.fetchToken();
      const before = sb.rateLimitCounts(sb.clients[0]!.clientId);
      await Promise.all(Array.from({ length: 12 }, () => client.createListing(listingRequest())));
      const after = sb.rateLimitCounts(sb.clients[0]!.clientId);
      expect(after.writes - after.limitedWrites - (before.writes - before.limitedWrites)).toBe(12);
      expect(after.limitedWrites - before.limitedWrites).toBeGreaterThan(0);
      expect(after.limitedWrites - before.limitedWrites).toBeLessThanOrEqual(4);
      expect(pace.view().writeRate).not.toBeNull();
    } finally {
      sb.setRateLimit({});
    }
  });
});

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}
