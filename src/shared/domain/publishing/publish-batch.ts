// Which jobs the Publishing view's batch bar sums. Worked out from the jobs alone (their creation
// and last change as their records say), never from when this window opened, so that every desk
// of a shop sums the same jobs and shows the same "steps x of y" (issue 32.3).
import { isOpenJobState, type PublishJobView } from './publish-job';

type BatchJob = Pick<PublishJobView, 'state' | 'createdAt' | 'updatedAt' | 'supersededBy'>;

/**
 * The current batch: the newest job and every job whose run overlaps the batch's (pressed before
 * the batch's others ended), every open job with them; a job a later one took over is left out.
 */
export function currentBatch<J extends BatchJob>(jobs: readonly J[]): J[] {
  const candidates = jobs
    .filter((job) => !job.supersededBy)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const batch: J[] = [];
  let start: string | undefined;
  for (const job of candidates) {
    const overlaps = start === undefined || job.updatedAt >= start;
    if (!isOpenJobState(job.state) && !overlaps) continue;
    batch.push(job);
    if (start === undefined || job.createdAt < start) start = job.createdAt;
  }
  return batch;
}
