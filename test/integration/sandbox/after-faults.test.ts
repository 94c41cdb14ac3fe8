// Faults that process the request and then lose the answer, on every POST route of the listings
// service: the change happened (counted by the service), while the client sees a 5xx or a reset.
// And the quirk of the publications read: a bare array, an object holding the array, or no such read.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaultRule, RouteKey, Sandbox } from '../../../src/sandbox';
import { DEFAULT_QUIRKS, parseFaultSpec } from '../../../src/sandbox';
import { parseCli } from '../../../src/sandbox/cli-args';
import { UuidResponse } from '../../../src/shared/service';
import { Api, PNG, listingBody, publicationBody, start, upload } from './helpers';

let sb: Sandbox;
let api: Api;

beforeAll(async () => {
  sb = await start();
  api = await Api.login(sb);
});
afterEach(() => {
  sb.faults.clear();
  sb.setQuirks(DEFAULT_QUIRKS);
});
afterAll(() => sb.close());

const counts = () => sb.stats().clients[sb.clients[0]!.clientId]!;

/** Each POST route: the call, and the count that grows when it took effect. */
const POSTS: { route: RouteKey; send: () => Promise<unknown>; count: () => number }[] = [
  {
    route: 'POST /v1/listings',
    send: () => api.call('POST', '/v1/listings', { body: listingBody() }),
    count: () => counts().listings,
  },
  {
    route: 'POST /v1/media',
    send: () => api.call('POST', '/v1/media', { body: { mediaType: 'image/png' } }),
    count: () => counts().tickets,
  },
  {
    route: 'POST /v1/listings/:uuid/media',
    send: async () => {
      const listing = await api.listing();
      const ticket = await api.ticket();
      await upload(ticket.signedPutUrl, PNG);
      return api.call('POST', `/v1/listings/${listing}/media`, { body: { ticketUuid: ticket.ticketUuid } });
    },
    count: () => counts().media,
  },
  {
    route: 'POST /v1/listings/:uuid/publications',
    send: async () => {
      const listing = await api.listing();
      const imprint = await api.imprint();
      return api.call('POST', `/v1/listings/${listing}/publications`, { body: publicationBody(imprint) });
    },
    count: () => counts().publications,
  },
  {
    route: 'POST /v1/imprints',
    send: () => api.call('POST', '/v1/imprints', { body: { content: 'Muster GmbH' } }),
    count: () => counts().imprints,
  },
];

describe('after-processing faults on every POST route', () => {
  for (const { route, send, count } of POSTS) {
    for (const status of [500, 502, 503, 504]) {
      it(`${route}: does the work, then answers ${status}`, async () => {
        const before = count();
        sb.faults.add({ route, kind: 'status', status, when: 'after', times: 1 });
        const res = (await send()) as { status: number };
        expect(res.status).toBe(status);
        expect(count()).toBe(before + 1);
      });
    }
    it(`${route}: does the work, then resets the connection`, async () => {
      const before = count();
      sb.faults.add({ route, kind: 'reset', when: 'after', times: 1 });
      await expect(send()).rejects.toThrow();
      expect(count()).toBe(before + 1);
    });
  }

  it('the --fault syntax says the same', () => {
    const rules: FaultRule[] = [
      parseFaultSpec('POST /v1/listings/:uuid/publications:503:after:times=1'),
      parseFaultSpec('POST /v1/media:reset:after'),
    ];
    expect(rules).toEqual([
      { route: 'POST /v1/listings/:uuid/publications', kind: 'status', status: 503, when: 'after', times: 1 },
      { route: 'POST /v1/media', kind: 'reset', when: 'after' },
    ]);
  });
});

describe('the publications read (quirk publicationsRead)', () => {
  async function listingWithPublication(): Promise<{ listing: string; publication: string }> {
    const listing = await api.listing();
    const imprint = await api.imprint();
    const res = await api.call('POST', `/v1/listings/${listing}/publications`, {
      body: publicationBody(imprint),
    });
    return { listing, publication: UuidResponse.parse(res.body).uuid };
  }

  it('array (default): the listing’s publications as a bare array', async () => {
    const { listing, publication } = await listingWithPublication();
    const res = await api.call('GET', `/v1/listings/${listing}/publications`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ uuid: publication, requestedState: 'PUBLISHED' })]);
  });

  it('object: the same array under "publications"', async () => {
    sb.setQuirks({ publicationsRead: 'object' });
    const { listing, publication } = await listingWithPublication();
    const res = await api.call('GET', `/v1/listings/${listing}/publications`);
    expect(res.body).toEqual({ publications: [expect.objectContaining({ uuid: publication })] });
  });

  it('off: a 404 as for an unknown route, on a listing that exists', async () => {
    sb.setQuirks({ publicationsRead: 'off' });
    const { listing } = await listingWithPublication();
    const res = await api.call('GET', `/v1/listings/${listing}/publications`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'No endpoint for this method and path.' });
    expect((await api.call('GET', `/v1/listings/${listing}`)).status).toBe(200);
  });

  it('is set from the command line, and a bad value is refused', () => {
    expect(parseCli(['--publications-read', 'off'])).toMatchObject({
      options: { quirks: { publicationsRead: 'off' } },
    });
    expect(() => parseCli(['--publications-read', 'list'])).toThrow(/publications-read/);
    expect(() => sb.setQuirks({ publicationsRead: 'maybe' as never })).toThrow(/publicationsRead/);
  });
});
