// The client's read of a listing's publications against the sandbox, in each of its shapes, and the
// 404 of a service that does not offer it (told apart from an unknown listing by its detail).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox';
import { DEFAULT_QUIRKS } from '../../../src/sandbox';
import { ServiceError, type ServiceClient } from '../../../src/main/service-client';
import { clientFor, start } from './helpers';
import { listingBody, publicationBody } from '../sandbox/helpers';
import type { ListingCreateRequest, PublicationCreateRequest } from '../../../src/shared/service';

let sb: Sandbox;
let client: ServiceClient;
let listing: string;
let publication: string;

beforeAll(async () => {
  sb = await start();
  client = clientFor(sb);
  listing = (await client.createListing(listingBody() as unknown as ListingCreateRequest)).uuid;
  const imprint = (await client.createImprint('Muster GmbH')).uuid;
  publication = (
    await client.createPublication(listing, publicationBody(imprint) as unknown as PublicationCreateRequest)
  ).uuid;
});
afterAll(() => sb.close());

describe('listPublications', () => {
  it.each(['array', 'object'] as const)('reads the publications answered as %s', async (shape) => {
    sb.setQuirks({ ...DEFAULT_QUIRKS, publicationsRead: shape });
    const items = await client.listPublications(listing);
    expect(items).toEqual([expect.objectContaining({ uuid: publication, requestedState: 'PUBLISHED' })]);
  });

  it('a service without the read answers 404, with no listing detail', async () => {
    sb.setQuirks({ ...DEFAULT_QUIRKS, publicationsRead: 'off' });
    const error = await client.listPublications(listing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ operation: 'listPublications', status: 404, problem: 'not-found' });
    expect((error as ServiceError).detail).not.toBe('Listing not found');
    sb.setQuirks(DEFAULT_QUIRKS);
    const unknown = await client.listPublications('no-such-listing').catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 404, detail: 'Listing not found' });
  });
});
