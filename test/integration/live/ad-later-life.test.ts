// What became of an ad after its job reaches the Publishing view (issue 23.5), through the router and
// main's `publish:changed` event: sold or deleted in Listings, paused and resumed, and taken down or
// paused behind the app's back (seen by the next read of the account's list). The jobs' files keep it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublishJobView, PublishState } from '../../../src/shared/domain/publishing/publish-job';
import { liveApp, type LiveApp } from './helpers';

let live: LiveApp;
// Every job as the last `publish:changed` event carried it.
const heard = new Map<string, PublishJobView>();
beforeAll(async () => {
  live = await liveApp([1, 1, 1, 1, 1]);
  live.temp.app.events.subscribe((event, payload) => {
    if (event !== 'publish:changed') return;
    for (const job of (payload as { jobs: PublishJobView[] }).jobs) heard.set(job.id, job);
  });
}, 60_000);
afterAll(async () => live.close());

const job = async (jobId: string) =>
  (await live.call<PublishState>('publish:list')).jobs.find((entry) => entry.id === jobId)!;

/** Waits until both the event and publish:list carry `expected` for the job. */
async function expectJob(jobId: string, expected: Partial<PublishJobView>): Promise<void> {
  await vi.waitFor(
    async () => {
      expect(heard.get(jobId)).toMatchObject(expected);
      expect(await job(jobId)).toMatchObject(expected);
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('an ad after its job', () => {
  it('sold in Listings: the job says sold, and its file keeps it', async () => {
    const { listingUuid, jobId } = live.published[0]!;
    await live.call('listings:delete', { uuid: listingUuid, sold: true });
    await expectJob(jobId, { state: 'published', later: { outcome: 'sold', at: expect.any(String) } });
    const file = JSON.parse(
      await readFile(path.join(live.temp.dataDir, 'jobs', `${jobId}.json`), 'utf8'),
    ) as {
      later?: { outcome: string };
    };
    expect(file.later?.outcome).toBe('sold');
    // The other ads are as their jobs left them.
    expect((await job(live.published[1]!.jobId)).later ?? null).toBeNull();
  });

  it('deleted plainly in Listings: the job says deleted', async () => {
    const { listingUuid, jobId } = live.published[1]!;
    await live.call('listings:delete', { uuid: listingUuid });
    await expectJob(jobId, { later: { outcome: 'deleted', at: expect.any(String) } });
  });

  it('paused, then resumed: the job says paused with the states read, then is live again', async () => {
    const { listingUuid, publicationUuid, jobId } = live.published[2]!;
    await live.call('publications:set-state', { listingUuid, uuid: publicationUuid, state: 'PAUSED' });
    await expectJob(jobId, {
      actualState: 'PAUSED',
      requestedState: 'PAUSED',
      later: { outcome: 'paused', at: expect.any(String) },
    });
    await live.call('publications:set-state', { listingUuid, uuid: publicationUuid, state: 'RESUMED' });
    await expectJob(jobId, { actualState: 'PUBLISHED', later: null });
  });

  it('taken down or paused behind the app’s back: the next read of the list tells the jobs', async () => {
    const gone = live.published[3]!;
    const paused = live.published[4]!;
    expect((await live.api.call('DELETE', `/v1/listings/${gone.listingUuid}`)).status).toBeLessThan(300);
    const pause = await live.api.call(
      'PUT',
      `/v1/listings/${paused.listingUuid}/publications/${paused.publicationUuid}/state?requestedState=PAUSED`,
    );
    expect(pause.status).toBeLessThan(300);
    // The sandbox's actual state follows after its validation delay; a read before it says nothing new.
    await vi.waitFor(async () => {
      const read = await live.api.call(
        'GET',
        `/v1/listings/${paused.listingUuid}/publications/${paused.publicationUuid}`,
      );
      expect(read.body).toMatchObject({ actualState: 'PAUSED' });
    });
    await live.call('listings:list', { refresh: true });
    await expectJob(gone.jobId, { later: { outcome: 'gone', at: expect.any(String) } });
    await expectJob(paused.jobId, {
      actualState: 'PAUSED',
      later: { outcome: 'paused', at: expect.any(String) },
    });
    // Sold stays sold: a listing taken down here is not "gone" from the list's point of view.
    expect((await job(live.published[0]!.jobId)).later?.outcome).toBe('sold');
    const logged = live.temp.log.info.mock.calls.map(([message]) => String(message));
    expect(logged).toContainEqual(expect.stringContaining(`Listing ${gone.listingUuid}: gone news`));
  });
});
