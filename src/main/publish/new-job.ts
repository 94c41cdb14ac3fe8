// A new job from a draft: the checks done before anything is sent, and the first record.
import path from 'node:path';
import type { Draft } from '../../shared/domain/draft';
import { JOB_VERSION, type JobRecord } from './job-record';

/** The file extension a job gives its link to a photo. */
export function photoExtension(file: string): string {
  const ext = path.extname(file).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '';
}

export interface NewJob {
  id: string;
  draft: Draft;
  accountId: string;
  /** The job's photo links, in the draft's photo order (see JobStore.keepPhotos). */
  photoFiles: readonly string[];
  /** The listing of an earlier job of the draft that never got published, to be reused. */
  inheritListing: string | null;
  now: Date;
}

/** The first record of a job. */
export function newJobRecord(job: NewJob): JobRecord {
  const at = job.now.toISOString();
  return {
    version: JOB_VERSION,
    id: job.id,
    draftId: job.draft.id,
    accountId: job.accountId,
    state: 'queued',
    createdAt: at,
    updatedAt: at,
    snapshot: job.draft,
    imprintUuid: null,
    listingRequested: false,
    listingInherited: job.inheritListing !== null,
    listingUuid: job.inheritListing,
    photos: job.draft.photos.map((photo, index) => ({
      photoId: photo.id,
      file: job.photoFiles[index] ?? '',
      mediaType: photo.mediaType,
      bytes: photo.bytes,
      name: photo.originalName,
      ticket: null,
      uploaded: false,
      url: null,
    })),
    ordered: false,
    publicationRequested: false,
    publicationUuid: null,
    tracking: null,
    error: null,
    supersededBy: null,
  };
}
