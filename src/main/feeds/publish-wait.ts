// A feed that publishes waits for the ads its run started (issue 25.3): each new row is done once
// its ad is live, and failed, with the engine's why, once it was rejected or its job stopped. The
// publish engine does the publishing, exactly once; this only watches its jobs.
import { isOpenJobState, type PublishJobView } from '../../shared/domain/publishing';
import type { PublishEngine } from '../publish/engine-api';
import { mainI18n } from '../i18n';
import { serviceMessageLine } from '../../shared/service-messages';
import type { PublishJobError } from '../../shared/domain/publishing';

/** A job's error in the app's language where the words know it, else the engine's own. */
function whyOf(error: PublishJobError): string {
  const language = mainI18n.language === 'de' ? 'de' : 'en';
  const failure = {
    problem: error.problem,
    ...(error.operation !== undefined && { operation: error.operation }),
    ...(error.status !== undefined && { status: error.status }),
    ...(error.fields !== undefined && { fields: error.fields }),
    ...(error.likelyCause !== undefined && { likelyCause: error.likelyCause }),
  };
  return serviceMessageLine(failure, language) ?? `${error.detail} ${error.whatToDo}`.trim();
}

/** How a draft's publishing ended for the run. */
export type PublishOutcome =
  { ok: true; listingUuid: string | null } | { ok: false; code: string; message: string };

/** The newest job of each draft, once none of them is queued, running or tracking any more. */
export async function waitForJobs(
  engine: Pick<PublishEngine, 'list' | 'onChange'>,
  draftIds: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, PublishOutcome>> {
  const wanted = new Set(draftIds);
  const newest = () => {
    const jobs = new Map<string, PublishJobView>();
    for (const job of engine.list()) if (wanted.has(job.draftId)) jobs.set(job.draftId, job);
    return jobs;
  };
  // A job seen published is done for the run, even when a later change of its ad (a price step, a
  // live edit) sends it back to tracking: else a run over often-changed ads would never end.
  const published = new Map<string, PublishJobView>();
  // 'waiting' (a retry later, or the seller's say) ends the wait: the job goes on by itself.
  const open = (job: PublishJobView) =>
    !published.has(job.id) && isOpenJobState(job.state) && job.state !== 'waiting' && !job.supersededBy;
  await new Promise<void>((resolve) => {
    const check = () => {
      const jobs = [...newest().values()];
      for (const job of jobs) if (job.state === 'published') published.set(job.id, job);
      if (signal?.aborted || !jobs.some(open)) {
        stop();
        clearInterval(timer);
        resolve();
      }
    };
    const stop = engine.onChange(check);
    // The engine says when jobs change; a slow check also covers a change said before we listened.
    const timer = setInterval(check, 1_000);
    check();
  });
  const outcomes = new Map<string, PublishOutcome>();
  for (const [draftId, job] of newest()) {
    const seen = job.state === 'published' ? job : published.get(job.id);
    if (seen) outcomes.set(draftId, { ok: true, listingUuid: job.listingUuid ?? seen.listingUuid });
    else if (job.state === 'rejected')
      outcomes.set(draftId, {
        ok: false,
        code: 'rejected',
        message: mainI18n.t('errors:feedRejected', {
          title: job.title,
          why: job.rejectionReason ?? job.actualState ?? '',
        }),
      });
    else
      outcomes.set(draftId, {
        ok: false,
        code: job.error?.problem ?? job.state,
        message: mainI18n.t('errors:feedPublishNotStarted', {
          title: job.title,
          why: job.error ? whyOf(job.error) : job.state,
        }),
      });
  }
  return outcomes;
}
