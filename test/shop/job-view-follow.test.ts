// Every desk's view current (issue 32.3): the Publishing view of the desk that pressed Publish
// follows the job another desk runs, step by step, to its end, whatever the two desks' clocks say;
// both desks show the job and the batch with the same step counts. Two desks on one real
// PostgreSQL and one sandbox; nothing is mocked.
import { afterEach, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { batchProgress, currentBatch, type PublishJobView } from '../../src/shared/domain/publishing';
import { openShop, shopDesk, type ShopDesk } from './helpers/shop-desk';

const opened: { desks: ShopDesk[]; sb?: Sandbox } = { desks: [] };
afterEach(async () => {
  for (const desk of opened.desks.splice(0)) await desk.close();
  await opened.sb?.close();
  opened.sb = undefined;
});

// What both desks must agree on (bytes and the next read are what only the runner knows).
const shown = (job: PublishJobView | undefined) =>
  job && {
    state: job.state,
    step: job.step,
    stepsDone: job.stepsDone,
    stepsTotal: job.stepsTotal,
    publicationUuid: job.publicationUuid,
    actualState: job.actualState,
    later: job.later,
  };

it('shows on the desk that pressed Publish the job another desk runs, to its end, with the same counts', async () => {
  const s = await openShop(opened, 1000);
  // The desk that presses Publish has no secret (another desk runs its job) and a clock ten minutes
  // ahead: its own copy of the job looks newer than every step the runner writes.
  const ahead = () => new Date(Date.now() + 10 * 60_000);
  const till = await shopDesk(s, 'Kasse', { hasSecret: false, now: ahead });
  opened.desks.push(till);
  const [draft] = await till.d.makeDrafts(1, 2);
  const seen: PublishJobView[] = [];
  till.engine.onChange((jobs) => seen.push(...jobs));
  const [press] = await till.engine.start([draft!.id]);
  const jobId = press!.jobId!;
  await vi.waitFor(() => expect(till.engine.get(jobId)?.state).toBe('waiting'));

  const office = await shopDesk(s, 'Büro');
  opened.desks.push(office);
  await vi.waitFor(
    () => {
      expect(office.engine.get(jobId)?.state).toBe('published');
      expect(shown(till.engine.get(jobId))).toEqual(shown(office.engine.get(jobId)));
    },
    { timeout: 30_000, interval: 100 },
  );
  expect(till.engine.get(jobId)).toMatchObject({
    state: 'published',
    stepsDone: 9,
    stepsTotal: 9,
    desk: { runner: 'Büro', requestedBy: 'Kasse', here: false },
  });
  // Followed on the way, never backwards: the runner's steps reached the desk that pressed Publish.
  const path = seen.filter((job) => job.id === jobId);
  const done = path.map((job) => job.stepsDone);
  expect(done).toEqual([...done].sort((a, b) => a - b));
  expect(path.some((job) => job.state === 'running' || job.state === 'tracking')).toBe(true);
  // The batch bar sums the same jobs on both desks.
  const batch = (desk: ShopDesk) => batchProgress(currentBatch(desk.engine.list()));
  expect(batch(till)).toEqual(batch(office));
  expect(batch(till)).toMatchObject({ jobs: 1, published: 1, stepsDone: 9, stepsTotal: 9 });
  await vi.waitFor(async () => expect((await till.d.drafts.get(draft!.id)).status).toBe('published'));
});
