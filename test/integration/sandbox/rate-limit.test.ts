// The sandbox's rate-limit knob (issue 36.3): per client, writes and reads per second with a burst
// (one call per 10 s here, so that no pace of the machine lets a token grow back in between);
// beyond it 429 with Retry-After in seconds and the full error object; the storage's PUT and the
// token service are not counted; the figures per client; the command line's flag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox';
import { parseCli } from '../../../src/sandbox/cli-args';
import { Api, start, upload, PNG } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start({ rateLimit: { writesPerSecond: 0.1, burst: 2 } });
});
afterAll(() => sb.close());

describe('rate-limit knob', () => {
  it('a burst of writes passes, the next is 429 with Retry-After; reads and uploads are not limited', async () => {
    const api = await Api.login(sb);
    const clientId = sb.clients[0]!.clientId;
    const first = await api.call('POST', '/v1/imprints', { body: { content: 'A' } });
    const ticket = await api.ticket();
    const third = await api.call('POST', '/v1/imprints', { body: { content: 'B' } });
    expect([first.status, third.status]).toEqual([200, 429]);
    expect(third.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(third.body).toMatchObject({
      status: 429,
      title: 'Too Many Requests',
      instance: '/api/v1/imprints',
    });
    expect((await api.call('GET', '/v1/listings')).status).toBe(200);
    expect((await upload(ticket.signedPutUrl, PNG)).status).toBe(200);
    expect(sb.rateLimitCounts(clientId)).toEqual({
      calls: 4,
      reads: 1,
      writes: 3,
      limited: 1,
      limitedReads: 0,
      limitedWrites: 1,
    });
    expect(sb.stats().requests['POST /v1/imprints']).toMatchObject({ '429': 1 });
    sb.setRateLimit({ readsPerSecond: 0.1, burst: 1 });
    expect((await api.call('GET', '/v1/listings')).status).toBe(200);
    expect((await api.call('GET', '/v1/listings')).status).toBe(429);
    expect((await api.call('POST', '/v1/imprints', { body: { content: 'C' } })).status).toBe(200);
    sb.setRateLimit({});
    sb.resetStats();
    expect(sb.rateLimitCounts()).toMatchObject({ calls: 0, limited: 0 });
  });

  it('the command line sets it', () => {
    expect(parseCli(['--rate-limit', 'writes=5,reads=20,burst=5'])).toMatchObject({
      options: { rateLimit: { writesPerSecond: 5, readsPerSecond: 20, burst: 5 } },
    });
    expect(() => parseCli(['--rate-limit', 'writes=fast'])).toThrow(/--rate-limit/);
  });
});
