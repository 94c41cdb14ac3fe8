// Keeps the listings view in step with publishing: a job whose publication's states change puts the
// new states on its listing's row at once (no call to the service: the job has just read them), and
// a job whose publication exists (in review or live) refreshes its account's list when the listing
// is not on it yet, so the new ad is there without the seller pressing Refresh. Several ads going
// live together cost one refresh, not one each.
import type { PublishJobView } from '../../shared/domain/publishing';
import type { PublicationStateView } from '../../shared/ipc/types';
import { jobState } from './publication-states';

/** What the watcher changes. */
export interface JobWatchTarget {
  /** Puts one publication's states on a listing's row (of a list already loaded). */
  patch(accountId: string, listingUuid: string, state: PublicationStateView): void;
  /** Fetches the account's list again if it lacks the listing (soon; calls close together are one fetch). */
  refresh(accountId: string, listingUuid: string): void;
}

/** A listener for the engine's job changes. */
export function watchJobs(target: JobWatchTarget): (jobs: readonly PublishJobView[]) => void {
  const seen = new Map<string, string>();
  return (jobs) => {
    for (const job of jobs) {
      if (!job.listingUuid || !job.publicationUuid) continue;
      const key = JSON.stringify([job.state, job.requestedState, job.actualState, job.adId]);
      const before = seen.get(job.id);
      if (before === key) continue;
      seen.set(job.id, key);
      target.patch(job.accountId, job.listingUuid, jobState(job));
      // From the moment its publication exists (in review) the ad belongs on the list.
      if (job.state === 'tracking' || job.state === 'published')
        target.refresh(job.accountId, job.listingUuid);
    }
  };
}
