// How a finished job follows its ad afterwards (issue 23.5), and what a read of the list tells it.
import { describe, expect, it } from 'vitest';
import { tellJobs } from '../../../src/main/listings/ad-news';
import type { JobRecord } from '../../../src/main/publish/jobs/job-record';
import { followAd, outcomeOfStates, type AdNews } from '../../../src/main/publish/jobs/later-life';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';

const AT = '2026-11-27T01:00:00.000Z';

const record = (patch: Partial<JobRecord> = {}) =>
  ({
    listingUuid: 'L1',
    publicationUuid: 'P1',
    state: 'published',
    supersededBy: null,
    tracking: { requestedState: 'PUBLISHED', actualState: 'PUBLISHED', adId: 7, checkedAt: AT },
    ...patch,
  }) as JobRecord;

const states = (
  requestedState: string | null,
  actualState: string | null,
): Extract<AdNews, { kind: 'states' }> => ({
  kind: 'states',
  publicationUuid: 'P1',
  requestedState,
  actualState,
  adId: null,
});

describe('outcomeOfStates', () => {
  it.each([
    ['PAUSED', 'PAUSED', 'paused'],
    ['PUBLISHED', 'PAUSED', 'paused'],
    ['PUBLISHED', 'PUBLISHED', null],
    [null, 'PUBLISHED', null],
    ['PUBLISHED', 'REJECTED', 'needs-seller'],
    ['PUBLISHED', 'BLOCKED_BY_SUPPORT', 'needs-seller'],
    ['PUBLISHED', 'PENDING_VALIDATION', undefined],
    ['PAUSED', 'PUBLISHED', undefined],
    ['PUBLISHED', null, undefined],
  ] as const)('requested %s, actual %s: %s', (requested, actual, outcome) => {
    expect(outcomeOfStates(requested, actual)).toBe(outcome);
  });
});

describe('followAd', () => {
  it('marks a finished job of the listing sold or deleted, once', () => {
    const job = record();
    expect(followAd(job, 'L1', { kind: 'deleted', sold: true }, AT)).toBe(true);
    expect(job.later).toEqual({ outcome: 'sold', at: AT });
    expect(followAd(job, 'L1', { kind: 'deleted', sold: true }, AT)).toBe(false);
    // Gone from the list later says less than "sold".
    expect(followAd(job, 'L1', { kind: 'gone' }, AT)).toBe(false);
    expect(job.later?.outcome).toBe('sold');
  });

  it('leaves other listings, open jobs and jobs a later one took over alone', () => {
    for (const job of [
      record({ listingUuid: 'L2' }),
      record({ state: 'tracking' }),
      record({ state: 'failed' }),
      record({ supersededBy: 'newer' }),
    ]) {
      expect(followAd(job, 'L1', { kind: 'deleted', sold: false }, AT)).toBe(false);
      expect(job.later ?? null).toBeNull();
    }
  });

  it('takes later states: paused with the states shown, live again clears it, a listing thought gone is back', () => {
    const job = record();
    expect(followAd(job, 'L1', states('PAUSED', 'PAUSED'), AT)).toBe(true);
    expect(job.later?.outcome).toBe('paused');
    expect(job.tracking).toMatchObject({ requestedState: 'PAUSED', actualState: 'PAUSED', adId: 7 });
    expect(followAd(job, 'L1', states('PUBLISHED', 'PUBLISHED'), AT)).toBe(true);
    expect(job.later).toBeNull();
    expect(followAd(job, 'L1', { kind: 'gone' }, AT)).toBe(true);
    expect(followAd(job, 'L1', states('PUBLISHED', 'PUBLISHED'), AT)).toBe(true);
    expect(job.later).toBeNull();
    // Another publication's states, or a job that needs the seller (its slow check reads it): nothing.
    expect(followAd(job, 'L1', { ...states('PAUSED', 'PAUSED'), publicationUuid: 'P2' }, AT)).toBe(false);
    expect(followAd(record({ state: 'rejected' }), 'L1', states('PAUSED', 'PAUSED'), AT)).toBe(false);
  });
});

describe('tellJobs', () => {
  const view = (id: string, listingUuid: string, updatedAt: string, state = 'published') =>
    ({ id, accountId: 'A', listingUuid, state, updatedAt }) as PublishJobView;

  it('calls gone only what a whole list missed, and only jobs finished before it was asked for', async () => {
    const told: [string, AdNews['kind']][] = [];
    const jobs = {
      list: () => [
        view('1', 'listed', AT),
        view('2', 'missing', AT),
        view('3', 'late', '2026-11-27T02:00:00.000Z'),
        view('4', 'unreadable', AT),
        view('5', 'open', AT, 'tracking'),
        { ...view('6', 'other-account', AT), accountId: 'B' },
      ],
      followAd: async (uuid: string, news: AdNews) => {
        told.push([uuid, news.kind]);
        return 1;
      },
    };
    const read = {
      accountId: 'A',
      askedAtMs: Date.parse('2026-11-27T01:30:00.000Z'),
      listed: new Set(['listed']),
      unreadable: [
        { index: 1, uuid: 'unreadable', title: null, customReference: null, problem: 'x', fields: [] },
      ],
      states: new Map([
        ['listed', [{ uuid: 'P', requestedState: 'PAUSED', actualState: 'PAUSED', adId: 1 }]],
      ]),
    };
    expect(await tellJobs(jobs, read)).toBe(2);
    expect(told).toEqual([
      ['listed', 'states'],
      ['missing', 'gone'],
    ]);
    // An unreadable item without a uuid could be any listing: nothing is called gone.
    told.length = 0;
    await tellJobs(jobs, { ...read, unreadable: [{ ...read.unreadable[0]!, uuid: null }] });
    expect(told).toEqual([['listed', 'states']]);
  });
});
