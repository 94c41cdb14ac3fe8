// Publications of live listings through the router: read fresh, changed (204, then read again, and
// the publish job follows the new validation), and the spec's errors: a publication that does not
// belong to the listing (400 mismatch) and one that does not exist (404).
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { PublicationView } from '../../../src/shared/domain/live/live';
import type { PublishState } from '../../../src/shared/domain/publishing/publish-job';
import { liveApp, type LiveApp } from './helpers';

let live: LiveApp;
beforeAll(async () => {
  live = await liveApp([1, 1]);
}, 30_000);
afterAll(async () => live.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

it('lists the publications the app knows of a listing, read now', async () => {
  const [first] = live.published;
  const views = await live.call<PublicationView[]>('listings:publications', { uuid: first!.listingUuid });
  expect(views).toEqual([
    {
      listingUuid: first!.listingUuid,
      uuid: first!.publicationUuid,
      requestedState: 'PUBLISHED',
      actualState: 'PUBLISHED',
      adId: expect.any(Number),
      postalCode: '10115',
      reason: null,
      checkedAt: expect.any(String),
    },
  ]);
  expect(await live.call('listings:publications', { uuid: MISSING })).toEqual([]);
});

it('reads one publication, and says "publication-not-found" for one the service does not have', async () => {
  const [first] = live.published;
  const view = await live.call<PublicationView>('publications:get', {
    listingUuid: first!.listingUuid,
    uuid: first!.publicationUuid,
  });
  expect(view).toMatchObject({ uuid: first!.publicationUuid, actualState: 'PUBLISHED' });
  const error = await live.fail('publications:get', { listingUuid: first!.listingUuid, uuid: MISSING });
  expect(error).toMatchObject({
    code: 'service',
    details: { problem: 'publication-not-found', status: 404 },
  });
});

it('changes where the ad is shown; the publication is validated again and its job follows', async () => {
  const [first] = live.published;
  // Long enough to see the pending state in the answer.
  live.sb.configure({ validationDelayMs: 500 });
  const view = await live.call<PublicationView>('publications:update', {
    listingUuid: first!.listingUuid,
    uuid: first!.publicationUuid,
    patch: { city: 'Hamburg', postalCode: '20095', availabilityRadiusInKm: 50 },
  });
  expect(view).toMatchObject({ postalCode: '20095', actualState: 'PENDING_VALIDATION' });
  const stored = await live.api.call(
    'GET',
    `/v1/listings/${first!.listingUuid}/publications/${first!.publicationUuid}`,
  );
  expect(stored.body).toMatchObject({ city: 'Hamburg', postalCode: '20095', availabilityRadiusInKm: 50 });
  const jobState = async () =>
    (await live.call<PublishState>('publish:list')).jobs.find((job) => job.id === first!.jobId)!.state;
  expect(await jobState()).toBe('tracking');
  await vi.waitFor(async () => expect(await jobState()).toBe('published'), {
    timeout: 10_000,
    interval: 100,
  });
  // A postal code the marketplace refuses: the job says the ad was rejected, with the reason.
  await live.call('publications:update', {
    listingUuid: first!.listingUuid,
    uuid: first!.publicationUuid,
    patch: { postalCode: '2009' },
  });
  await vi.waitFor(async () => expect(await jobState()).toBe('rejected'), { timeout: 10_000, interval: 100 });
  const rejected = await live.call<PublicationView>('publications:get', {
    listingUuid: first!.listingUuid,
    uuid: first!.publicationUuid,
  });
  expect(rejected).toMatchObject({ actualState: 'REJECTED', reason: expect.stringMatching(/Postal code/) });
});

it('says "publication-mismatch" for a publication of another listing', async () => {
  const [first, second] = live.published;
  const error = await live.fail('publications:update', {
    listingUuid: first!.listingUuid,
    uuid: second!.publicationUuid,
    patch: { city: 'Köln' },
  });
  expect(error).toMatchObject({
    code: 'service',
    details: {
      problem: 'publication-mismatch',
      status: 400,
      detail: expect.stringContaining(second!.publicationUuid),
    },
  });
  // In the test app's language (German, its system's).
  expect(error.message).toMatch(/gehört diese Veröffentlichung nicht zu dieser Anzeige/);
});

it('shows a publication that cannot be read with its problem, beside the others', async () => {
  const [, second] = live.published;
  live.sb.faults.add({
    route: 'GET /v1/listings/:uuid/publications/:publicationUuid',
    kind: 'status',
    status: 404,
    times: 1,
  });
  const views = await live.call<PublicationView[]>('listings:publications', { uuid: second!.listingUuid });
  expect(views).toEqual([
    expect.objectContaining({
      uuid: second!.publicationUuid,
      actualState: null,
      checkedAt: null,
      problem: expect.objectContaining({ problem: 'publication-not-found' }),
    }),
  ]);
});
