// Which jobs a later published job of the same draft makes needless.
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../src/main/publish/jobs/job-record';
import { outdatedJobs } from '../../../src/main/publish/jobs/supersede';

const job = (
  id: string,
  draftId: string,
  state: JobRecord['state'],
  createdAt: string,
  supersededBy: string | null = null,
) => ({ id, draftId, state, createdAt, supersededBy }) as JobRecord;

describe('outdatedJobs', () => {
  it('names failed and rejected jobs older than a published job of the same draft', () => {
    const records = [
      job('f1', 'a', 'failed', '2026-01-01T00:00:00Z'),
      job('r1', 'a', 'rejected', '2026-01-01T00:01:00Z'),
      job('c1', 'a', 'cancelled', '2026-01-01T00:02:00Z'),
      job('p1', 'a', 'published', '2026-01-01T00:03:00Z'),
      job('f2', 'a', 'failed', '2026-01-01T00:04:00Z'),
      job('fb', 'b', 'failed', '2026-01-01T00:00:00Z'),
      job('ft', 'c', 'failed', '2026-01-01T00:00:00Z', 'x'),
      job('pc', 'c', 'published', '2026-01-01T00:05:00Z'),
    ];
    expect(outdatedJobs(records).map(({ record, by }) => [record.id, by])).toEqual([
      ['f1', 'p1'],
      ['r1', 'p1'],
    ]);
  });

  it('names a job after the latest published one of its draft', () => {
    const records = [
      job('f1', 'a', 'failed', '2026-01-01T00:00:00Z'),
      job('p2', 'a', 'published', '2026-01-01T00:09:00Z'),
      job('p1', 'a', 'published', '2026-01-01T00:03:00Z'),
    ];
    expect(outdatedJobs(records).map(({ by }) => by)).toEqual(['p2']);
  });
});
