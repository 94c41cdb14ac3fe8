// The quirk lateFinish (issue 36.1): a listing or publication create hangs past the client's
// timeout, and the listing or publication is made all the same once the delay is over; only the
// first `times` creates of each kind, counted again when the quirks change; and its CLI flag.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUIRKS, type Sandbox } from '../../../src/sandbox';
import { parseCli } from '../../../src/sandbox/cli-args';
import { UuidResponse } from '../../../src/shared/service';
import { Api, listingBody, publicationBody, start } from './helpers';

let sb: Sandbox;
let api: Api;

beforeAll(async () => {
  sb = await start({ validationDelayMs: 50 });
  api = await Api.login(sb);
});
afterEach(() => {
  sb.setQuirks(DEFAULT_QUIRKS);
});
afterAll(() => sb.close());

const LATE_MS = 3_000;

async function count(path: string): Promise<number> {
  return ((await api.call('GET', path)).body as unknown[]).length;
}

// Sends a create that the client gives up on (its own short timeout); resolves once it gave up.
async function givenUp(path: string, body: unknown): Promise<void> {
  await expect(api.call('POST', path, { body, signal: AbortSignal.timeout(100) })).rejects.toThrow();
}

// Waits until `read` gives `want` (the test's timeout bounds it).
async function until(read: () => Promise<number>, want: number): Promise<void> {
  while ((await read()) !== want) await sleep(50);
}

describe('lateFinish', () => {
  it('makes the listing and the publication after the client gave up; the first `times` only', async () => {
    const listing = UuidResponse.parse(
      (await api.call('POST', '/v1/listings', { body: listingBody() })).body,
    ).uuid;
    const imprint = UuidResponse.parse(
      (await api.call('POST', '/v1/imprints', { body: { content: 'Impressum' } })).body,
    ).uuid;
    const before = await count('/v1/listings');
    sb.setQuirks({ lateFinish: { listingMs: LATE_MS, publicationMs: LATE_MS, times: 1 } });

    await givenUp('/v1/listings', listingBody());
    const publications = `/v1/listings/${listing}/publications`;
    await givenUp(publications, publicationBody(imprint));
    // Not made when the client gave up…
    expect(await count('/v1/listings')).toBe(before);
    expect(await count(publications)).toBe(0);
    // …a second create of each kind is answered at once (times: 1)…
    expect((await api.call('POST', '/v1/listings', { body: listingBody() })).status).toBe(200);
    expect((await api.call('POST', publications, { body: publicationBody(imprint) })).status).toBe(201);
    // …and the late ones are made after their delay.
    await until(() => count('/v1/listings'), before + 2);
    await until(() => count(publications), 2);
  });

  it('refuses values it cannot honour, and is set by --late-finish', () => {
    expect(() => sb.setQuirks({ lateFinish: { listingMs: -1 } })).toThrow(/lateFinish/);
    expect(() => sb.setQuirks({ lateFinish: { times: 0 } })).toThrow(/lateFinish/);
    expect(sb.setQuirks({ lateFinish: { publicationMs: 20 } }).lateFinish).toEqual({
      listingMs: 0,
      publicationMs: 20,
      times: null,
    });
    const parsed = parseCli(['--late-finish', 'listing=130000,publication=5000,times=2']);
    expect(parsed.help === false && parsed.options.quirks?.lateFinish).toEqual({
      listingMs: 130_000,
      publicationMs: 5_000,
      times: 2,
    });
    expect(() => parseCli(['--late-finish', 'listings=5'])).toThrow(/late-finish/);
  });
});
