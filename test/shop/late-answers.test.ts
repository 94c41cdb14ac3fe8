// Issue 36.1 in a shop: two desks on one real PostgreSQL run the jobs of one account while the
// service finishes a listing create and a publication create 3× later than the client's timeout plus
// its settling margin. Whichever desk runs a job keeps reading after it published: at the end no draft
// has more than one listing and no listing more than one visible publication, and the job's history
// (the shop's copy, seen on both desks) says what happened.
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import type { PublishJobView } from '../../src/shared/domain/publishing/publish-job';
import { clientOf } from '../integration/publish/helpers';
import { adsPerDraft, historyKeys, LATE_MS, LATE_TIMING } from '../integration/publish/late-checks';
import { openShop, shopDesk, type ShopDesk } from './helpers/shop-desk';

const opened: { desks: ShopDesk[]; sb?: Sandbox } = { desks: [] };
afterEach(async () => {
  for (const desk of opened.desks.splice(0)) await desk.close();
  await opened.sb?.close();
  opened.sb = undefined;
});

// Each job as the desk that runs it shows it.
function runnersViews(desks: readonly ShopDesk[]): PublishJobView[] {
  const views = new Map<string, PublishJobView>();
  for (const desk of desks)
    for (const job of desk.engine.list()) if (job.desk?.here || !views.has(job.id)) views.set(job.id, job);
  return [...views.values()];
}

describe('creates the service finishes late, in a shop', () => {
  it('leaves one listing per draft and one visible publication per listing', async () => {
    const s = await openShop(opened);
    s.sb.setQuirks({ lateFinish: { listingMs: LATE_MS, publicationMs: LATE_MS, times: 2 } });
    const a = await shopDesk(s, 'Laden', { window: LATE_TIMING });
    opened.desks.push(a);
    const drafts = await a.d.makeDrafts(4, 1, 8);
    const b = await shopDesk(s, 'Lager', { draftsOf: a.d, window: LATE_TIMING });
    opened.desks.push(b);
    await a.engine.start(drafts.map((draft) => draft.id));

    // Published, and every job that lost a create's answer has ended its watch (its history says so).
    await vi.waitFor(
      () => {
        const jobs = runnersViews([a, b]);
        expect(jobs.map((job) => job.state)).toEqual(drafts.map(() => 'published'));
        for (const job of jobs) {
          const keys = historyKeys(job);
          if (keys.some((key) => key.endsWith('NoAnswer'))) expect(keys).toContain('lateWatchEnded');
        }
      },
      { timeout: 45_000, interval: 200 },
    );
    const ads = await adsPerDraft(clientOf(s.sb), drafts);
    for (const ad of ads) {
      expect(ad.listings).toHaveLength(1);
      expect(Object.values(ad.visible)).toEqual([1]);
    }
    const keys = runnersViews([a, b]).flatMap(historyKeys);
    expect(keys).toEqual(
      expect.arrayContaining([
        'listingNoAnswer',
        'lateListingDeleted',
        'publicationNoAnswer',
        'latePublicationPaused',
      ]),
    );
    // Both late listing creates landed and went again; the service's records are as the checks found.
    const stats = s.sb.stats().requests;
    expect(stats['DELETE /v1/listings/:uuid']).toEqual({ '200': 2 });
    expect(stats['PUT /v1/listings/:uuid/publications/:publicationUuid/state']).toEqual({ '200': 2 });

    // Issue 37.5: each duplicate removed is in the team's activity log once, written with the job's
    // step that records it: the desk that removed it, the ad kept and the one removed.
    const db = new pg.Client({ connectionString: s.url });
    await db.connect();
    const { rows } = await db
      .query<{ running: string; job: string; ad: string; changed: Record<string, string> }>(
        `select (select name from listing_desk.desks d where d.id = a.running_desk) as running, a.job, a.ad,
                a.changed
           from listing_desk.activity a where kind = 'duplicate-removed' order by id`,
      )
      .finally(() => db.end());
    expect(rows.map((row) => `${row.changed['what']} ${row.changed['how']}`).sort()).toEqual([
      'listing deleted',
      'listing deleted',
      'publication paused',
      'publication paused',
    ]);
    const published = new Map(runnersViews([a, b]).map((job) => [job.id, job]));
    for (const row of rows) {
      expect(['Laden', 'Lager']).toContain(row.running);
      const job = published.get(row.job)!;
      expect(row.ad).toBe(job.listingUuid);
      expect(row.changed['kept']).toBe(job.listingUuid);
      expect(row.changed['removed']).toMatch(/\S/);
      expect(row.changed['removed']).not.toBe(row.changed['kept']);
    }
  });
});
