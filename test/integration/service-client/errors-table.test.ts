// Every row of the spec's Errors table surfaces as a ServiceError with the service's status, title,
// detail and instance, a stable problem code and a readable message.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MISMATCH_TITLE, SPEC_ERRORS, UNSUPPORTED_MEDIA_TYPE_TITLE } from '../../../src/shared/service';
import type { PublicationCreateRequest } from '../../../src/shared/service';
import { DEFAULT_QUIRKS } from '../../../src/sandbox';
import { PNG, failure, hits, listingRequest, publicationRequest, useFixture } from './helpers';

const f = useFixture();
let listing: string;

beforeAll(async () => {
  listing = (await f.client.createListing(listingRequest())).uuid;
});
afterEach(() => {
  f.sb.setQuirks(DEFAULT_QUIRKS);
  f.sb.configure({ maxMediaBytes: 20 * 1024 * 1024 });
});

/** A value of the wrong type, as a broken caller might pass it; the service must refuse it. */
const bad = <T>(value: unknown): T => value as T;

async function uploadedTicket(): Promise<string> {
  const ticket = await f.client.createMediaTicket('image/png');
  await f.client.uploadFile(ticket.signedPutUrl, await f.dir.write('i.png', PNG), {
    contentType: 'image/png',
  });
  return ticket.ticketUuid;
}

describe('the Errors table', () => {
  it('POST /v1/media 400 Bad Request: Failed to read request', async () => {
    const error = await failure(f.client.createMediaTicket(bad<string>(42)));
    expect(error).toMatchObject({
      operation: 'createMediaTicket',
      problem: 'bad-request',
      ...SPEC_ERRORS.failedToRead,
      instance: '/api/v1/media',
      safeToRepeat: true,
    });
    expect(error.message).toBe(
      'The listings service answered 400 Bad Request: Failed to read request. The request was not accepted as sent.',
    );
  });

  it('POST /v1/media 415 Unsupported Media Type, naming the supported types', async () => {
    const error = await failure(f.client.createMediaTicket('image/gif'));
    expect(error).toMatchObject({
      problem: 'unsupported-media-type',
      status: 415,
      title: UNSUPPORTED_MEDIA_TYPE_TITLE,
      instance: '/api/v1/media',
    });
    expect(error.detail).toMatch(/image\/jpeg.*image\/png/);
    expect(error.message).toMatch(/^The listings service answered 415 Unsupported Media Type: .*image\/png/);
  });

  it('POST /v1/listings 400 Failed to read request; nothing was created and it was sent once', async () => {
    f.sb.resetStats();
    const error = await failure(f.client.createListing(listingRequest({ title: '' })));
    expect(error).toMatchObject({
      operation: 'createListing',
      problem: 'bad-request',
      ...SPEC_ERRORS.failedToRead,
      instance: '/api/v1/listings',
      safeToRepeat: true,
    });
    expect(hits(f.sb, 'POST /v1/listings')).toEqual({ '400': 1 });
  });

  it('GET and PUT /v1/listings/{uuid} 404 Listing not found', async () => {
    const missing = randomUUID();
    const get = await failure(f.client.getListing(missing));
    expect(get).toMatchObject({
      operation: 'getListing',
      problem: 'not-found',
      ...SPEC_ERRORS.listingNotFound,
      instance: `/api/v1/listings/${missing}`,
    });
    expect(get.message).toBe('The listings service answered 404 Not Found: Listing not found.');
    const put = await failure(f.client.updateListing(missing, { title: 'x' }));
    expect(put).toMatchObject({
      operation: 'updateListing',
      problem: 'not-found',
      ...SPEC_ERRORS.listingNotFound,
    });
  });

  it('POST /v1/listings/{uuid}/media 404 Ticket not found/expired (unknown, and used twice)', async () => {
    const unknown = await failure(f.client.attachMedia(listing, randomUUID()));
    expect(unknown).toMatchObject({
      operation: 'attachMedia',
      problem: 'not-found',
      ...SPEC_ERRORS.ticketNotFound,
      instance: `/api/v1/listings/${listing}/media`,
    });
    expect(unknown.message).toBe('The listings service answered 404 Not Found: Ticket not found/expired.');
    const ticket = await uploadedTicket();
    await f.client.attachMedia(listing, ticket);
    expect(await failure(f.client.attachMedia(listing, ticket))).toMatchObject(SPEC_ERRORS.ticketNotFound);
  });

  it('POST /v1/listings/{uuid}/media 413 PAYLOAD_TOO_LARGE', async () => {
    f.sb.configure({ maxMediaBytes: PNG.length - 1 });
    const error = await failure(f.client.attachMedia(listing, await uploadedTicket()));
    expect(error).toMatchObject({ problem: 'too-large', ...SPEC_ERRORS.mediaTooLarge });
    // The message uses the standard reason phrase rather than the constant-style title.
    expect(error.message).toBe(
      'The listings service answered 413 Payload Too Large: Media is too large. The file is larger than the service allows.',
    );
  });

  it('PUT /v1/listings/{uuid}/media/order 400 Invalid ordering', async () => {
    const error = await failure(f.client.orderMedia(listing, ['http://example.com/media/nope']));
    expect(error).toMatchObject({
      operation: 'orderMedia',
      problem: 'bad-request',
      ...SPEC_ERRORS.invalidOrdering,
      instance: `/api/v1/listings/${listing}/media/order`,
    });
  });

  it('DELETE /v1/listings/{uuid}/media 404 Could not remove media.', async () => {
    const error = await failure(f.client.deleteMedia(listing, ['http://example.com/media/nope']));
    expect(error).toMatchObject({
      operation: 'deleteMedia',
      problem: 'not-found',
      ...SPEC_ERRORS.mediaNotRemoved,
      instance: `/api/v1/listings/${listing}/media`,
      safeToRepeat: true,
    });
  });

  it('POST /v1/listings/{uuid}/publications 400 Missing data (reduced error body)', async () => {
    const imprint = (await f.client.createImprint('Muster GmbH')).uuid;
    const { street: _street, ...withoutStreet } = publicationRequest(imprint);
    const error = await failure(
      f.client.createPublication(listing, bad<PublicationCreateRequest>(withoutStreet)),
    );
    expect(error).toMatchObject({
      operation: 'createPublication',
      problem: 'bad-request',
      ...SPEC_ERRORS.missingData,
      instance: `/api/v1/listings/${listing}/publications`,
      safeToRepeat: true,
    });
    // With the districtRequired quirk, a request without district is the same error.
    f.sb.setQuirks({ districtRequired: true });
    const { district: _district, ...withoutDistrict } = publicationRequest(imprint);
    expect(await failure(f.client.createPublication(listing, withoutDistrict))).toMatchObject(
      SPEC_ERRORS.missingData,
    );
  });

  it('PUT /v1/listings/{uuid}/publications/{publicationUuid} 400 BAD_REQUEST Mismatch (minimal body)', async () => {
    const other = (await f.client.createListing(listingRequest({ customReference: 'other' }))).uuid;
    const imprint = (await f.client.createImprint('Muster GmbH')).uuid;
    const publication = (await f.client.createPublication(other, publicationRequest(imprint))).uuid;
    const error = await failure(f.client.updatePublication(listing, publication, { city: 'Köln' }));
    expect(error).toMatchObject({
      operation: 'updatePublication',
      problem: 'bad-request',
      status: 400,
      title: MISMATCH_TITLE,
      detail: `Mismatch ${publication}`,
      instance: `/api/v1/listings/${listing}/publications/${publication}`,
    });
    expect(error.message).toBe(
      `The listings service answered 400 Bad Request: Mismatch ${publication}. The request was not accepted as sent.`,
    );
  });

  it('GET /v1/listings/{listingUuid}/publications/{publicationUuid} 404 Not found', async () => {
    const missing = randomUUID();
    const error = await failure(f.client.getPublication(listing, missing));
    expect(error).toMatchObject({
      operation: 'getPublication',
      problem: 'not-found',
      ...SPEC_ERRORS.publicationNotFound,
      instance: `/api/v1/listings/${listing}/publications/${missing}`,
    });
  });

  it('POST /v1/imprints 400 Failed to read request', async () => {
    const error = await failure(f.client.createImprint(''));
    expect(error).toMatchObject({
      operation: 'createImprint',
      problem: 'bad-request',
      ...SPEC_ERRORS.failedToRead,
      instance: '/api/v1/imprints',
    });
  });
});
