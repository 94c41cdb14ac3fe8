// Uploads to the signed PUT URL: exact bytes stored, byte progress, Content-Length and Content-Type,
// streaming of a large file, repeats done by the client (not got), refused URLs, cancel, bad file.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PNG, failure, hits, httpServer, uploadedBytes, useFixture } from './helpers';

const f = useFixture();
let png: string;

beforeAll(async () => {
  png = await f.dir.write('photo.png', PNG);
});
afterEach(() => f.sb.faults.clear());

describe('uploadFile', () => {
  it('stores the exact bytes and reports progress up to the file size', async () => {
    const ticket = await f.client.createMediaTicket('image/png');
    const progress: Array<[number, number]> = [];
    await f.client.uploadFile(ticket.signedPutUrl, png, {
      contentType: 'image/png',
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(progress.at(-1)).toEqual([PNG.length, PNG.length]);
    expect(await uploadedBytes(f.sb, ticket.ticketUuid)).toEqual(PNG);
  });

  it('sends Content-Length and Content-Type, not a chunked body', async () => {
    let headers: IncomingHttpHeaders = {};
    let received = 0;
    const server = await httpServer((request, response) => {
      headers = request.headers;
      request.on('data', (chunk: Buffer) => (received += chunk.length));
      request.on('end', () => response.writeHead(200).end());
    });
    try {
      await f.client.uploadFile(`${server.url}/storage/x?sig=1`, png, { contentType: 'image/png' });
    } finally {
      await server.close();
    }
    expect(headers).toMatchObject({ 'content-length': String(PNG.length), 'content-type': 'image/png' });
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(received).toBe(PNG.length);
  });

  it('streams a 30 MB file from disk in many small steps', async () => {
    const size = 30 * 1024 * 1024;
    const big = await f.dir.write('big.jpg', Buffer.alloc(size, 0xab));
    const ticket = await f.client.createMediaTicket('image/jpeg');
    const sent: number[] = [];
    await f.client.uploadFile(ticket.signedPutUrl, big, {
      contentType: 'image/jpeg',
      onProgress: (bytes) => sent.push(bytes),
    });
    expect(sent.at(-1)).toBe(size);
    expect(sent.length).toBeGreaterThan(10);
    // Buffering the whole file would show as one big step; streaming moves in chunks of a read buffer.
    const steps = sent.slice(1).map((bytes, i) => bytes - sent[i]!);
    expect(Math.max(...steps)).toBeLessThanOrEqual(1024 * 1024);
    const stored = join(f.sb.filesDir, 'uploads', ticket.ticketUuid);
    expect((await stat(stored)).size).toBe(size);
    expect(await sha256(stored)).toBe(await sha256(big));
  });

  it.each([
    ['a 503', { kind: 'status', status: 503, retryAfterSeconds: 0 } as const, '503'],
    ['a reset', { kind: 'reset' } as const, 'reset'],
  ])('repeats the PUT after %s by reopening the file', async (_name, fault, key) => {
    const ticket = await f.client.createMediaTicket('image/png');
    f.sb.resetStats();
    f.sb.faults.add({ route: 'PUT /storage/:ticket', times: 1, ...fault });
    const progress: number[] = [];
    await f.client.uploadFile(ticket.signedPutUrl, png, {
      contentType: 'image/png',
      onProgress: (bytes) => progress.push(bytes),
    });
    expect(hits(f.sb, 'PUT /storage/:ticket')).toEqual({ [key]: 1, '200': 1 });
    expect(progress.at(-1)).toBe(PNG.length);
    expect(await uploadedBytes(f.sb, ticket.ticketUuid)).toEqual(PNG);
  });

  it('a tampered signed URL is refused: ticket-expired, not repeated', async () => {
    const ticket = await f.client.createMediaTicket('image/png');
    const url = new URL(ticket.signedPutUrl);
    url.searchParams.set('sig', '0'.repeat(64));
    f.sb.resetStats();
    const error = await failure(f.client.uploadFile(url.toString(), png, { contentType: 'image/png' }));
    expect(error).toMatchObject({
      operation: 'uploadFile',
      problem: 'ticket-expired',
      status: 403,
      title: 'SignatureDoesNotMatch',
      detail: 'The request signature does not match.',
      safeToRepeat: false,
    });
    expect(error.message).toBe(
      'The file storage answered 403 Forbidden: The request signature does not match. The upload link has expired, was used already or is not valid; a new upload ticket is needed.',
    );
    expect(hits(f.sb, 'PUT /storage/:ticket')).toEqual({ '403': 1 });
  });

  it('the URL of a ticket already attached is refused', async () => {
    const { uuid } = await f.client.createListing({
      title: 'T',
      category: 'A/B',
      description: 'D',
      attributes: {},
      adType: 'OFFER',
      price: { type: 'FIXED', amount: 1 },
      email: 'a@b.c',
    });
    const ticket = await f.client.createMediaTicket('image/png');
    await f.client.uploadFile(ticket.signedPutUrl, png, { contentType: 'image/png' });
    await f.client.attachMedia(uuid, ticket.ticketUuid);
    const error = await failure(f.client.uploadFile(ticket.signedPutUrl, png, { contentType: 'image/png' }));
    expect(error).toMatchObject({ problem: 'ticket-expired', title: 'AccessDenied' });
  });

  it('can be cancelled with an AbortSignal', async () => {
    const ticket = await f.client.createMediaTicket('image/png');
    f.sb.faults.add({ route: 'PUT /storage/:ticket', kind: 'delay', ms: 2_000, times: 1 });
    const controller = new AbortController();
    // Cancelled once its bytes are on their way (the service then holds the request).
    const error = await failure(
      f.client.uploadFile(ticket.signedPutUrl, png, {
        contentType: 'image/png',
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    );
    expect(error).toMatchObject({ problem: 'aborted', message: 'The upload was cancelled.' });
  });

  it('a file that cannot be read fails before anything is sent', async () => {
    f.sb.resetStats();
    const error = await failure(
      f.client.uploadFile('http://127.0.0.1:9/never', join(f.dir.path, 'missing.png'), {
        contentType: 'image/png',
      }),
    );
    expect(error).toMatchObject({ problem: 'file-unreadable', systemCode: 'ENOENT', safeToRepeat: true });
    expect(error.message).toBe('The file to upload could not be read (no such file).');
  });
});

function sha256(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}
