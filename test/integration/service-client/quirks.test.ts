// The spec's "not shown" points, each variant of the sandbox's quirks: Authorization forms, update
// and delete answers (200 with body or 204), category forms, unknown state names, and error bodies
// that are reduced, empty or an HTML page from a proxy.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_QUIRKS } from '../../../src/sandbox';
import type { ServiceClient } from '../../../src/main/service-client';
import { PNG, clientFor, failure, hits, listingRequest, publicationRequest, useFixture } from './helpers';

const f = useFixture();
let bearer: ServiceClient;
let bare: ServiceClient;

beforeAll(() => {
  bearer = f.client;
  bare = clientFor(f.sb, { authScheme: 'bare' });
});
afterEach(() => {
  f.sb.setQuirks(DEFAULT_QUIRKS);
  f.sb.faults.clear();
});

describe('authScheme', () => {
  it('both: either form works', async () => {
    f.sb.setQuirks({ authScheme: 'both' });
    await expect(bearer.listListings()).resolves.toEqual([]);
    await expect(bare.listListings()).resolves.toEqual([]);
  });

  it.each([
    ['bearer', () => bearer, () => bare],
    ['bare', () => bare, () => bearer],
  ] as const)(
    '%s: the matching client works, the other fails with unauthorized after one new token',
    async (scheme, matching, other) => {
      f.sb.setQuirks({ authScheme: scheme });
      await expect(matching().listListings()).resolves.toEqual([]);
      f.sb.resetStats();
      const error = await failure(other().listListings());
      expect(error).toMatchObject({
        operation: 'listListings',
        problem: 'unauthorized',
        status: 401,
        title: 'Unauthorized',
        instance: '/api/v1/listings',
        safeToRepeat: true,
      });
      expect(error.message).toMatch(
        /^The listings service answered 401 Unauthorized: .*Authorization header setting\.$/,
      );
      // Refused, a new token, refused again: then it stops.
      expect(f.sb.stats().tokens).toBe(1);
      expect(hits(f.sb, 'GET /v1/listings')).toEqual({ '401': 2 });
    },
  );

  it('a POST refused with 401 is repeated once with a new token (it was not processed)', async () => {
    f.sb.setQuirks({ authScheme: 'bearer' });
    f.sb.resetStats();
    const error = await failure(bare.createListing(listingRequest()));
    expect(error).toMatchObject({ problem: 'unauthorized', safeToRepeat: true });
    expect(hits(f.sb, 'POST /v1/listings')).toEqual({ '401': 2 });
  });
});

describe('updateResponse: any 2xx with any or no body', () => {
  it.each([200, 204] as const)(
    '%s for update listing, delete media and update publication',
    async (status) => {
      f.sb.setQuirks({ updateResponse: status });
      const { uuid } = await bearer.createListing(listingRequest());
      const ticket = await bearer.createMediaTicket('image/png');
      await bearer.uploadFile(ticket.signedPutUrl, await f.dir.write('q.png', PNG), {
        contentType: 'image/png',
      });
      const { urls } = await bearer.attachMedia(uuid, ticket.ticketUuid);

      const updated = await bearer.updateListing(uuid, { title: 'Neu' });
      const deleted = await bearer.deleteMedia(uuid, urls);
      if (status === 200) {
        expect(updated).toMatchObject({ uuid, title: 'Neu' });
        expect(deleted).toMatchObject({ uuid, urls: [] });
      } else {
        expect(updated).toBeUndefined();
        expect(deleted).toBeUndefined();
      }
      expect(await bearer.getListing(uuid)).toMatchObject({ title: 'Neu', urls: [] });
      const imprint = await bearer.createImprint('Muster GmbH');
      const publication = await bearer.createPublication(uuid, publicationRequest(imprint.uuid));
      await expect(
        bearer.updatePublication(uuid, publication.uuid, { city: 'Bonn' }),
      ).resolves.toBeUndefined();
    },
  );
});

describe('response variants are tolerated', () => {
  it('categoryResponse: the full path or its last segment', async () => {
    const { uuid } = await bearer.createListing(listingRequest());
    f.sb.setQuirks({ categoryResponse: 'path' });
    expect((await bearer.getListing(uuid)).category).toBe('Familie/Baby & Kind/Kinderwagen');
    f.sb.setQuirks({ categoryResponse: 'last-segment' });
    expect((await bearer.getListing(uuid)).category).toBe('Kinderwagen');
    expect((await bearer.listListings()).every((l) => l.category === 'Kinderwagen')).toBe(true);
  });

  it('unknown publication state names and extra fields come through as they are', async () => {
    f.sb.setQuirks({ stateNames: { pending: 'IN_REVIEW', rejected: 'DECLINED' } });
    const { uuid } = await bearer.createListing(listingRequest());
    const imprint = await bearer.createImprint('Muster GmbH');
    const { uuid: publicationUuid } = await bearer.createPublication(uuid, publicationRequest(imprint.uuid));
    const pending = await bearer.getPublication(uuid, publicationUuid);
    expect(pending).toMatchObject({
      requestedState: 'PUBLISHED',
      actualState: 'IN_REVIEW',
      listingUuid: uuid,
    });
    // Without an image the sandbox rejects the publication once validated.
    const rejected = await vi.waitFor(async () => {
      const publication = await bearer.getPublication(uuid, publicationUuid);
      expect(publication.actualState).not.toBe('IN_REVIEW');
      return publication;
    });
    expect(rejected.actualState).toBe('DECLINED');
    expect(rejected.rejectionReason).toMatch(/no images/);
  });
});

describe('error bodies', () => {
  it('an HTML 502 from a proxy gives a message without HTML', async () => {
    f.sb.faults.add({ route: 'POST /v1/listings', kind: 'status', status: 502, times: 1 });
    const error = await failure(bearer.createListing(listingRequest()));
    expect(error).toMatchObject({ problem: 'server-error', status: 502, safeToRepeat: false });
    expect(error.title).toBeUndefined();
    expect(error.detail).toBeUndefined();
    expect(error.message).toBe(
      'The listings service answered 502 Bad Gateway with a page instead of data (a proxy or gateway problem). Try again later.',
    );
  });

  it('an empty error body', async () => {
    f.sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 404, body: 'empty', times: 1 });
    const error = await failure(bearer.listListings());
    expect(error).toMatchObject({ problem: 'not-found', status: 404 });
    expect(error.message).toBe('The listings service answered 404 Not Found.');
  });

  it('a JSON error object with few fields (reduced and minimal shapes are in errors-table)', async () => {
    f.sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 500, times: 4 });
    const error = await failure(bearer.listListings());
    expect(error).toMatchObject({
      problem: 'server-error',
      status: 500,
      title: 'Internal Server Error',
      detail: 'Injected fault: Internal Server Error.',
      instance: '/api/v1/listings',
    });
    expect(error.message).toBe(
      'The listings service answered 500 Internal Server Error: Injected fault: Internal Server Error. Try again later.',
    );
  });
});
