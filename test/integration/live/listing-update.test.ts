// Editing a live listing through the router: only what changed is sent, whatever the update answers
// (200 with the listing, or 204), the Listings view follows, and the listing's publications go
// through validation again with the publish job following them back to 'published'.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../../src/shared/domain/activity';
import type { PublicationView } from '../../../src/shared/domain/live/live';
import type { PublishJobView, PublishNotice } from '../../../src/shared/domain/publishing/publish-job';
import type { ListingsState, ListingView } from '../../../src/shared/ipc/types';
import { liveApp, type LiveApp } from './helpers';

let live: LiveApp;
beforeEach(async () => {
  live = await liveApp([1]);
}, 30_000);
afterEach(async () => live.close());

type Updated = { listing: ListingView; publications: PublicationView[] };

it.each([200, 204] as const)(
  'changes price and title when the update answers %i; the publication is validated again',
  async (status) => {
    live.sb.setQuirks({ updateResponse: status });
    // Long enough to see the pending state in the answer.
    live.sb.configure({ validationDelayMs: 500 });
    const { listingUuid, publicationUuid, jobId } = live.published[0]!;
    await live.call('listings:list', { refresh: true });
    const jobStates: string[] = [];
    const notices: PublishNotice[] = [];
    const views: ListingsState[] = [];
    live.temp.app.events.subscribe((event, payload) => {
      if (event === 'publish:changed')
        for (const job of (payload as { jobs: PublishJobView[] }).jobs)
          if (job.id === jobId) jobStates.push(job.state);
      if (event === 'publish:notice') notices.push(payload as PublishNotice);
      if (event === 'listings:changed') views.push(payload as ListingsState);
    });
    const before = live.requests('PUT /v1/listings/:uuid');

    const result = await live.call<Updated>('listings:update', {
      uuid: listingUuid,
      patch: { title: 'Artikel 1 (neu)', price: { type: 'FIXED', amount: 99.5 } },
    });

    expect(result.listing).toMatchObject({
      uuid: listingUuid,
      title: 'Artikel 1 (neu)',
      adPrice: { amount: 99.5 },
    });
    expect(await live.listing(listingUuid)).toMatchObject({
      title: 'Artikel 1 (neu)',
      adPrice: { amount: 99.5 },
    });
    expect(live.requests('PUT /v1/listings/:uuid')).toBe(before + 1);
    // Right after the update the publication is pending again (the sandbox's name for it).
    expect(result.publications).toEqual([
      expect.objectContaining({
        uuid: publicationUuid,
        listingUuid,
        requestedState: 'PUBLISHED',
        actualState: 'PENDING_VALIDATION',
      }),
    ]);
    // The Listings view shows the new title.
    expect(views.at(-1)!.listings.find((l) => l.uuid === listingUuid)!.title).toBe('Artikel 1 (neu)');
    // The job is tracked again until the ad is live once more, and says so.
    await vi.waitFor(() => expect(notices).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(notices[0]).toMatchObject({ kind: 'live', jobId, actualState: 'PUBLISHED' });
    expect(jobStates[0]).toBe('tracking');
    expect(jobStates.at(-1)).toBe('published');
    const publications = await live.call<PublicationView[]>('listings:publications', { uuid: listingUuid });
    expect(publications).toEqual([
      expect.objectContaining({ uuid: publicationUuid, actualState: 'PUBLISHED' }),
    ]);
  },
);

it('sends nothing when the patch only repeats what the listing shows', async () => {
  const { listingUuid } = live.published[0]!;
  const current = await live.listing(listingUuid);
  const before = live.requests('PUT /v1/listings/:uuid');
  const result = await live.call<Updated>('listings:update', {
    uuid: listingUuid,
    patch: { title: current.title, price: current.adPrice, attributes: current.attributes },
  });
  expect(live.requests('PUT /v1/listings/:uuid')).toBe(before);
  expect(result.listing).toEqual(current);
  expect(result.publications[0]!.actualState).toBe('PUBLISHED');
});

it('clears an optional text with a null in the patch', async () => {
  const { listingUuid } = live.published[0]!;
  expect((await live.listing(listingUuid)).contactPerson).toBeTruthy();
  const { listing } = await live.call<Updated>('listings:update', {
    uuid: listingUuid,
    patch: { contactPerson: null },
  });
  expect(listing.contactPerson ?? '').toBe('');
  expect((await live.listing(listingUuid)).contactPerson ?? '').toBe('');
  // Issue 37.5: the seller's live change is in this desktop's activity log.
  const { entries } = await live.call<{ entries: ActivityEntry[] }>('activity:list', { ad: listingUuid });
  expect(entries.map((entry) => [entry.kind, entry.changed.fields])).toContainEqual([
    'live-change',
    ['contactPerson'],
  ]);
});

it('says "listing-not-found" for a listing the service does not have, and drops it from the view', async () => {
  const { listingUuid } = live.published[0]!;
  await live.call('listings:list', { refresh: true });
  const error = await live.fail('listings:update', {
    uuid: '00000000-0000-4000-8000-000000000000',
    patch: { title: 'x' },
  });
  expect(error).toMatchObject({ code: 'service', details: { problem: 'listing-not-found', status: 404 } });
  // In the test app's language (German, its system's).
  expect(error.message).toMatch(/gibt es beim Dienst nicht mehr/);

  // The listing vanishes between the read and the update (404 on the PUT).
  live.sb.faults.add({ route: 'PUT /v1/listings/:uuid', kind: 'status', status: 404, times: 1 });
  const gone = await live.fail('listings:update', { uuid: listingUuid, patch: { title: 'y' } });
  expect(gone).toMatchObject({ code: 'service', details: { problem: 'listing-not-found' } });
  const state = await live.call<ListingsState>('listings:list');
  expect(state.listings.map((l) => l.uuid)).not.toContain(listingUuid);
});

it('refuses a patch with a field the update does not have', async () => {
  const error = await live.fail('listings:update', {
    uuid: live.published[0]!.listingUuid,
    patch: { urls: [] },
  });
  expect(error.code).toBe('invalid-input');
});
