// Changes the engine makes to a job record that need no engine state: the draft's link to the
// service, and what a retry undoes.
import type { DraftRemote } from '../../../shared/domain/drafts';
import { publishedBase } from '../../../shared/domain/live';
import type { PublishNotice } from '../../../shared/domain/publishing';
import type { JobError, JobRecord } from './job-record';

/** The draft's link to the service once the job has a publication, with each photo's media URL. */
export function remoteOf(record: JobRecord): NonNullable<DraftRemote> {
  const photoUrls: Record<string, string> = {};
  for (const photo of record.photos) if (photo.url !== null) photoUrls[photo.photoId] = photo.url;
  return {
    ...(record.listingUuid !== null && { listingUuid: record.listingUuid }),
    ...(record.publicationUuid !== null && { publicationUuid: record.publicationUuid }),
    // Matches the draft's photos with the listing's `urls` later (see shared/domain/live/live-diff.ts).
    ...(Object.keys(photoUrls).length > 0 && { photoUrls }),
    // What was sent is what draft and listing agree on, until either changes (issue 23.1).
    ...(record.publicationUuid !== null && {
      base: publishedBase(
        record.snapshot,
        record.photos.flatMap((photo) => photo.url ?? []),
      ),
    }),
  };
}

/** What a retry undoes, by what the job failed of. */
export function prepareRetry(record: JobRecord, claimed?: { release(uuid: string): void }): void {
  const problem: JobError['problem'] | undefined = record.error?.problem;
  // The seller looked and decided: the publication is to be sent again.
  if (problem === 'publication-unknown') record.publicationRequested = false;
  if (problem === 'publication-gone') {
    record.publicationUuid = null;
    record.publicationRequested = false;
    record.tracking = null;
  }
  if (problem === 'listing-gone') {
    if (record.listingUuid !== null) claimed?.release(record.listingUuid);
    Object.assign(record, {
      listingUuid: null,
      listingRequested: false,
      listingInherited: false,
      ordered: false,
      publicationRequested: false,
    });
    for (const photo of record.photos) Object.assign(photo, { ticket: null, uploaded: false, url: null });
  }
  record.error = null;
}

/** What to tell the seller about a job that just settled: live, rejected or failed (else null). */
export function noticeOf(record: JobRecord): PublishNotice | null {
  if (record.state === 'failed' && record.error)
    return {
      kind: 'failed',
      jobId: record.id,
      draftId: record.draftId,
      accountId: record.accountId,
      title: record.snapshot.title,
      adId: record.tracking?.adId ?? null,
      actualState: record.tracking?.actualState ?? '',
      reason: record.error.title,
      problem: record.error.problem,
    };
  if (record.tracking === null) return null;
  return {
    kind: record.state === 'published' ? 'live' : 'rejected',
    jobId: record.id,
    draftId: record.draftId,
    accountId: record.accountId,
    title: record.snapshot.title,
    adId: record.tracking.adId,
    actualState: record.tracking.actualState ?? '',
    reason: record.tracking.reason ?? null,
  };
}

/** The publications jobs made for a listing, each once, oldest job first. */
export function publicationsOf(
  records: readonly JobRecord[],
  listingUuid: string,
): { publicationUuid: string; accountId: string; jobId: string }[] {
  const seen = new Set<string>();
  const out: { publicationUuid: string; accountId: string; jobId: string }[] = [];
  for (const record of records) {
    const publicationUuid = record.publicationUuid;
    if (record.listingUuid !== listingUuid || publicationUuid === null || seen.has(publicationUuid)) continue;
    seen.add(publicationUuid);
    out.push({ publicationUuid, accountId: record.accountId, jobId: record.id });
  }
  return out;
}

/** Whether a job follows its publication again after a change to the listing (all, or the one named). */
export function isRetrackable(record: JobRecord, listingUuid: string, publicationUuid?: string): boolean {
  if (record.listingUuid !== listingUuid || record.publicationUuid === null) return false;
  if (publicationUuid !== undefined && record.publicationUuid !== publicationUuid) return false;
  // A failed job (e.g. its publication is gone) waits for the seller's Retry instead.
  return record.state === 'tracking' || record.state === 'published' || record.state === 'rejected';
}

/** Gives `record`'s notice to `onNotice` (if any); a listener that throws is logged, not fatal. */
export function notifyOf(
  record: JobRecord,
  onNotice: ((notice: PublishNotice) => void) | undefined,
  log: { error(message: string, error?: unknown): void },
): void {
  const notice = noticeOf(record);
  if (!onNotice || !notice) return;
  try {
    onNotice(notice);
  } catch (error) {
    log.error('A publish notice could not be given', error);
  }
}
