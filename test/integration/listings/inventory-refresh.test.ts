// The live inventory keeps itself current (issue 15): ads that go live reach the listings view
// without a refresh asked for, a live change reaches it at once, and each listing carries its
// publications' states, read from the service (or from the publish jobs where the service has no
// such read). The real app over a temporary data folder, its embedded sandbox; nothing is mocked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublishState } from '../../../src/shared/domain/publishing/publish-job';
import type { ListingsState } from '../../../src/shared/ipc/types';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';
import { liveApp, type LiveApp } from '../live/helpers';

const LIST_PUBLICATIONS = 'GET /v1/listings/:uuid/publications';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** The app with `count` ready drafts, and the `listings:changed` events it sends. */
async function appWithDrafts(count: number) {
  const folder = tempDir('listing-desk-inventory-');
  for (let i = 0; i < count; i += 1)
    writeDraft(
      folder.dir,
      readyDraft(folder.dir, 10 * (i + 1), {
        title: `Regal ${i + 1}`,
        customReference: `INV-${i + 1}`,
        publication,
      }),
    );
  const temp: TempApp = await createTempApp(folder.dir);
  temp.app.sandbox.sandbox.configure({ validationDelayMs: 50 });
  const events: ListingsState[] = [];
  temp.app.events.subscribe((event, payload) => {
    if (event === 'listings:changed') events.push(payload as ListingsState);
  });
  cleanup = async () => {
    await temp.remove();
    folder.remove();
  };
  return { temp, events, latest: () => events.at(-1) };
}

const requests = (temp: TempApp, route: string) =>
  Object.values(temp.app.sandbox.sandbox.stats().requests[route] ?? {}).reduce((sum, n) => sum + n, 0);

describe('refresh after publishing', () => {
  it('lists ads that went live, live, without a refresh asked for', async () => {
    const { temp, events, latest } = await appWithDrafts(3);
    // The seller looked at Listings before publishing: nothing there yet.
    const before = await temp.call<ListingsState>('listings:list');
    expect(before.listings).toEqual([]);
    const listCalls = requests(temp, 'GET /v1/listings');

    const { items } = await temp.call<{ items: { id: string }[] }>('drafts:list');
    await temp.call('publish:start', { draftIds: items.map((item) => item.id) });
    await vi.waitFor(
      async () => {
        const { jobs } = await temp.call<PublishState>('publish:list');
        expect(jobs.map((job) => job.state)).toEqual(['published', 'published', 'published']);
      },
      { timeout: 20_000, interval: 100 },
    );
    // No listings:list { refresh } from here on: the event alone brings the list.
    await vi.waitFor(() => expect(latest()?.listings).toHaveLength(3), { timeout: 5_000, interval: 50 });
    const state = latest()!;
    expect(state.listings.map((l) => l.title).sort()).toEqual(['Regal 1', 'Regal 2', 'Regal 3']);
    const { jobs } = await temp.call<PublishState>('publish:list');
    for (const job of jobs) {
      // The row shows the state the toast announced, never a pending one left over.
      expect(state.extras?.[job.listingUuid!]?.publications).toEqual([
        { uuid: job.publicationUuid, requestedState: 'PUBLISHED', actualState: 'PUBLISHED', adId: job.adId },
      ]);
    }
    expect(state.publicationsFrom).toBe('service');
    // Three ads going live close together: a few fetches of the list, not one per job change.
    expect(requests(temp, 'GET /v1/listings') - listCalls).toBeLessThanOrEqual(3);
    expect(events.length).toBeGreaterThan(0);
    // What was fetched is also what the next open of the view shows.
    const listed = await temp.call<ListingsState>('listings:list');
    expect(listed.listings).toHaveLength(3);
  }, 40_000);
});

describe('with published listings', () => {
  let live: LiveApp;
  const events: ListingsState[] = [];
  const start = async () => {
    live = await liveApp([1, 1]);
    live.temp.app.events.subscribe((event, payload) => {
      if (event === 'listings:changed') events.push(payload as ListingsState);
    });
    cleanup = () => live.close();
  };

  it('a live change reaches the list at once, and the listing is marked as changed', async () => {
    await start();
    const first = await live.call<ListingsState>('listings:list', { refresh: true });
    const [one] = live.published;
    const changedBefore = first.extras![one!.listingUuid]!.changedAt;
    const seenBefore = first.extras![one!.listingUuid]!.seenAt;
    events.length = 0;
    await live.call('listings:update', { uuid: one!.listingUuid, patch: { title: 'Regal, neu lackiert' } });
    const after = events.at(-1)!;
    expect(after.listings.find((l) => l.uuid === one!.listingUuid)?.title).toBe('Regal, neu lackiert');
    expect(after.extras![one!.listingUuid]!.seenAt).toBe(seenBefore);
    expect(after.extras![one!.listingUuid]!.changedAt > changedBefore).toBe(true);
    // Its publications' states stay on the row.
    expect(after.extras![one!.listingUuid]!.publications.map((p) => p.uuid)).toEqual([one!.publicationUuid]);
  }, 40_000);

  it('reads each listing’s publications once per refresh, from the service', async () => {
    await start();
    const reads = live.requests(LIST_PUBLICATIONS);
    const state = await live.call<ListingsState>('listings:list', { refresh: true });
    expect(live.requests(LIST_PUBLICATIONS) - reads).toBe(2);
    expect(state.publicationsFrom).toBe('service');
    for (const p of live.published) {
      expect(state.extras![p.listingUuid]!.publications).toEqual([
        {
          uuid: p.publicationUuid,
          requestedState: 'PUBLISHED',
          actualState: 'PUBLISHED',
          adId: expect.any(Number),
        },
      ]);
    }
  }, 40_000);

  it('a refresh the seller did not ask for reads only publications that may have moved', async () => {
    await start();
    const full = await live.call<ListingsState>('listings:list', { refresh: true });
    let reads = live.requests(LIST_PUBLICATIONS);
    // Both ads are live and unchanged: a background refresh (focus, interval) reads none again.
    const quiet = await live.call<ListingsState>('listings:list', { refresh: true, background: true });
    expect(live.requests(LIST_PUBLICATIONS) - reads).toBe(0);
    expect(quiet.extras).toEqual(full.extras);
    // One ad changed on the service (a photo added elsewhere): only it is read again.
    const [one] = live.published;
    await live.api.addImage(one!.listingUuid);
    reads = live.requests(LIST_PUBLICATIONS);
    const again = await live.call<ListingsState>('listings:list', { refresh: true, background: true });
    expect(live.requests(LIST_PUBLICATIONS) - reads).toBe(1);
    expect(again.extras![one!.listingUuid]!.publications).toHaveLength(1);
    // Refresh pressed by the seller: every listing's publications are read.
    reads = live.requests(LIST_PUBLICATIONS);
    await live.call<ListingsState>('listings:list', { refresh: true });
    expect(live.requests(LIST_PUBLICATIONS) - reads).toBe(2);
  }, 40_000);

  it('takes the states from the publish jobs where the service has no such read, after one try', async () => {
    await start();
    live.sb.setQuirks({ publicationsRead: 'off' });
    const reads = live.requests(LIST_PUBLICATIONS);
    const state = await live.call<ListingsState>('listings:list', { refresh: true });
    expect(live.requests(LIST_PUBLICATIONS) - reads).toBe(1);
    expect(state.publicationsFrom).toBe('jobs');
    const { jobs } = await live.call<PublishState>('publish:list');
    for (const job of jobs) {
      expect(state.extras![job.listingUuid!]!.publications).toEqual([
        { uuid: job.publicationUuid, requestedState: 'PUBLISHED', actualState: 'PUBLISHED', adId: job.adId },
      ]);
    }
  }, 40_000);

  it('fills in states the service’s read leaves out from the jobs', async () => {
    await start();
    live.sb.setQuirks({ publicationStates: 'absent' });
    const state = await live.call<ListingsState>('listings:list', { refresh: true });
    expect(state.publicationsFrom).toBe('service');
    for (const p of live.published)
      expect(state.extras![p.listingUuid]!.publications).toEqual([
        expect.objectContaining({ uuid: p.publicationUuid, actualState: 'PUBLISHED' }),
      ]);
  }, 40_000);

  it('keeps the last list with its states when a refresh fails, and says so', async () => {
    await start();
    const good = await live.call<ListingsState>('listings:list', { refresh: true });
    live.sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 400, times: 1 });
    const failed = await live.call<ListingsState>('listings:list', { refresh: true });
    expect(failed.problem).toMatchObject({ status: 400 });
    expect(failed.fetchedAt).toBe(good.fetchedAt);
    expect(failed.listings).toEqual(good.listings);
    expect(failed.extras).toEqual(good.extras);
  }, 40_000);

  it('keeps a listing’s last known states when only its publications cannot be read', async () => {
    await start();
    const good = await live.call<ListingsState>('listings:list', { refresh: true });
    // One read fails with an answer that does not mean "not offered": that listing keeps its states.
    live.sb.faults.add({ route: LIST_PUBLICATIONS, kind: 'status', status: 400, times: 1 });
    const next = await live.call<ListingsState>('listings:list', { refresh: true });
    expect(next.problem).toBeUndefined();
    expect(next.publicationsFrom).toBe('service');
    expect(next.extras).toEqual(good.extras);
    expect(live.temp.log.warn.mock.calls.map(([m]) => m)).toContainEqual(
      expect.stringContaining('The publications of 1 listing(s) could not be read'),
    );
  }, 40_000);
});
