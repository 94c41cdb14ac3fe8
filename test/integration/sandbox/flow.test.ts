// The spec's intended order of calls, end to end, and the counts that prove "no duplicates".
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Listing, Publication, UuidResponse } from '../../../src/shared/service';
import type { Sandbox } from '../../../src/sandbox';
import { Api, PNG, listingBody, publicationBody, start, upload } from './helpers';

let sb: Sandbox;

beforeAll(async () => {
  sb = await start({ validationDelayMs: 100 });
});
afterAll(() => sb.close());

describe('intended order of calls', () => {
  it('imprint, listing, ticket, upload, attach, order, publication, read until PUBLISHED', async () => {
    const api = await Api.login(sb);
    const imprint = UuidResponse.parse(
      (await api.call('POST', '/v1/imprints', { body: { content: 'I' } })).body,
    );
    const listing = UuidResponse.parse(
      (await api.call('POST', '/v1/listings', { body: listingBody() })).body,
    );
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ticket = await api.ticket(i === 0 ? 'image/jpeg' : 'image/png');
      expect((await upload(ticket.signedPutUrl, PNG)).status).toBe(200);
      const attached = await api.call('POST', `/v1/listings/${listing.uuid}/media`, {
        body: { ticketUuid: ticket.ticketUuid },
      });
      urls.push(Listing.parse(attached.body).urls.at(-1)!);
    }
    const order = [urls[1]!, urls[2]!, urls[0]!];
    const ordered = await api.call('PUT', `/v1/listings/${listing.uuid}/media/order`, {
      body: { urls: order },
    });
    expect(Listing.parse(ordered.body).urls).toEqual(order);
    const created = await api.call('POST', `/v1/listings/${listing.uuid}/publications`, {
      body: publicationBody(imprint.uuid),
    });
    expect(created.status).toBe(201);
    const pub = UuidResponse.parse(created.body).uuid;
    await vi.waitFor(
      async () => {
        const res = await api.call('GET', `/v1/listings/${listing.uuid}/publications/${pub}`);
        expect(Publication.parse(res.body).actualState).toBe('PUBLISHED');
      },
      { timeout: 10_000, interval: 20 },
    );
    const read = Listing.parse((await api.call('GET', `/v1/listings/${listing.uuid}`)).body);
    expect(read.urls).toEqual(order);
    const jpeg = await fetch(order[2]!);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');

    const stats = sb.stats();
    expect(stats.clients[sb.clients[0]!.clientId]).toEqual({
      listings: 1,
      media: 3,
      publications: 1,
      imprints: 1,
      tickets: 3,
    });
    expect(stats.requests['POST /v1/listings']).toEqual({ '200': 1 });
    expect(stats.requests['PUT /storage/:ticket']).toEqual({ '200': 3 });
    expect(stats.requests['POST /v1/listings/:uuid/publications']).toEqual({ '201': 1 });
    expect(stats.tokens).toBe(1);
  });
});
