// Rows 9 to 12 of the Endpoints table, their errors, and the asynchronous validation timeline.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Publication, UuidResponse } from '../../../src/shared/service';
import { REJECTION_REASONS } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import { Api, fullError, publicationBody, start } from './helpers';

let sb: Sandbox;
let api: Api;
let other: Api;
let imprint: string;

beforeAll(async () => {
  sb = await start({
    clients: [
      { clientId: 'alice', clientSecret: 'a' },
      { clientId: 'bob', clientSecret: 'b' },
    ],
    validationDelayMs: 150,
  });
  api = await Api.login(sb, sb.clients[0]);
  other = await Api.login(sb, sb.clients[1]);
  imprint = await api.imprint();
});
afterAll(() => sb.close());

async function publish(listingUuid: string, body = publicationBody(imprint)): Promise<string> {
  const res = await api.call('POST', `/v1/listings/${listingUuid}/publications`, { body });
  expect(res.status).toBe(201);
  return UuidResponse.parse(res.body).uuid;
}

async function readPublication(listingUuid: string, uuid: string): Promise<Publication> {
  const res = await api.call('GET', `/v1/listings/${listingUuid}/publications/${uuid}`);
  expect(res.status).toBe(200);
  return Publication.parse(res.body);
}

/** Polls the publication until it leaves the pending state. */
function settled(listingUuid: string, uuid: string): Promise<Publication> {
  return vi.waitFor(
    async () => {
      const publication = await readPublication(listingUuid, uuid);
      expect(publication.actualState).not.toBe('PENDING_VALIDATION');
      return publication;
    },
    { timeout: 10_000, interval: 25 },
  );
}

async function listingWithImage(): Promise<string> {
  const uuid = await api.listing();
  await api.addImage(uuid);
  return uuid;
}

describe('row 12: POST /v1/imprints', () => {
  it('creates an imprint and returns {uuid}', async () => {
    const res = await api.call('POST', '/v1/imprints', { body: { content: 'Impressum' } });
    expect(res.status).toBe(200);
    expect(UuidResponse.parse(res.body).uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(sb.stats().clients.alice!.imprints).toBeGreaterThanOrEqual(2);
  });

  it('error: 400 Bad Request / Failed to read request', async () => {
    for (const options of [{ body: {} }, { body: { content: '  ' } }, { raw: 'content=x' }]) {
      const res = await api.call('POST', '/v1/imprints', options);
      expect(res.body).toEqual(fullError(400, 'Bad Request', 'Failed to read request', '/api/v1/imprints'));
    }
  });
});

describe('row 9: POST /v1/listings/{uuid}/publications', () => {
  it('acknowledges with 201 {uuid} and accepts the true-client-ip header', async () => {
    const uuid = await listingWithImage();
    const res = await api.call('POST', `/v1/listings/${uuid}/publications`, {
      body: publicationBody(imprint),
      headers: { 'true-client-ip': '203.0.113.9' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body as object)).toEqual(['uuid']);
  });

  it('error: 400 Bad Request / Missing data with the reduced field set', async () => {
    const uuid = await listingWithImage();
    const path = `/v1/listings/${uuid}/publications`;
    const { street: _street, ...noStreet } = publicationBody(imprint);
    for (const options of [
      { body: noStreet },
      { body: { ...publicationBody(imprint), availabilityRadiusInKm: 1.5 } },
      { body: { ...publicationBody(imprint), postalCode: '' } },
      { raw: '{"street":' },
    ]) {
      const res = await api.call('POST', path, options);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Missing data',
        instance: `/api${path}`,
      });
    }
  });

  it('a request without district is accepted by default', async () => {
    const uuid = await listingWithImage();
    const { district: _district, ...body } = publicationBody(imprint);
    await publish(uuid, body);
  });
});

describe('row 11: GET /v1/listings/{listingUuid}/publications/{publicationUuid}', () => {
  it('returns the publication: pending first, then PUBLISHED with an integer adId', async () => {
    const uuid = await listingWithImage();
    const pub = await publish(uuid);
    const pending = await readPublication(uuid, pub);
    expect(pending).toMatchObject({
      uuid: pub,
      requestedState: 'PUBLISHED',
      actualState: 'PENDING_VALIDATION',
    });
    expect(pending.postalCode).toBe('10115');
    expect(pending.adId).toBeUndefined();
    const done = await settled(uuid, pub);
    expect(done.actualState).toBe('PUBLISHED');
    expect(Number.isInteger(done.adId)).toBe(true);
  });

  it('error: 404 Not Found / Not found for an unknown, mismatched or foreign publication', async () => {
    const uuid = await listingWithImage();
    const pub = await publish(uuid);
    const otherListing = await api.listing();
    const paths = [
      `/v1/listings/${uuid}/publications/unknown`,
      `/v1/listings/${otherListing}/publications/${pub}`,
      `/v1/listings/unknown/publications/${pub}`,
    ];
    for (const path of paths) {
      const res = await api.call('GET', path);
      expect(res.body).toEqual(fullError(404, 'Not Found', 'Not found', `/api${path}`));
    }
    const foreign = await other.call('GET', `/v1/listings/${uuid}/publications/${pub}`);
    expect(foreign.status).toBe(404);
  });
});

describe('row 10: PUT /v1/listings/{uuid}/publications/{publicationUuid}', () => {
  it('answers 204 without content and sends the publication back through validation', async () => {
    const uuid = await listingWithImage();
    const pub = await publish(uuid);
    const { adId } = await settled(uuid, pub);
    const res = await api.call('PUT', `/v1/listings/${uuid}/publications/${pub}`, {
      body: { city: 'Hamburg' },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await readPublication(uuid, pub)).toMatchObject({
      actualState: 'PENDING_VALIDATION',
      city: 'Hamburg',
    });
    expect(await settled(uuid, pub)).toMatchObject({ actualState: 'PUBLISHED', adId });
  });

  it('error: 400 BAD_REQUEST / Mismatch <publicationUuid> with only status, title, detail, instance', async () => {
    const a = await listingWithImage();
    const b = await api.listing();
    const pub = await publish(a);
    for (const publicationUuid of [pub, 'unknown']) {
      const path = `/v1/listings/${b}/publications/${publicationUuid}`;
      const res = await api.call('PUT', path, { body: { city: 'Köln' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 400,
        title: 'BAD_REQUEST',
        detail: `Mismatch ${publicationUuid}`,
        instance: `/api${path}`,
      });
    }
  });
});

describe('validation timeline', () => {
  it.each([
    ['no images', false, {}, REJECTION_REASONS.noImages],
    [
      'unknown imprint',
      true,
      { imprintUuid: '00000000-0000-0000-0000-000000000000' },
      REJECTION_REASONS.unknownImprint,
    ],
    ['malformed postal code', true, { postalCode: '1011' }, REJECTION_REASONS.postalCode],
  ])('moves to REJECTED with a reason for %s', async (_name, withImage, override, reason) => {
    const uuid = withImage ? await listingWithImage() : await api.listing();
    const pub = await publish(uuid, { ...publicationBody(imprint), ...override });
    expect((await readPublication(uuid, pub)).actualState).toBe('PENDING_VALIDATION');
    const rejected = await settled(uuid, pub);
    expect(rejected.actualState).toBe('REJECTED');
    expect(rejected.rejectionReason).toBe(reason);
    expect(rejected.adId).toBeUndefined();
  });

  it("another client's imprint counts as unknown", async () => {
    const theirs = await other.imprint();
    const uuid = await listingWithImage();
    const pub = await publish(uuid, publicationBody(theirs));
    expect((await settled(uuid, pub)).rejectionReason).toBe(REJECTION_REASONS.unknownImprint);
  });

  it('PUT /v1/listings/{uuid} sends its publications back to pending; a fixed listing then publishes', async () => {
    const uuid = await api.listing();
    const pub = await publish(uuid);
    expect((await settled(uuid, pub)).actualState).toBe('REJECTED');
    await api.addImage(uuid);
    // Adding an image alone does not re-validate; updating the listing does.
    expect((await readPublication(uuid, pub)).actualState).toBe('REJECTED');
    expect((await api.call('PUT', `/v1/listings/${uuid}`, { body: { title: 'Neu' } })).status).toBe(200);
    expect((await readPublication(uuid, pub)).actualState).toBe('PENDING_VALIDATION');
    expect((await settled(uuid, pub)).actualState).toBe('PUBLISHED');
  });

  it('settles on the listing as it was when validation was due', async () => {
    const uuid = await listingWithImage();
    const pub = await publish(uuid);
    // Its validation falls due unread: a publication made after it on another listing settles first
    // (a read of this one would settle it, which is not what is checked here).
    const probe = await listingWithImage();
    await settled(probe, await publish(probe));
    const { urls } = (await api.call('GET', `/v1/listings/${uuid}`)).body as { urls: string[] };
    await api.call('DELETE', `/v1/listings/${uuid}/media?urls=${encodeURIComponent(urls[0]!)}`);
    expect((await readPublication(uuid, pub)).actualState).toBe('PUBLISHED');
  });

  it('lists the publications of a listing (GET /v1/listings/{uuid}/publications)', async () => {
    const uuid = await listingWithImage();
    const first = await publish(uuid);
    const second = await publish(uuid);
    const res = await api.call('GET', `/v1/listings/${uuid}/publications`);
    expect((res.body as { uuid: string }[]).map((p) => p.uuid)).toEqual([first, second]);
  });
});
