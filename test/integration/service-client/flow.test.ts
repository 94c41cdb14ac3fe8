// The spec's whole order of calls through the client, against the sandbox over real HTTP: imprint ->
// listing -> tickets -> uploads -> attach -> order -> delete media -> publication -> PUBLISHED ->
// update listing -> update publication; plus the connection test, and what goes over the wire: the
// Authorization forms, JSON bodies, the optional true-client-ip header, repeated `urls` parameters.
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLISHED } from '../../../src/shared/service';
import type { Publication } from '../../../src/shared/service';
import { createServiceClient, testConnection } from '../../../src/main/service-client';
import type { ServiceClientOptions } from '../../../src/main/service-client';
import {
  FAST_RETRY,
  JPEG,
  PNG,
  counts,
  hits,
  httpServer,
  listingRequest,
  mediaBytes,
  publicationRequest,
  useFixture,
} from './helpers';
import type { LocalServer } from './helpers';

const f = useFixture();

/** Polls the publication until its actualState equals its requestedState. */
function settled(listingUuid: string, publicationUuid: string): Promise<Publication> {
  return vi.waitFor(
    async () => {
      const publication = await f.client.getPublication(listingUuid, publicationUuid);
      expect(publication.actualState, 'publication did not settle').toBe(publication.requestedState);
      return publication;
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('the whole order of calls', () => {
  it('publishes a listing with two images and updates it', async () => {
    expect(await testConnection(f.client)).toEqual({ listingCount: 0 });

    const imprint = await f.client.createImprint('Muster GmbH, Musterstr. 1, 12345 Musterstadt');
    const { uuid } = await f.client.createListing(listingRequest());
    expect(await f.client.getListing(uuid)).toMatchObject({
      uuid,
      title: 'Kinderwagen',
      adPrice: { type: 'FIXED', amount: 120.5 },
      urls: [],
    });

    const files = [
      { path: await f.dir.write('photo.png', PNG), type: 'image/png', bytes: PNG },
      { path: await f.dir.write('photo.jpg', JPEG), type: 'image/jpeg', bytes: JPEG },
    ];
    let urls: string[] = [];
    for (const file of files) {
      const ticket = await f.client.createMediaTicket(file.type);
      expect(Date.parse(ticket.expireAt)).toBeGreaterThan(Date.now());
      const progress: Array<[number, number]> = [];
      const result = await f.client.uploadFile(ticket.signedPutUrl, file.path, {
        contentType: file.type,
        onProgress: (sent, total) => progress.push([sent, total]),
      });
      expect(result).toEqual({ bytes: file.bytes.length });
      expect(progress.at(-1)).toEqual([file.bytes.length, file.bytes.length]);
      urls = (await f.client.attachMedia(uuid, ticket.ticketUuid)).urls;
    }
    expect(urls).toHaveLength(2);
    // The service stored the exact bytes of each file.
    expect(await mediaBytes(urls[0]!)).toEqual(PNG);
    expect(await mediaBytes(urls[1]!)).toEqual(JPEG);

    const reversed = [...urls].reverse();
    expect((await f.client.orderMedia(uuid, reversed)).urls).toEqual(reversed);
    const afterDelete = await f.client.deleteMedia(uuid, [reversed[1]!]);
    expect(afterDelete?.urls).toEqual([reversed[0]]);

    const publication = await f.client.createPublication(uuid, publicationRequest(imprint.uuid), {
      trueClientIp: '203.0.113.7',
    });
    const published = await settled(uuid, publication.uuid);
    expect(published).toMatchObject({
      uuid: publication.uuid,
      requestedState: PUBLISHED,
      actualState: PUBLISHED,
    });
    expect(typeof published.adId).toBe('number');

    const updated = await f.client.updateListing(uuid, { title: 'Kinderwagen, wie neu', price: null });
    expect(updated?.title).toBe('Kinderwagen, wie neu');
    expect(updated?.adPrice).toEqual({ type: 'FIXED', amount: 120.5 });
    await expect(
      f.client.updatePublication(uuid, publication.uuid, { city: 'Potsdam' }),
    ).resolves.toBeUndefined();
    expect(await settled(uuid, publication.uuid)).toMatchObject({ actualState: PUBLISHED, city: 'Potsdam' });

    const listings = await f.client.listListings();
    expect(listings.map((l) => l.uuid)).toEqual([uuid]);
    expect(listings[0]).toMatchObject({ title: 'Kinderwagen, wie neu', urls: [reversed[0]] });
    expect(await testConnection(f.client)).toEqual({ listingCount: 1 });
    expect(counts(f.sb)).toMatchObject({ listings: 1, media: 1, publications: 1, imprints: 1, tickets: 2 });
    // One token served the whole run (the connection tests asked for fresh ones on purpose).
    expect(f.sb.stats().tokens).toBe(2);
    expect(hits(f.sb, 'GET /v1/listings')).toEqual({ '200': 3 });
  });

  it('sends several media URLs to delete as repeated urls parameters', async () => {
    const { uuid } = await f.client.createListing(listingRequest({ customReference: 'draft-2' }));
    const file = await f.dir.write('a.png', PNG);
    for (let i = 0; i < 3; i += 1) {
      const ticket = await f.client.createMediaTicket('image/png');
      await f.client.uploadFile(ticket.signedPutUrl, file, { contentType: 'image/png' });
      await f.client.attachMedia(uuid, ticket.ticketUuid);
    }
    const { urls } = await f.client.getListing(uuid);
    const left = await f.client.deleteMedia(uuid, [urls[0]!, urls[2]!]);
    expect(left?.urls).toEqual([urls[1]]);
  });

  it('fetchToken returns the lifetime the token service gave', async () => {
    expect(await f.client.fetchToken()).toEqual({ expiresIn: 3600 });
  });
});

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('requests on the wire (recorded by a plain local server standing in for both services)', () => {
  let server: LocalServer;
  let recorded: Recorded[] = [];

  beforeAll(async () => {
    server = await httpServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        recorded.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body,
        });
        const token = request.url === '/auth/oidc/token';
        const payload = token
          ? { access_token: 'header.payload.signature', token_type: 'bearer', expires_in: 60 }
          : { uuid: 'u-1' };
        response
          .writeHead(token ? 200 : 201, { 'content-type': 'application/json' })
          .end(JSON.stringify(payload));
      });
    });
  });
  beforeEach(() => {
    recorded = [];
  });
  afterAll(() => server.close());

  const client = (overrides: Partial<ServiceClientOptions> = {}) =>
    createServiceClient({
      authUrl: `${server.url}/auth/`,
      baseUrl: `${server.url}/api/`,
      clientId: 'app',
      authScheme: 'bearer',
      getSecret: async () => 'secret',
      retry: FAST_RETRY,
      ...overrides,
    });

  it('token: a form POST; call: JSON body, Bearer token, true-client-ip when given', async () => {
    const body = publicationRequest('imprint-1');
    await client().createPublication('l 1', body, { trueClientIp: '203.0.113.7' });
    const [token, call] = recorded;
    expect(token).toMatchObject({ method: 'POST', url: '/auth/oidc/token' });
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call).toMatchObject({ method: 'POST', url: '/api/v1/listings/l%201/publications' });
    expect(call!.headers).toMatchObject({
      authorization: 'Bearer header.payload.signature',
      'content-type': 'application/json',
      'true-client-ip': '203.0.113.7',
    });
    expect(JSON.parse(call!.body)).toEqual(body);
  });

  it('the bare scheme sends the token alone; no true-client-ip unless given', async () => {
    await client({ authScheme: 'bare' }).createListing(listingRequest());
    expect(recorded[1]!.headers.authorization).toBe('header.payload.signature');
    expect(recorded[1]!.headers['true-client-ip']).toBeUndefined();
  });

  it('deleteMedia sends one urls parameter per URL, encoded', async () => {
    const urls = ['http://cdn.example/media/a', 'http://cdn.example/media/b?x=1&y=2'];
    await client().deleteMedia('l1', urls);
    const url = new URL(recorded[1]!.url, server.url);
    expect(recorded[1]!.method).toBe('DELETE');
    expect(url.pathname).toBe('/api/v1/listings/l1/media');
    expect(url.searchParams.getAll('urls')).toEqual(urls);
  });
});
