// At open, jobs and drafts are brought into agreement. The engine tells a draft its job's outcome
// without waiting for the drafts store (draft-sync.ts), so a kill can land between the job's write
// and the draft's: a draft left "publishing" for ever, or told nothing of a Retry that published it.
// The job files are the truth, because they are written first:
// - a job exists once its JSON file parses. A write a crash cut short leaves a temporary file (removed
//   by jobs/job-store.ts, with photo folders that have no job file), never a job; a job whose first write
//   failed was never added (engine.ts, startOne). So every job on disk is one the seller started,
//   and it is shown;
// - per draft, the latest job that no later job superseded decides: open (queued, running,
//   tracking) -> the draft is "publishing"; published -> "published" with its link; rejected or
//   failed -> "failed" (with the listing, if any); cancelled -> back to a draft;
// - a draft that the seller unlinked or linked elsewhere since is left as it is (a finished job
//   only changes a draft still "publishing", or one still linked to the job's listing);
// - a draft "publishing" with no job at all goes back to a draft (the store settles it to "ready"),
//   except in a shop: there its job may be another desk's (no file here), and that desk's outcome
//   reaches the draft through the shop; resetting it would send "ready" up over a job in flight.
import type { Draft, DraftStatus } from '../../../shared/domain/drafts';
import { isOpenJobState } from '../../../shared/domain/publishing';
import type { DraftsPort } from './draft-sync';
import { type JobRecord, remoteOf } from '../jobs';

const OUTCOME: Record<JobRecord['state'], DraftStatus> = {
  queued: 'publishing',
  running: 'publishing',
  tracking: 'publishing',
  published: 'published',
  rejected: 'failed',
  failed: 'failed',
  cancelled: 'draft',
};

/** The job of each draft that speaks for it: the latest one no later job superseded. */
export function latestJobs(records: readonly JobRecord[]): Map<string, JobRecord> {
  const out = new Map<string, JobRecord>();
  for (const record of records) {
    if (record.supersededBy !== null) continue;
    const seen = out.get(record.draftId);
    if (!seen || seen.createdAt <= record.createdAt) out.set(record.draftId, record);
  }
  return out;
}

/** The draft as its job says it should be, or the draft itself when nothing is to change. */
export function agreeWith(draft: Draft, job: JobRecord | undefined): Draft {
  if (!job) return draft.status === 'publishing' ? { ...draft, status: 'draft' } : draft;
  const status = OUTCOME[job.state];
  if (isOpenJobState(job.state)) return draft.status === 'publishing' ? draft : { ...draft, status };
  const linked = job.listingUuid !== null && draft.remote?.listingUuid === job.listingUuid;
  if (draft.status !== 'publishing' && !(linked && job.state === 'published')) return draft;
  if (draft.status === status) return draft;
  if (job.retracked) return linked ? { ...draft, status } : draft;
  if (status === 'draft') return { ...draft, status };
  const remote =
    job.state === 'failed'
      ? job.listingUuid === null
        ? draft.remote
        : { listingUuid: job.listingUuid }
      : remoteOf(job);
  return { ...draft, status, remote };
}

/**
 * Brings the drafts into agreement with `records` (see the top of this file); resolves with the
 * ids of the drafts changed. Drafts that cannot be read or written are logged and left. `shared`:
 * whether the account's jobs may be another desk's (a shop): its draft without a job here is left.
 */
export async function repairDrafts(
  records: readonly JobRecord[],
  drafts: DraftsPort,
  log: { info(message: string): void },
  shared: (accountId: string) => boolean = () => false,
): Promise<string[]> {
  const latest = latestJobs(records);
  // With the store's list, only drafts whose listed status disagrees are read.
  const listed = drafts.list?.();
  const candidates = listed
    ? listed
        .filter((item) => {
          const job = latest.get(item.id);
          if (!job) return item.status === 'publishing';
          return (
            item.status !== OUTCOME[job.state] && (item.status === 'publishing' || job.state !== 'cancelled')
          );
        })
        .map((item) => item.id)
    : [...latest.keys()];
  const changed: string[] = [];
  for (const draftId of candidates) {
    try {
      const current = await drafts.get(draftId);
      const job = latest.get(draftId);
      if (!job && current.accountId !== null && shared(current.accountId)) continue;
      if (agreeWith(current, job) === current) continue;
      await drafts.update(draftId, (draft) => agreeWith(draft, job));
      changed.push(draftId);
      log.info(
        `Publish: draft ${draftId} did not agree with its job ${job?.id ?? '(none)'}; now "${agreeWith(current, job).status}"`,
      );
    } catch (error) {
      log.info(`Publish: draft ${draftId} could not be brought into agreement (${(error as Error).message})`);
    }
  }
  return changed;
}
