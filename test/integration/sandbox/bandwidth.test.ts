// The modelled line (--bandwidth): bodies cross it at the set rate, intact, in both directions.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox';
import { parseCli } from '../../../src/sandbox/cli-args';
import { Api, start, upload } from './helpers';

const MB = 1024 * 1024;
// 20 Mbit/s makes 5 MB last about two seconds: long beside the scheduling noise of a busy machine.
const MBIT = 20;

let sb: Sandbox;
let api: Api;

beforeAll(async () => {
  sb = await start({ bandwidthMbit: MBIT, maxMediaBytes: 8 * MB });
  api = await Api.login(sb);
});

afterAll(async () => {
  await sb.close();
});

describe('--bandwidth', () => {
  // Only the floor is asserted: a busy machine can only make the upload slower, never faster than the
  // line, so this cannot flake; how close to the rate it comes is a figure for bench/shop/join.ts.
  it('holds a 5 MB storage PUT to the set rate (it takes at least its bytes ÷ bandwidth)', async () => {
    const body = randomBytes(5 * MB);
    const ticket = await api.ticket('image/jpeg');
    const before = sb.traffic().received;
    // Timed on the client: from sending the first byte to the answer, as a seller would see it.
    const started = performance.now();
    const res = await upload(ticket.signedPutUrl, body, 'image/jpeg');
    const seconds = (performance.now() - started) / 1000;
    expect(res.status).toBe(200);
    expect(sb.traffic().received - before).toBe(body.length);
    const expected = (body.length * 8) / (MBIT * 1e6);
    // An idle line's bucket lets its first 256 KB (5 % of the body) through at once.
    expect(seconds).toBeGreaterThan(expected * 0.9);
  });

  it('keeps bodies intact both ways (the media host sends the stored bytes with their length)', async () => {
    const bytes = randomBytes(300 * 1024);
    const uuid = await api.listing();
    const listing = await api.addImage(uuid, bytes);
    const sentBefore = sb.traffic().sent;
    const res = await fetch(listing.urls[0]!);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(sb.traffic().sent - sentBefore).toBe(bytes.length);
    // A JSON answer keeps its Content-Length too.
    const read = await fetch(`${sb.baseUrl}/v1/listings/${uuid}`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    const text = await read.text();
    expect(read.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toMatchObject({ urls: listing.urls });
  });

  it('is a CLI flag (Mbit/s, a number >= 0)', () => {
    expect(parseCli(['--bandwidth', '20'])).toMatchObject({ options: { bandwidthMbit: 20 } });
    expect(() => parseCli(['--bandwidth', 'fast'])).toThrow('--bandwidth needs a number >= 0');
  });
});
