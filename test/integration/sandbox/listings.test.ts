// Rows 2 to 5 of the Endpoints table, their errors, and per-client scoping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Listing, ListingList, UuidResponse } from '../../../src/shared/service';
import type { Sandbox } from '../../../src/sandbox';
import { Api, fullError, listingBody, start } from './helpers';

let sb: Sandbox;
let api: Api;
let other: Api;

beforeAll(async () => {
  sb = await start({
    clients: [
      { clientId: 'alice', clientSecret: 'a' },
      { clientId: 'bob', clientSecret: 'b' },
    ],
  });
  api = await Api.login(sb, sb.clients[0]);
  other = await Api.login(sb, sb.clients[1]);
});
afterAll(() => sb.close());

describe('row 2: POST /v1/listings', () => {
  it('creates a listing and returns {uuid}', async () => {
    const res = await api.call('POST', '/v1/listings', { body: listingBody() });
    expect(res.status).toBe(200);
    expect(UuidResponse.parse(res.body).uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('error: 400 Bad Request / Failed to read request for invalid data and for unreadable JSON', async () => {
    const invalid = [
      { ...listingBody(), title: undefined },
      { ...listingBody(), price: { type: 'FIXED' } },
      { ...listingBody(), price: { type: 'FIXED', amount: -1 } },
      { ...listingBody(), attributes: { condition: 3 } },
      { ...listingBody(), email: 'no-at-sign' },
      { ...listingBody(), category: 'a//b' },
    ];
    for (const body of invalid) {
      const res = await api.call('POST', '/v1/listings', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fullError(400, 'Bad Request', 'Failed to read request', '/api/v1/listings'));
    }
    const unreadable = await api.call('POST', '/v1/listings', { raw: '{"title": ' });
    expect(unreadable.body).toEqual(
      fullError(400, 'Bad Request', 'Failed to read request', '/api/v1/listings'),
    );
    const noBody = await api.call('POST', '/v1/listings', {
      headers: { 'content-type': 'text/plain' },
      raw: 'x',
    });
    expect(noBody.status).toBe(400);
  });
});

describe('row 3: GET /v1/listings', () => {
  it("returns all of the user's listings and none of another client's", async () => {
    const a = await api.listing({ customReference: 'a-1' });
    const b = await other.listing({ customReference: 'b-1' });
    const mine = ListingList.parse((await api.call('GET', '/v1/listings')).body);
    const theirs = ListingList.parse((await other.call('GET', '/v1/listings')).body);
    expect(mine.map((l) => l.uuid)).toContain(a);
    expect(mine.map((l) => l.uuid)).not.toContain(b);
    expect(theirs.map((l) => l.uuid)).toEqual([b]);
    expect(theirs[0]?.userId).toBe('bob');
  });
});

describe('row 4: GET /v1/listings/{uuid}', () => {
  it('returns the listing object with adPrice, userId and empty urls', async () => {
    const uuid = await api.listing();
    const res = await api.call('GET', `/v1/listings/${uuid}`);
    expect(res.status).toBe(200);
    const listing = Listing.parse(res.body);
    expect(listing).toEqual({
      uuid,
      category: 'Kinderwagen',
      title: 'Kinderwagen',
      description: 'Gut erhalten.',
      attributes: { condition: 'like_new', versand: 'ja' },
      adType: 'OFFER',
      adPrice: { type: 'FIXED', amount: 120.5 },
      userId: 'alice',
      email: 'seller@example.com',
      phoneNumber: null,
      customReference: 'draft-1',
      contactPerson: 'Erika Mustermann',
      buyNow: false,
      urls: [],
    });
  });

  it('error: 404 Not Found / Listing not found, also for another client', async () => {
    const uuid = await other.listing();
    for (const path of ['/v1/listings/00000000-0000-0000-0000-000000000000', `/v1/listings/${uuid}`]) {
      const res = await api.call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(fullError(404, 'Not Found', 'Listing not found', `/api${path}`));
    }
  });
});

describe('row 5: PUT /v1/listings/{uuid}', () => {
  it('updates the given fields and keeps the others (null = unchanged)', async () => {
    const uuid = await api.listing();
    const res = await api.call('PUT', `/v1/listings/${uuid}`, {
      body: {
        title: 'Buggy',
        price: { type: 'FIXED', amount: 99 },
        description: null,
        attributes: { art: 'x' },
      },
    });
    expect(res.status).toBe(200);
    const listing = Listing.parse(res.body);
    expect(listing).toMatchObject({ title: 'Buggy', adPrice: { amount: 99 }, description: 'Gut erhalten.' });
    expect(listing.attributes).toEqual({ art: 'x' });
    expect(Listing.parse((await api.call('GET', `/v1/listings/${uuid}`)).body).title).toBe('Buggy');
  });

  it("error: 404 Listing not found, also for another client's listing (which stays unchanged)", async () => {
    const uuid = await other.listing();
    const res = await api.call('PUT', `/v1/listings/${uuid}`, { body: { title: 'Hijacked' } });
    expect(res.body).toEqual(fullError(404, 'Not Found', 'Listing not found', `/api/v1/listings/${uuid}`));
    expect(Listing.parse((await other.call('GET', `/v1/listings/${uuid}`)).body).title).toBe('Kinderwagen');
  });

  it('400 Failed to read request for an unreadable body', async () => {
    const uuid = await api.listing();
    const res = await api.call('PUT', `/v1/listings/${uuid}`, { raw: 'nope' });
    expect(res.body).toEqual(
      fullError(400, 'Bad Request', 'Failed to read request', `/api/v1/listings/${uuid}`),
    );
  });
});

describe('stats and unknown routes', () => {
  it('counts listings per client and requests per route and status', async () => {
    const before = sb.stats();
    await api.listing();
    const after = sb.stats();
    expect(after.clients.alice!.listings).toBe(before.clients.alice!.listings + 1);
    expect(after.clients.bob!.listings).toBe(before.clients.bob!.listings);
    expect(after.requests['POST /v1/listings']!['200']).toBe(
      (before.requests['POST /v1/listings']!['200'] ?? 0) + 1,
    );
  });

  it('404 error object for an unknown path', async () => {
    const res = await api.call('GET', '/v1/nothing?x=1');
    expect(res.body).toMatchObject({ status: 404, title: 'Not Found', instance: '/api/v1/nothing' });
  });
});
