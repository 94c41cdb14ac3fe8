// What a draft becomes at start, given the job that speaks for it (startup-repair.ts).
import { describe, expect, it } from 'vitest';
import { agreeWith, latestJobs } from '../../../src/main/publish/drafts/startup-repair';
import { newJobRecord } from '../../../src/main/publish/drafts/new-job';
import type { JobRecord } from '../../../src/main/publish/jobs/job-record';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { sampleDraft } from '../../fixtures/drafts';

const draft = (overrides: Partial<Draft> = {}): Draft => ({ ...sampleDraft('d-1'), ...overrides });

function job(state: JobRecord['state'], overrides: Partial<JobRecord> = {}): JobRecord {
  const record = newJobRecord({
    id: '00000000-0000-4000-8000-000000000001',
    draft: draft(),
    accountId: 'sandbox',
    photoFiles: [],
    inheritListing: null,
    now: new Date('2026-01-01T00:00:00Z'),
  });
  return { ...record, state, ...overrides };
}

const live = { listingUuid: 'l-1', publicationUuid: 'p-1' };

describe('agreeWith', () => {
  it('a published job: a draft left publishing becomes published, with its link', () => {
    const out = agreeWith(draft({ status: 'publishing', remote: null }), job('published', live));
    expect(out).toMatchObject({
      status: 'published',
      remote: { listingUuid: 'l-1', publicationUuid: 'p-1' },
    });
  });

  it('a published job: a draft still linked to its listing but marked failed becomes published', () => {
    const out = agreeWith(
      draft({ status: 'failed', remote: { listingUuid: 'l-1' } }),
      job('published', live),
    );
    expect(out).toMatchObject({ status: 'published', remote: { publicationUuid: 'p-1' } });
  });

  it('a published job: a draft unlinked since is left alone', () => {
    const mine = draft({ status: 'ready', remote: null });
    expect(agreeWith(mine, job('published', live))).toBe(mine);
  });

  it('failed and rejected jobs: the draft shows the failure, keeping the listing', () => {
    expect(agreeWith(draft({ status: 'publishing' }), job('failed', { listingUuid: 'l-1' }))).toMatchObject({
      status: 'failed',
      remote: { listingUuid: 'l-1' },
    });
    expect(agreeWith(draft({ status: 'publishing' }), job('rejected', live)).status).toBe('failed');
  });

  it('a cancelled job: back to a draft; an open job: publishing', () => {
    expect(agreeWith(draft({ status: 'publishing' }), job('cancelled')).status).toBe('draft');
    expect(agreeWith(draft({ status: 'ready' }), job('queued')).status).toBe('publishing');
    const publishing = draft({ status: 'publishing' });
    expect(agreeWith(publishing, job('tracking', live))).toBe(publishing);
  });

  it('no job: a draft publishing goes back, any other stays', () => {
    expect(agreeWith(draft({ status: 'publishing' }), undefined).status).toBe('draft');
    const ready = draft({ status: 'ready' });
    expect(agreeWith(ready, undefined)).toBe(ready);
  });

  it('a retracked job only sets the status of a draft still linked to it', () => {
    const linked = draft({ status: 'publishing', remote: { listingUuid: 'l-1', photoUrls: { a: 'u' } } });
    const out = agreeWith(linked, job('published', { ...live, retracked: true }));
    expect(out).toEqual({ ...linked, status: 'published' });
  });
});

describe('latestJobs', () => {
  it('takes the latest job of each draft that no later job superseded', () => {
    const older = job('failed', { id: 'a', createdAt: '2026-01-01T00:00:00Z', supersededBy: 'b' });
    const newer = job('published', { id: 'b', createdAt: '2026-01-02T00:00:00Z' });
    const other = job('cancelled', { id: 'c', draftId: 'd-2', createdAt: '2026-01-03T00:00:00Z' });
    const latest = latestJobs([newer, older, other]);
    expect(latest.get('d-1')?.id).toBe('b');
    expect(latest.get('d-2')?.id).toBe('c');
  });
});
