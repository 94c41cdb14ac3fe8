// A feed that publishes waits for its run's jobs (src/main/feeds/publish-wait.ts): a job seen
// published is done for the run even when a later change of its ad (a price step, a live edit) sends
// it back to tracking, so a run over often-changed ads ends (found by the soak of issue 38.3).
import { describe, expect, it } from 'vitest';
import { waitForJobs } from '../../../src/main/feeds/publish-wait';
import type { PublishEngine } from '../../../src/main/publish/engine-api';
import type { PublishJobView } from '../../../src/shared/domain/publishing';

/** The engine's two calls the wait uses, over jobs the test moves. */
function jobsOf(initial: Partial<PublishJobView>[]) {
  const jobs = initial.map(
    (job) =>
      ({
        title: 'Lamp',
        listingUuid: null,
        error: null,
        rejectionReason: null,
        actualState: null,
        ...job,
      }) as PublishJobView,
  );
  const listeners = new Set<(jobs: PublishJobView[]) => void>();
  const list = () => jobs.map((job) => ({ ...job }));
  const engine: Pick<PublishEngine, 'list' | 'onChange'> = {
    list,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    engine,
    move(id: string, change: Partial<PublishJobView>) {
      Object.assign(
        jobs.find((job) => job.id === id)!,
        change,
      );
      for (const listener of listeners) listener(list());
    },
  };
}

describe('waitForJobs', () => {
  it('ends once each job was published, though a later change sent one back to tracking', async () => {
    const { engine, move } = jobsOf([
      { id: 'j1', draftId: 'd1', state: 'tracking' },
      { id: 'j2', draftId: 'd2', state: 'running' },
    ]);
    const waited = waitForJobs(engine, ['d1', 'd2']);
    move('j1', { state: 'published', listingUuid: 'l1' });
    // A price step of its ad: tracking again, while the other job is still under way.
    move('j1', { state: 'tracking' });
    move('j2', { state: 'published', listingUuid: 'l2' });
    expect(Object.fromEntries(await waited)).toEqual({
      d1: { ok: true, listingUuid: 'l1' },
      d2: { ok: true, listingUuid: 'l2' },
    });
  });

  it('says a rejected job failed, with its reason', async () => {
    const { engine, move } = jobsOf([{ id: 'j1', draftId: 'd1', state: 'tracking' }]);
    const waited = waitForJobs(engine, ['d1']);
    move('j1', { state: 'rejected', rejectionReason: 'Forbidden item' });
    const outcome = (await waited).get('d1');
    expect(outcome).toMatchObject({ ok: false, code: 'rejected' });
    expect(outcome && !outcome.ok && outcome.message).toContain('Forbidden item');
  });
});
