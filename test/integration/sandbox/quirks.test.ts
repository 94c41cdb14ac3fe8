// Quirks for the spec's "not shown" points, each selectable at start and at run time.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Listing, Publication, UuidResponse } from '../../../src/shared/service';
import { DEFAULT_QUIRKS } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import { Api, publicationBody, start } from './helpers';

let sb: Sandbox;
let api: Api;

beforeAll(async () => {
  sb = await start({ validationDelayMs: 100 });
  api = await Api.login(sb);
});
afterEach(() => {
  sb.setQuirks(DEFAULT_QUIRKS);
});
afterAll(() => sb.close());

describe('authScheme', () => {
  it('both (default): "Bearer <token>" and the bare token are accepted', async () => {
    expect(sb.quirks.authScheme).toBe('both');
    expect((await api.call('GET', '/v1/listings')).status).toBe(200);
    expect((await api.call('GET', '/v1/listings', { auth: api.token })).status).toBe(200);
    expect((await api.call('GET', '/v1/listings', { auth: `bearer  ${api.token}` })).status).toBe(200);
  });

  it('bearer: the bare token is 401', async () => {
    sb.setQuirks({ authScheme: 'bearer' });
    expect((await api.call('GET', '/v1/listings')).status).toBe(200);
    expect((await api.call('GET', '/v1/listings', { auth: api.token })).status).toBe(401);
  });

  it('bare: "Bearer <token>" is 401', async () => {
    sb.setQuirks({ authScheme: 'bare' });
    expect((await api.call('GET', '/v1/listings', { auth: api.token })).status).toBe(200);
    expect((await api.call('GET', '/v1/listings')).status).toBe(401);
  });
});

describe('updateResponse', () => {
  it('200 with the listing (default) or 204 without a body, for PUT listing and DELETE media', async () => {
    const uuid = await api.listing();
    const ok = await api.call('PUT', `/v1/listings/${uuid}`, { body: { title: 'A' } });
    expect(ok.status).toBe(200);
    expect(Listing.parse(ok.body).title).toBe('A');
    sb.setQuirks({ updateResponse: 204 });
    const none = await api.call('PUT', `/v1/listings/${uuid}`, { body: { title: 'B' } });
    expect(none.status).toBe(204);
    expect(none.text).toBe('');
    const { urls } = await api.addImage(uuid);
    const del = await api.call('DELETE', `/v1/listings/${uuid}/media?urls=${encodeURIComponent(urls[0]!)}`);
    expect(del.status).toBe(204);
    expect(Listing.parse((await api.call('GET', `/v1/listings/${uuid}`)).body)).toMatchObject({
      title: 'B',
      urls: [],
    });
  });
});

describe('districtRequired', () => {
  it('optional by default; when required, a missing district is 400 Missing data', async () => {
    const imprint = await api.imprint();
    const uuid = await api.listing();
    const { district: _district, ...body } = publicationBody(imprint);
    expect((await api.call('POST', `/v1/listings/${uuid}/publications`, { body })).status).toBe(201);
    sb.setQuirks({ districtRequired: true });
    const res = await api.call('POST', `/v1/listings/${uuid}/publications`, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'Missing data' });
    const full = await api.call('POST', `/v1/listings/${uuid}/publications`, {
      body: publicationBody(imprint),
    });
    expect(full.status).toBe(201);
  });
});

describe('categoryResponse', () => {
  it('last segment by default, the full path when selected', async () => {
    const uuid = await api.listing({ category: 'Elektronik/Audio & Hifi/Lautsprecher' });
    const get = async () => Listing.parse((await api.call('GET', `/v1/listings/${uuid}`)).body).category;
    expect(await get()).toBe('Lautsprecher');
    sb.setQuirks({ categoryResponse: 'path' });
    expect(await get()).toBe('Elektronik/Audio & Hifi/Lautsprecher');
  });
});

describe('stateNames', () => {
  it('names the pending and rejected states', async () => {
    sb.setQuirks({ stateNames: { pending: 'IN_REVIEW', rejected: 'DECLINED' } });
    const imprint = await api.imprint();
    const uuid = await api.listing();
    const res = await api.call('POST', `/v1/listings/${uuid}/publications`, {
      body: publicationBody(imprint),
    });
    const pub = UuidResponse.parse(res.body).uuid;
    const read = async () =>
      Publication.parse((await api.call('GET', `/v1/listings/${uuid}/publications/${pub}`)).body).actualState;
    expect(await read()).toBe('IN_REVIEW');
    // Read until validation is over (the sandbox settles a publication when it is read after it).
    await vi.waitFor(async () => expect(await read()).toBe('DECLINED'), { timeout: 10_000, interval: 25 });
  });

  it('refuses names that would hide the timeline', () => {
    expect(() => sb.setQuirks({ stateNames: { pending: 'PUBLISHED' } })).toThrow();
    expect(() => sb.setQuirks({ stateNames: { pending: 'X', rejected: 'X' } })).toThrow();
    expect(sb.quirks.stateNames.pending).toBe('PENDING_VALIDATION');
  });
});

describe('quirks at start', () => {
  it('startSandbox({ quirks }) applies them', async () => {
    const other = await start({ quirks: { authScheme: 'bare', updateResponse: 204 } });
    try {
      expect(other.quirks).toMatchObject({
        authScheme: 'bare',
        updateResponse: 204,
        districtRequired: false,
      });
    } finally {
      await other.close();
    }
  });
});
