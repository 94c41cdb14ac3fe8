// deleteListing and setPublicationState against the sandbox: a service without them (404, 405, 501)
// gives 'not-offered', told apart from a listing that is already gone by reading it; unclear
// outcomes (resets, 5xx, after the service acted) are repeated or settled by a read, never guessed.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_QUIRKS } from '../../../src/sandbox';
import type { ServiceClient } from '../../../src/main/service-client';
import { clientFor, counts, failure, hits, listingRequest, publicationRequest, useFixture } from './helpers';

const fx = useFixture({ validationDelayMs: 20 });

afterEach(() => {
  fx.sb.setQuirks(DEFAULT_QUIRKS);
  fx.sb.faults.clear();
  fx.sb.resetStats();
});

async function newListing(client: ServiceClient = fx.client): Promise<string> {
  return (await client.createListing(listingRequest())).uuid;
}

async function newPublication(): Promise<{ listing: string; publication: string }> {
  const listing = await newListing();
  const imprint = (await fx.client.createImprint('Muster GmbH, 12345 Musterstadt')).uuid;
  const publication = (await fx.client.createPublication(listing, publicationRequest(imprint))).uuid;
  return { listing, publication };
}

describe('deleteListing', () => {
  it('deletes; a second delete finds it gone', async () => {
    const uuid = await newListing();
    const before = counts(fx.sb).listings;
    expect(await fx.client.deleteListing(uuid)).toBe('deleted');
    expect(counts(fx.sb).listings).toBe(before - 1);
    expect(await fx.client.deleteListing(uuid)).toBe('gone');
  });

  it('tolerates a 204 without a body', async () => {
    fx.sb.setQuirks({ updateResponse: 204 });
    expect(await fx.client.deleteListing(await newListing())).toBe('deleted');
  });

  it.each([404, 405, 501] as const)(
    'a service without it (%i) is not-offered; the listing stays',
    async (status) => {
      const uuid = await newListing();
      fx.sb.setQuirks({ listingDelete: status });
      const error = await failure(fx.client.deleteListing(uuid));
      expect(error).toMatchObject({ operation: 'deleteListing', problem: 'not-offered', status });
      expect(error.message).toBe('This service does not offer deleting ads.');
      expect((await fx.client.getListing(uuid)).uuid).toBe(uuid);
    },
  );

  it('a 404 on the first attempt for a listing that does not exist is gone, not not-offered', async () => {
    expect(await fx.client.deleteListing('3f1c0c8e-0000-4000-8000-00000000dead')).toBe('gone');
  });

  it('a reset after the service deleted it: the repeat gets 404, the read says gone', async () => {
    const uuid = await newListing();
    fx.sb.resetStats();
    fx.sb.faults.add({ route: 'DELETE /v1/listings/:uuid', kind: 'reset', when: 'after', times: 1 });
    expect(await fx.client.deleteListing(uuid)).toBe('gone');
    expect(hits(fx.sb, 'DELETE /v1/listings/:uuid')).toEqual({ reset: 1, 404: 1 });
    expect((await failure(fx.client.getListing(uuid))).status).toBe(404);
  });

  it('unclear to the end (5xx after deleting, every attempt): settled by reading the listing', async () => {
    const uuid = await newListing();
    fx.sb.faults.add({
      route: 'DELETE /v1/listings/:uuid',
      kind: 'status',
      status: 503,
      when: 'after',
      times: 10,
    });
    expect(await fx.client.deleteListing(uuid)).toBe('gone');
  });

  it('unclear and the listing still there: the failure is thrown and safe to repeat', async () => {
    const once = clientFor(fx.sb, { retry: { limit: 0, baseDelayMs: 1, maxDelayMs: 1 } });
    const uuid = await newListing(once);
    fx.sb.faults.add({ route: 'DELETE /v1/listings/:uuid', kind: 'reset', times: 1 });
    const error = await failure(once.deleteListing(uuid));
    expect(error).toMatchObject({ problem: 'connection-reset', safeToRepeat: true });
    expect(await once.deleteListing(uuid)).toBe('deleted');
  });
});

describe('setPublicationState', () => {
  it('PAUSED then RESUMED; the publication comes back when the service sends it', async () => {
    const { listing, publication } = await newPublication();
    const paused = await fx.client.setPublicationState(listing, publication, 'PAUSED');
    expect(paused).toMatchObject({ uuid: publication, requestedState: 'PAUSED' });
    fx.sb.setQuirks({ updateResponse: 204 });
    expect(await fx.client.setPublicationState(listing, publication, 'RESUMED')).toBeUndefined();
    expect((await fx.client.getPublication(listing, publication)).requestedState).toBe('PUBLISHED');
  });

  it('is repeated after a reset (idempotent)', async () => {
    const { listing, publication } = await newPublication();
    const route = 'PUT /v1/listings/:uuid/publications/:publicationUuid/state';
    fx.sb.resetStats();
    fx.sb.faults.add({ route, kind: 'reset', when: 'after', times: 1 });
    expect(await fx.client.setPublicationState(listing, publication, 'PAUSED')).toMatchObject({
      requestedState: 'PAUSED',
    });
    expect(hits(fx.sb, route)).toEqual({ reset: 1, 200: 1 });
  });

  it.each([404, 405, 501] as const)('a service without it (%i) is not-offered', async (status) => {
    const { listing, publication } = await newPublication();
    fx.sb.setQuirks({ publicationStateChange: status });
    const error = await failure(fx.client.setPublicationState(listing, publication, 'PAUSED'));
    expect(error).toMatchObject({ operation: 'setPublicationState', problem: 'not-offered', status });
    expect(error.message).toBe('This service does not offer pausing or resuming ads.');
  });

  it('an unknown publication stays a 404 not-found', async () => {
    const { listing } = await newPublication();
    const error = await failure(
      fx.client.setPublicationState(listing, '3f1c0c8e-0000-4000-8000-00000000beef', 'PAUSED'),
    );
    expect(error).toMatchObject({ problem: 'not-found', status: 404 });
  });
});
