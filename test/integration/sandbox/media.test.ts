// Rows 1, 6, 7 and 8 of the Endpoints table, their errors, the storage behind signedPutUrl and the
// media host behind the listing URLs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Listing, MediaUploadTicket } from '../../../src/shared/service';
import type { Sandbox } from '../../../src/sandbox';
import { Api, PNG, fullError, read, start, upload } from './helpers';

let sb: Sandbox;
let api: Api;
let other: Api;

beforeAll(async () => {
  sb = await start({
    clients: [
      { clientId: 'alice', clientSecret: 'a' },
      { clientId: 'bob', clientSecret: 'b' },
    ],
    maxMediaBytes: 1000,
  });
  api = await Api.login(sb, sb.clients[0]);
  other = await Api.login(sb, sb.clients[1]);
});
afterAll(() => sb.close());

describe('row 1: POST /v1/media', () => {
  it('returns an upload ticket with a signed PUT URL and an ISO expiry', async () => {
    const before = Date.now();
    const res = await api.call('POST', '/v1/media', { body: { mediaType: 'image/jpeg' } });
    expect(res.status).toBe(200);
    const ticket = MediaUploadTicket.parse(res.body);
    expect(ticket.signedPutUrl).toMatch(
      new RegExp(`/storage/${ticket.ticketUuid}\\?expires=\\d+&sig=[0-9a-f]{64}$`),
    );
    expect(ticket.expireAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(ticket.expireAt) - before).toBeGreaterThan(899_000);
  });

  it('error: 400 Bad Request / Failed to read request for an unreadable body', async () => {
    for (const options of [{ raw: '{' }, { body: {} }, { body: { mediaType: 7 } }]) {
      const res = await api.call('POST', '/v1/media', options);
      expect(res.body).toEqual(fullError(400, 'Bad Request', 'Failed to read request', '/api/v1/media'));
    }
  });

  it('error: 415 Unsupported Media Type listing image/jpeg and image/png', async () => {
    const res = await api.call('POST', '/v1/media', { body: { mediaType: 'image/gif' } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ type: 'about:blank', title: 'Unsupported Media Type', status: 415 });
    expect(res.body).toMatchObject({ instance: '/api/v1/media', properties: null, localizedMessage: '' });
    const detail = (res.body as { detail: string }).detail;
    expect(detail).toContain('image/jpeg');
    expect(detail).toContain('image/png');
  });
});

describe('storage behind signedPutUrl', () => {
  it('keeps the uploaded bytes, served at <prefix>/<media_uuid> with the content type', async () => {
    const uuid = await api.listing();
    const listing = await api.addImage(uuid, PNG);
    const [url] = listing.urls;
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/media/[0-9a-f-]{36}$`));
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
  });

  it('accepts any content type and replaces the file on a second PUT before attach', async () => {
    const uuid = await api.listing();
    const ticket = await api.ticket();
    expect((await upload(ticket.signedPutUrl, new Uint8Array(5000), 'application/octet-stream')).status).toBe(
      200,
    );
    expect((await upload(ticket.signedPutUrl, PNG, 'text/plain')).status).toBe(200);
    const res = await api.call('POST', `/v1/listings/${uuid}/media`, {
      body: { ticketUuid: ticket.ticketUuid },
    });
    expect(res.status).toBe(200);
    const body = await (await fetch(Listing.parse(res.body).urls[0]!)).arrayBuffer();
    expect(body.byteLength).toBe(PNG.length);
  });

  it('403 with an XML body for a tampered URL', async () => {
    const ticket = await api.ticket();
    const url = new URL(ticket.signedPutUrl);
    const tampered = [
      url.href.replace(/sig=[0-9a-f]/, (m) => (m.endsWith('0') ? 'sig=1' : 'sig=0')),
      url.href.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`),
      url.href.replace(ticket.ticketUuid, (await api.ticket()).ticketUuid),
      `${url.origin}${url.pathname}`,
    ];
    for (const href of tampered) {
      const res = await upload(href, PNG);
      expect(res.status).toBe(403);
      expect(res.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
  });

  it('403 for an expired URL, and the expired ticket cannot be attached (404)', async () => {
    sb.configure({ ticketTtlSeconds: 0.3 });
    try {
      const uuid = await api.listing();
      const early = await api.ticket();
      expect((await upload(early.signedPutUrl, PNG)).status).toBe(200);
      const late = await api.ticket();
      // Sent again until the URL has expired (an upload before that is taken, and changes nothing here).
      const res = await vi.waitFor(
        async () => {
          const answer = await upload(late.signedPutUrl, PNG);
          expect(answer.status).toBe(403);
          return answer;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(res.text).toContain('<Code>AccessDenied</Code>');
      const attach = await api.call('POST', `/v1/listings/${uuid}/media`, {
        body: { ticketUuid: early.ticketUuid },
      });
      expect(attach.body).toEqual(
        fullError(404, 'Not Found', 'Ticket not found/expired.', `/api/v1/listings/${uuid}/media`),
      );
    } finally {
      sb.configure({ ticketTtlSeconds: 900 });
    }
  });
});

describe('row 6: POST /v1/listings/{uuid}/media', () => {
  it('attaches the uploaded ticket and returns the listing with the media in urls', async () => {
    const uuid = await api.listing();
    const first = await api.addImage(uuid);
    const second = await api.addImage(uuid);
    expect(first.urls).toHaveLength(1);
    expect(second.urls.slice(0, 1)).toEqual(first.urls);
    expect(second.urls).toHaveLength(2);
    expect(sb.stats().clients.alice!.media).toBeGreaterThanOrEqual(2);
  });

  it('error: 404 Ticket not found/expired. for a used, unknown, foreign or never-uploaded ticket', async () => {
    const uuid = await api.listing();
    const used = await api.ticket();
    await upload(used.signedPutUrl, PNG);
    const path = `/v1/listings/${uuid}/media`;
    expect((await api.call('POST', path, { body: { ticketUuid: used.ticketUuid } })).status).toBe(200);
    const foreign = await other.ticket();
    await upload(foreign.signedPutUrl, PNG);
    const empty = await api.ticket();
    for (const ticketUuid of [used.ticketUuid, 'unknown', foreign.ticketUuid, empty.ticketUuid]) {
      const res = await api.call('POST', path, { body: { ticketUuid } });
      expect(res.body).toEqual(fullError(404, 'Not Found', 'Ticket not found/expired.', `/api${path}`));
    }
    // Single use: a PUT to the used ticket's URL is refused too.
    expect((await upload(used.signedPutUrl, PNG)).status).toBe(403);
    expect(Listing.parse((await api.call('GET', `/v1/listings/${uuid}`)).body).urls).toHaveLength(1);
  });

  it('error: 413 PAYLOAD_TOO_LARGE / Media is too large. when the stored file exceeds the maximum', async () => {
    const uuid = await api.listing();
    const ticket = await api.ticket();
    await upload(ticket.signedPutUrl, new Uint8Array(1001));
    const path = `/v1/listings/${uuid}/media`;
    const res = await api.call('POST', path, { body: { ticketUuid: ticket.ticketUuid } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(fullError(413, 'PAYLOAD_TOO_LARGE', 'Media is too large.', `/api${path}`));
  });

  it('404 Listing not found for an unknown listing', async () => {
    const ticket = await api.ticket();
    await upload(ticket.signedPutUrl, PNG);
    const res = await api.call('POST', '/v1/listings/nope/media', {
      body: { ticketUuid: ticket.ticketUuid },
    });
    expect(res.body).toMatchObject({ status: 404, detail: 'Listing not found' });
  });
});

describe('row 7: PUT /v1/listings/{uuid}/media/order', () => {
  it('reorders by a permutation of the listing URLs', async () => {
    const uuid = await api.listing();
    await api.addImage(uuid);
    await api.addImage(uuid);
    const { urls } = await api.addImage(uuid);
    const wanted = [urls[2]!, urls[0]!, urls[1]!];
    const res = await api.call('PUT', `/v1/listings/${uuid}/media/order`, { body: { urls: wanted } });
    expect(res.status).toBe(200);
    expect(Listing.parse(res.body).urls).toEqual(wanted);
    expect(Listing.parse((await api.call('GET', `/v1/listings/${uuid}`)).body).urls).toEqual(wanted);
  });

  it('error: 400 Bad Request / Invalid ordering for anything but a permutation', async () => {
    const uuid = await api.listing();
    await api.addImage(uuid);
    const { urls } = await api.addImage(uuid);
    const path = `/v1/listings/${uuid}/media/order`;
    const bad = [
      { body: { urls: [urls[0]] } },
      { body: { urls: [urls[0], urls[0]] } },
      { body: { urls: [...urls, 'http://elsewhere/media/x'] } },
      { body: { urls: [urls[0], 'http://elsewhere/media/x'] } },
      { body: { urls: 'nope' } },
      { raw: '[' },
    ];
    for (const options of bad) {
      const res = await api.call('PUT', path, options);
      expect(res.body).toEqual(fullError(400, 'Bad Request', 'Invalid ordering', `/api${path}`));
    }
  });
});

describe('row 8: DELETE /v1/listings/{uuid}/media?urls=', () => {
  it('removes one URL, then repeated and comma-separated values; the image is gone', async () => {
    const uuid = await api.listing();
    for (let i = 0; i < 4; i++) await api.addImage(uuid);
    const { urls } = Listing.parse((await api.call('GET', `/v1/listings/${uuid}`)).body);
    const [a, b, c, d] = urls as [string, string, string, string];
    const path = `/v1/listings/${uuid}/media`;
    let res = await api.call('DELETE', `${path}?urls=${encodeURIComponent(a)}`);
    expect(res.status).toBe(200);
    expect(Listing.parse(res.body).urls).toEqual([b, c, d]);
    expect((await fetch(a)).status).toBe(404);
    res = await api.call('DELETE', `${path}?urls=${encodeURIComponent(b)}&urls=${encodeURIComponent(c)}`);
    expect(Listing.parse(res.body).urls).toEqual([d]);
    await api.addImage(uuid);
    const rest = Listing.parse((await api.call('GET', `/v1/listings/${uuid}`)).body).urls;
    res = await api.call('DELETE', `${path}?urls=${encodeURIComponent(rest.join(','))}`);
    expect(Listing.parse(res.body).urls).toEqual([]);
  });

  it('error: 404 Not Found / Could not remove media. for URLs not on the listing (nothing removed)', async () => {
    const uuid = await api.listing();
    const { urls } = await api.addImage(uuid);
    const path = `/v1/listings/${uuid}/media`;
    for (const query of [`urls=${encodeURIComponent('http://x/media/1')}`, `urls=${urls[0]}&urls=nope`]) {
      const res = await api.call('DELETE', `${path}?${query}`);
      expect(res.body).toEqual(fullError(404, 'Not Found', 'Could not remove media.', `/api${path}`));
    }
    expect(Listing.parse((await api.call('GET', `/v1/listings/${uuid}`)).body).urls).toEqual(urls);
    const missing = await api.call('DELETE', path);
    expect(missing.status).toBe(400);
  });

  it("another client's listing is 404 and keeps its media", async () => {
    const uuid = await other.listing();
    const { urls } = await other.addImage(uuid);
    const res = await api.call('DELETE', `/v1/listings/${uuid}/media?urls=${encodeURIComponent(urls[0]!)}`);
    expect(res.status).toBe(404);
    expect((await fetch(urls[0]!)).status).toBe(200);
  });
});

describe('media host', () => {
  it('404 for an unknown media uuid', async () => {
    const res = await read(await fetch(`${new URL(sb.baseUrl).origin}/media/unknown`));
    expect(res.status).toBe(404);
  });
});
