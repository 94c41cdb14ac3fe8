// What the window hears after one read of the list that brings both a live change for a linked
// draft (issue 23.1) and news of its ad for the publish job (issue 23.5), against the app's embedded
// sandbox through the router: the list first, the draft and the job once each, and the job's states
// on the list's row right after the job. The one listener on reads (issue 31.3) fixes the rest: the
// job before the draft.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import type { ListingsState } from '../../../src/shared/ipc/types';
import { liveApp, type LiveApp } from './helpers';

type Heard =
  | ['listings:changed', ListingsState]
  | ['drafts:changed', { ids: string[] }]
  | ['publish:changed', { jobs: PublishJobView[] }];

const SHOWN = new Set(['listings:changed', 'drafts:changed', 'publish:changed']);

let live: LiveApp;
beforeEach(async () => {
  live = await liveApp([1]);
}, 30_000);
afterEach(async () => live.close());

/**
 * Someone else lowers the ad's price and pauses it; the seller then refreshes the list. Resolves with
 * the events the window heard from the refresh on, once the draft and the job have both been told.
 */
async function refreshAfterChangesElsewhere(): Promise<Heard[]> {
  const { listingUuid, publicationUuid } = live.published[0]!;
  // The list as the app knows it before: the listing as published.
  await live.call<ListingsState>('listings:list', { refresh: true });
  await live.api.call('PUT', `/v1/listings/${listingUuid}`, {
    body: { price: { type: 'FIXED', amount: 89 } },
  });
  const pause = await live.api.call(
    'PUT',
    `/v1/listings/${listingUuid}/publications/${publicationUuid}/state?requestedState=PAUSED`,
  );
  expect(pause.status).toBeLessThan(300);
  // The sandbox's actual state follows after its validation delay.
  await vi.waitFor(async () => {
    const read = await live.api.call('GET', `/v1/listings/${listingUuid}/publications/${publicationUuid}`);
    expect(read.body).toMatchObject({ actualState: 'PAUSED' });
  });

  const heard: Heard[] = [];
  const stop = live.temp.app.events.subscribe((event, payload) => {
    if (SHOWN.has(event)) heard.push([event, payload] as Heard);
  });
  try {
    await live.call<ListingsState>('listings:list', { refresh: true });
    await vi.waitFor(
      () => {
        expect(heard.map(([event]) => event)).toContain('drafts:changed');
        expect(heard.map(([event]) => event)).toContain('publish:changed');
      },
      { timeout: 10_000, interval: 20 },
    );
    // Whatever else the read causes is told in the same turn as the job's news.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    stop();
  }
  return heard;
}

it('tells the window of the list first, then of the draft and of the job once each, the job’s states on the row right after the job', async () => {
  const { listingUuid, publicationUuid, draftId, jobId } = live.published[0]!;
  const heard = await refreshAfterChangesElsewhere();
  const events = heard.map(([event]) => event);
  expect(events).toHaveLength(4);
  const paused = { uuid: publicationUuid, requestedState: 'PAUSED', actualState: 'PAUSED' };

  // The list as read: the new price, and the publication's states read with it.
  const [first] = heard;
  expect(first![0]).toBe('listings:changed');
  const read = first![1] as ListingsState;
  expect(read.listings.find((l) => l.uuid === listingUuid)?.adPrice.amount).toBe(89);
  expect(read.extras?.[listingUuid]?.publications).toEqual([expect.objectContaining(paused)]);

  // The linked draft took the price in.
  expect(heard.filter(([event]) => event === 'drafts:changed')).toEqual([
    ['drafts:changed', { ids: [draftId] }],
  ]);
  expect((await live.call<Draft>('drafts:get', { id: draftId })).price.amount).toBe('89');

  // The job learned its ad was paused; the list's row shows its states at once.
  const job = events.indexOf('publish:changed');
  expect(events.lastIndexOf('publish:changed')).toBe(job);
  const jobs = (heard[job]![1] as { jobs: PublishJobView[] }).jobs;
  expect(jobs.find((j) => j.id === jobId)).toMatchObject({
    actualState: 'PAUSED',
    later: { outcome: 'paused' },
  });
  expect(heard[job + 1]?.[0]).toBe('listings:changed');
  const row = (heard[job + 1]![1] as ListingsState).extras?.[listingUuid];
  expect(row?.publications).toEqual([expect.objectContaining(paused)]);
});

it('tells the window in the one order of the read’s listener: the list, the job, its row, then the draft', async () => {
  const heard = await refreshAfterChangesElsewhere();
  expect(heard.map(([event]) => event)).toEqual([
    'listings:changed',
    'publish:changed',
    'listings:changed',
    'drafts:changed',
  ]);
});
