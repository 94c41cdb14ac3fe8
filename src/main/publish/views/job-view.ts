// The UI's picture of a job (shared/domain/publishing/publish-job.ts) from its record and what only the
// running engine knows: bytes sent so far, and whether it is pausing before a repeat.
import type {
  PublishJobState,
  PublishJobView,
  PublishPhotoView,
  PublishStep,
} from '../../../shared/domain/publishing';
import type { JobError, JobRecord } from '../jobs';

/** What the engine knows of a job beyond its record. */
export interface LiveState {
  /** Bytes of each photo sent in the upload under way. */
  bytes: ReadonlyMap<string, number>;
  /** Set while the job pauses before repeating a call. */
  waiting: { error: JobError; untilMs: number } | null;
  /** While tracking: when the next read is due. */
  nextReadMs: number | null;
  /** Set while a queued job waits for its account to sign in (engine-parts/account-hold.ts). */
  held: JobError | null;
}

/** The view of `record`. */
export function jobView(record: JobRecord, live: LiveState): PublishJobView {
  const photos = record.photos.map((photo): PublishPhotoView => {
    const sent = live.bytes.get(photo.photoId) ?? 0;
    const done = photo.url !== null || photo.uploaded;
    return {
      photoId: photo.photoId,
      name: photo.name,
      bytesDone: done ? photo.bytes : Math.min(sent, photo.bytes),
      bytesTotal: photo.bytes,
      state:
        photo.url !== null ? 'attached' : photo.uploaded ? 'uploaded' : sent > 0 ? 'uploading' : 'pending',
    };
  });
  const listingDone = record.listingUuid !== null && !record.listingInherited;
  const counts = [
    record.imprintUuid !== null,
    listingDone,
    ...record.photos.map((photo) => photo.uploaded || photo.url !== null),
    ...record.photos.map((photo) => photo.url !== null),
    record.ordered,
    record.publicationUuid !== null,
    record.state === 'published',
  ];
  const waiting = record.state === 'running' ? live.waiting : null;
  const held = record.state === 'queued' ? live.held : null;
  const state: PublishJobState = waiting || held ? 'waiting' : record.state;
  const tracking = record.tracking;
  return {
    id: record.id,
    draftId: record.draftId,
    accountId: record.accountId,
    title: record.snapshot.title,
    state,
    step: stepOf(record),
    stepsDone: counts.filter(Boolean).length,
    stepsTotal: counts.length,
    photos,
    bytesDone: photos.reduce((sum, photo) => sum + photo.bytesDone, 0),
    bytesTotal: photos.reduce((sum, photo) => sum + photo.bytesTotal, 0),
    listingUuid: record.listingUuid,
    publicationUuid: record.publicationUuid,
    requestedState: tracking?.requestedState ?? null,
    actualState: tracking?.actualState ?? null,
    adId: tracking?.adId ?? null,
    rejectionReason: record.state === 'rejected' ? (tracking?.reason ?? null) : null,
    error: waiting?.error ?? held ?? record.error,
    nextAttemptAt: iso(waiting?.untilMs ?? (record.state === 'tracking' ? live.nextReadMs : null)),
    supersededBy: record.supersededBy,
    later: record.later ?? null,
    ...(record.history?.length && { history: record.history.map((entry) => ({ ...entry })) }),
    ...(record.madeTwice?.length && { madeTwice: [...record.madeTwice] }),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

function stepOf(record: JobRecord): PublishStep {
  if (record.publicationUuid !== null) return 'live';
  if (record.ordered) return 'publication';
  if (record.imprintUuid === null) return 'imprint';
  if (record.photos.every((photo) => photo.url !== null) && record.listingUuid !== null) return 'order';
  if (record.listingUuid === null || record.listingInherited) return 'listing';
  return 'photos';
}

function iso(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(ms).toISOString();
}
