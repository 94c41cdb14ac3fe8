// Deleting a listing and pausing or resuming a publication (documented by the service, not in the
// spec's table): user-scoped, idempotent where they should be, persisted, and switchable off with a
// 404, 405 or 501 answer as a service without them would give.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_QUIRKS, type Sandbox } from '../../../src/sandbox';
import { parseCli } from '../../../src/sandbox/cli-args';
import { applyQuirks } from '../../../src/sandbox/quirks';
import { Listing, Publication, SPEC_ERRORS, UuidResponse } from '../../../src/shared/service';
import { Api, fullError, publicationBody, start } from './helpers';

let sb: Sandbox;
let api: Api;

beforeAll(async () => {
  sb = await start({ validationDelayMs: 30 });
  api = await Api.login(sb);
});
afterEach(() => {
  sb.setQuirks(DEFAULT_QUIRKS);
  sb.faults.clear();
});
afterAll(() => sb.close());

/** A listing with one photo and one publication; resolves once the publication is live. */
async function liveAd(on: Api = api): Promise<{ listing: string; publication: string; url: string }> {
  const imprint = await on.imprint();
  const listing = await on.listing();
  const { urls } = await on.addImage(listing);
  const created = await on.call('POST', `/v1/listings/${listing}/publications`, {
    body: publicationBody(imprint),
  });
  const publication = UuidResponse.parse(created.body).uuid;
  await untilState(on, listing, publication, 'PUBLISHED');
  return { listing, publication, url: urls[0]! };
}

async function readPublication(on: Api, listing: string, publication: string): Promise<Publication> {
  const res = await on.call('GET', `/v1/listings/${listing}/publications/${publication}`);
  return Publication.parse(res.body);
}

/** Reads the publication until its actualState is `state` (the change is asynchronous). */
async function untilState(
  on: Api,
  listing: string,
  publication: string,
  state: string,
): Promise<Publication> {
  return vi.waitFor(
    async () => {
      const last = await readPublication(on, listing, publication);
      expect(last.actualState, `publication never reached ${state}`).toBe(state);
      return last;
    },
    { timeout: 10_000, interval: 10 },
  );
}

function stateCall(on: Api, listing: string, publication: string, state: string) {
  return on.call('PUT', `/v1/listings/${listing}/publications/${publication}/state?requestedState=${state}`);
}

describe('DELETE /v1/listings/{uuid}', () => {
  it('removes the listing with its publications and photos; a second delete is 404 Listing not found', async () => {
    const { listing, publication, url } = await liveAd();
    const before = sb.stats().clients[sb.clients[0]!.clientId]!;
    const res = await api.call('DELETE', `/v1/listings/${listing}`);
    expect(res.status).toBe(200);
    expect(Listing.parse(res.body).uuid).toBe(listing);
    expect((await api.call('GET', `/v1/listings/${listing}`)).status).toBe(404);
    expect((await api.call('GET', `/v1/listings/${listing}/publications/${publication}`)).status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
    const listed = (await api.call('GET', '/v1/listings')).body as { uuid: string }[];
    expect(listed.map((l) => l.uuid)).not.toContain(listing);
    expect(sb.stats().clients[sb.clients[0]!.clientId]).toMatchObject({
      listings: before.listings - 1,
      publications: before.publications - 1,
      media: before.media - 1,
    });
    const again = await api.call('DELETE', `/v1/listings/${listing}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(
      fullError(404, 'Not Found', SPEC_ERRORS.listingNotFound.detail, `/api/v1/listings/${listing}`),
    );
  });

  it('answers 204 without a body under the updateResponse 204 quirk', async () => {
    sb.setQuirks({ updateResponse: 204 });
    const listing = await api.listing();
    const res = await api.call('DELETE', `/v1/listings/${listing}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  it("is user-scoped: another client's delete is 404 and the listing stays", async () => {
    const other = await start({
      validationDelayMs: 30,
      clients: [
        { clientId: 'a', clientSecret: 'secret-a' },
        { clientId: 'b', clientSecret: 'secret-b' },
      ],
    });
    try {
      const a = await Api.login(other, other.clients[0]);
      const b = await Api.login(other, other.clients[1]);
      const listing = await a.listing();
      expect((await b.call('DELETE', `/v1/listings/${listing}`)).status).toBe(404);
      expect((await a.call('GET', `/v1/listings/${listing}`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('PUT …/publications/{uuid}/state', () => {
  it('PAUSED: requestedState at once, actualState follows; RESUMED brings it back to PUBLISHED', async () => {
    const { listing, publication } = await liveAd();
    const paused = await stateCall(api, listing, publication, 'PAUSED');
    expect(paused.status).toBe(200);
    expect(Publication.parse(paused.body).requestedState).toBe('PAUSED');
    const settled = await untilState(api, listing, publication, 'PAUSED');
    expect(settled.requestedState).toBe('PAUSED');
    expect(settled.adId).toBeDefined();
    // Idempotent: asking again changes nothing.
    expect((await stateCall(api, listing, publication, 'PAUSED')).status).toBe(200);
    expect((await readPublication(api, listing, publication)).actualState).toBe('PAUSED');

    const resumed = await stateCall(api, listing, publication, 'RESUMED');
    expect(Publication.parse(resumed.body).requestedState).toBe('PUBLISHED');
    const live = await untilState(api, listing, publication, 'PUBLISHED');
    expect(live.adId).toBe(settled.adId);
  });

  it('a paused ad stays paused through the revalidation after a listing update', async () => {
    const { listing, publication } = await liveAd();
    await stateCall(api, listing, publication, 'PAUSED');
    await untilState(api, listing, publication, 'PAUSED');
    await api.call('PUT', `/v1/listings/${listing}`, { body: { title: 'Kinderwagen, neu' } });
    expect((await readPublication(api, listing, publication)).actualState).toBe('PENDING_VALIDATION');
    await untilState(api, listing, publication, 'PAUSED');
  });

  it('refuses a missing or unknown requestedState and an unknown publication', async () => {
    const { listing, publication } = await liveAd();
    const base = `/v1/listings/${listing}/publications/${publication}/state`;
    const missing = await api.call('PUT', base);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ detail: "Required parameter 'requestedState' is not present." });
    const bad = await api.call('PUT', `${base}?requestedState=SOLD`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      title: 'Bad Request',
      detail: expect.stringContaining("'SOLD'") as string,
    });
    const unknown = await stateCall(api, listing, '00000000-0000-4000-8000-000000000000', 'PAUSED');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ detail: SPEC_ERRORS.publicationNotFound.detail });
    expect((await readPublication(api, listing, publication)).requestedState).toBe('PUBLISHED');
  });

  it('answers 204 without a body under the updateResponse 204 quirk', async () => {
    const { listing, publication } = await liveAd();
    sb.setQuirks({ updateResponse: 204 });
    const res = await stateCall(api, listing, publication, 'PAUSED');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await readPublication(api, listing, publication)).requestedState).toBe('PAUSED');
  });
});

describe('switched off', () => {
  it('each off-answer (404, 405, 501) leaves the listing and publication untouched', async () => {
    const { listing, publication } = await liveAd();
    const expected = {
      404: { title: 'Not Found', detail: 'No endpoint for this method and path.' },
      405: { title: 'Method Not Allowed' },
      501: { title: 'Not Implemented' },
    } as const;
    for (const status of [404, 405, 501] as const) {
      sb.setQuirks({ listingDelete: status, publicationStateChange: status });
      const del = await api.call('DELETE', `/v1/listings/${listing}`);
      expect(del.status).toBe(status);
      expect(del.body).toMatchObject({ ...expected[status], instance: `/api/v1/listings/${listing}` });
      const put = await stateCall(api, listing, publication, 'PAUSED');
      expect(put.status).toBe(status);
      expect(put.body).toMatchObject(expected[status]);
      if (status === 405) expect(del.headers.get('allow')).toBe('GET, PUT');
    }
    expect((await api.call('GET', `/v1/listings/${listing}`)).status).toBe(200);
    expect((await readPublication(api, listing, publication)).requestedState).toBe('PUBLISHED');
  });

  it('flags at start; bad values are refused', () => {
    expect(parseCli(['--listing-delete', '405', '--publication-state-change', '501'])).toMatchObject({
      options: { quirks: { listingDelete: 405, publicationStateChange: 501 } },
    });
    expect(parseCli(['--listing-delete', 'on'])).toMatchObject({
      options: { quirks: { listingDelete: 'on' } },
    });
    expect(() => parseCli(['--listing-delete', 'off'])).toThrow(/listing-delete/);
    expect(() => parseCli(['--publication-state-change', '500'])).toThrow(/publication-state-change/);
    expect(() => applyQuirks(DEFAULT_QUIRKS, { listingDelete: 410 as 404 })).toThrow(/listingDelete/);
  });

  it('startSandbox takes the switches as quirks', async () => {
    const off = await start({ quirks: { listingDelete: 501, publicationStateChange: 404 } });
    try {
      const on = await Api.login(off);
      const listing = await on.listing();
      expect((await on.call('DELETE', `/v1/listings/${listing}`)).status).toBe(501);
      expect(off.quirks).toMatchObject({ listingDelete: 501, publicationStateChange: 404 });
    } finally {
      await off.close();
    }
  });
});

describe('persistence', () => {
  it('a deleted listing stays deleted and a pause stays after a restart; the photo file is gone', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sandbox-lifecycle-'));
    try {
      const first = await start({ dataDir, validationDelayMs: 10 });
      const a = await Api.login(first);
      const gone = await liveAd(a);
      const kept = await liveAd(a);
      await a.call('DELETE', `/v1/listings/${gone.listing}`);
      await stateCall(a, kept.listing, kept.publication, 'PAUSED');
      await untilState(a, kept.listing, kept.publication, 'PAUSED');
      await first.close();

      const second = await start({ dataDir, validationDelayMs: 10 });
      try {
        const b = new Api(second, a.token);
        expect((await b.call('GET', `/v1/listings/${gone.listing}`)).status).toBe(404);
        expect((await readPublication(b, kept.listing, kept.publication)).actualState).toBe('PAUSED');
        const files = await readdir(second.filesDir, { recursive: true });
        expect(files.some((f) => f.includes(gone.url.split('/').pop()!))).toBe(false);
        expect(files.some((f) => f.includes(kept.url.split('/').pop()!))).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
