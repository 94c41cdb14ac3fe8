// Changes the engine makes to a job record that need no engine state: the draft's link to the
// service, and what a retry undoes.
import type { DraftRemote } from '../../shared/domain/draft';
import type { JobError, JobRecord } from './job-record';

/** The draft's link to the service once the job has a publication, with each photo's media URL. */
export function remoteOf(record: JobRecord): NonNullable<DraftRemote> {
  const photoUrls: Record<string, string> = {};
  for (const photo of record.photos) if (photo.url !== null) photoUrls[photo.photoId] = photo.url;
  return {
    ...(record.listingUuid !== null && { listingUuid: record.listingUuid }),
    ...(record.publicationUuid !== null && { publicationUuid: record.publicationUuid }),
    // Matches the draft's photos with the listing's `urls` later (see shared/domain/live-diff.ts).
    ...(Object.keys(photoUrls).length > 0 && { photoUrls }),
  };
}

/** What a retry undoes, by what the job failed of. */
export function prepareRetry(record: JobRecord, claimed: Set<string>): void {
  const problem: JobError['problem'] | undefined = record.error?.problem;
  // The seller looked and decided: the publication is to be sent again.
  if (problem === 'publication-unknown') record.publicationRequested = false;
  if (problem === 'publication-gone') {
    record.publicationUuid = null;
    record.publicationRequested = false;
    record.tracking = null;
  }
  if (problem === 'listing-gone') {
    if (record.listingUuid !== null) claimed.delete(record.listingUuid);
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
