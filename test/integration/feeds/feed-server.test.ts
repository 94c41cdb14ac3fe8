// The tests' feed server itself (helpers/feed-server.ts): versions with ETag and Last-Modified,
// gzip when asked, 304 to a matching conditional request, and a record of each request's
// conditional headers. Plain node https requests that trust its throwaway certificate.
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagMatches, startFeedServer, type FeedServer } from './helpers/feed-server';

let dir: string;
let server: FeedServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'feed-server-'));
  server = await startFeedServer(dir);
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(p: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(server.url(p), { ca: server.ca, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the feed server of the tests', () => {
  it('serves a version with its ETag and Last-Modified, and answers 304 to either validator', async () => {
    server.serve('/a/google.xml', '<rss>one</rss>');
    const first = await get('/a/google.xml');
    expect(first.status).toBe(200);
    expect(first.body.toString()).toBe('<rss>one</rss>');
    expect(first.headers['content-type']).toBe('text/xml; charset=UTF-8');
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();

    expect((await get('/a/google.xml', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/a/google.xml', { 'if-modified-since': lastModified })).status).toBe(304);
    // If-None-Match wins: an old tag gets the body even with a fresh date.
    const stale = await get('/a/google.xml', { 'if-none-match': '"old"', 'if-modified-since': lastModified });
    expect(stale.status).toBe(200);

    // The same bytes again are no new version; other bytes are, a second later at least.
    server.serve('/a/google.xml', '<rss>one</rss>');
    expect((await get('/a/google.xml', { 'if-none-match': etag })).status).toBe(304);
    server.serve('/a/google.xml', '<rss>two</rss>');
    const second = await get('/a/google.xml', { 'if-none-match': etag, 'if-modified-since': lastModified });
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe('<rss>two</rss>');
    expect(second.headers.etag).not.toBe(etag);
    expect(Date.parse(second.headers['last-modified'] as string)).toBeGreaterThan(Date.parse(lastModified));
    expect((await get('/a/google.xml', { 'if-modified-since': lastModified })).status).toBe(200);

    expect(server.requests('/a/google.xml').map((r) => [r.status, r.ifNoneMatch, r.ifModifiedSince])).toEqual(
      [
        [200, undefined, undefined],
        [304, etag, undefined],
        [304, undefined, lastModified],
        [200, '"old"', lastModified],
        [304, etag, undefined],
        [200, etag, lastModified],
        [200, undefined, lastModified],
      ],
    );
  });

  it('sends Last-Modified alone where asked (as Shopware does), and 304s on it', async () => {
    server.serve('/b/idealo.csv', '"sku"\n"A"\n', { etag: false });
    const first = await get('/b/idealo.csv');
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['content-type']).toBe('text/csv; charset=UTF-8');
    const since = first.headers['last-modified'] as string;
    expect((await get('/b/idealo.csv', { 'if-modified-since': since })).status).toBe(304);
    // A tag the server never gave matches nothing.
    expect((await get('/b/idealo.csv', { 'if-none-match': '"x"' })).status).toBe(200);
  });

  it('gzips when the client accepts it, and not otherwise', async () => {
    const text = 'id\ttitle\n'.repeat(200);
    server.serve('/c/google.tsv', text);
    const zipped = await get('/c/google.tsv', { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(text);
    const plain = await get('/c/google.tsv', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(text);
    expect(server.requests('/c/google.tsv').map((r) => r.gzip)).toEqual([true, false]);
    server.serve('/c/never.csv', text, { gzip: false });
    expect(
      (await get('/c/never.csv', { 'accept-encoding': 'gzip' })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('serves photos as JPEGs with an ETag, a name with %2C as it is asked for, and 404 for the rest', async () => {
    const photo = await get('/media/lampe%2Cdetail.jpg');
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const again = await get('/media/lampe%2Cdetail.jpg', { 'if-none-match': photo.headers.etag as string });
    expect(again.status).toBe(304);
    expect((await get('/media/other.jpg')).body).not.toEqual(photo.body);
    expect((await get('/store-api/product-export/wrong-key/google.xml')).status).toBe(404);
    server.remove('/a/google.xml');
    expect((await get('/a/google.xml')).status).toBe(404);
    expect(server.requests('/media/lampe%2Cdetail.jpg')).toHaveLength(2);
  });

  it('matches entity tags as a cache does', () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"x"')).toBe(true);
    expect(etagMatches('"a"', '"b"')).toBe(false);
  });
});
