// The batch bar's jobs (issue 32.3): worked out from the jobs' own times, so that every desk of a
// shop sums the same ones.
import { describe, expect, it } from 'vitest';
import { currentBatch, type PublishJobView } from '../../../src/shared/domain/publishing';

type Job = Pick<PublishJobView, 'id' | 'state' | 'createdAt' | 'updatedAt' | 'supersededBy'>;
const at = (minute: number) => new Date(Date.UTC(2026, 11, 6, 9, minute)).toISOString();
const job = (
  id: string,
  state: Job['state'],
  created: number,
  updated: number,
  supersededBy = null,
): Job => ({
  id,
  state,
  createdAt: at(created),
  updatedAt: at(updated),
  supersededBy,
});
const ids = (jobs: Job[]) => currentBatch(jobs).map((one) => one.id);

describe('currentBatch', () => {
  it('takes the newest job and those that ran while the batch ran, not an earlier batch', () => {
    const jobs = [
      job('yesterday', 'published', 0, 2),
      job('a', 'published', 10, 14),
      job('b', 'published', 11, 15),
      job('c', 'tracking', 13, 16),
    ];
    expect(ids(jobs).sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps an open job of any age and leaves out one a later job took over', () => {
    const jobs = [
      job('old-open', 'waiting', 0, 1),
      job('ended', 'failed', 2, 3),
      job('taken-over', 'failed', 20, 21, 'new' as never),
      job('new', 'running', 22, 22),
    ];
    expect(ids(jobs).sort()).toEqual(['new', 'old-open']);
  });

  it('gives the same jobs whatever order the desk lists them in', () => {
    const jobs = [job('a', 'published', 10, 14), job('b', 'published', 11, 12), job('c', 'failed', 1, 2)];
    expect(ids(jobs).sort()).toEqual(ids([...jobs].reverse()).sort());
    expect(ids([])).toEqual([]);
  });
});
