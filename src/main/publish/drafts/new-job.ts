// A new job from a draft: the checks done before anything is sent, and the first record.
import path from 'node:path';
import type { Draft } from '../../../shared/domain/drafts';
import { fromDataPath } from '../../storage/draft-files';
import { type PublishAccounts, factsOf, type FailureFacts } from '../context';
import { whyNotPublishable } from './draft-check';
import { hasImprint, IMPRINT_MISSING } from '../steps';
import type { DraftsPort } from './draft-sync';
import { JOB_VERSION, type JobRecord, type JobStore } from '../jobs';
import { jobWords } from '../views';

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

/** What a new job of a draft needs from the engine. */
export interface PrepareInput {
  id: string;
  draftId: string;
  /** The draft's earlier jobs, oldest first. */
  earlier: readonly JobRecord[];
  drafts: DraftsPort;
  accounts: Pick<PublishAccounts, 'activeId' | 'defaultImprintUuid' | 'testImprint'>;
  store: Pick<JobStore, 'keepPhotos' | 'dropPhotos'>;
  dataDir: string;
  now: Date;
}

/**
 * The record of a new job for the draft as it is now, with its photos kept for the job, and the
 * earlier job it takes a listing over from; or why the draft cannot be published.
 */
export async function prepareJob(
  input: PrepareInput,
): Promise<{ record: JobRecord; previous?: JobRecord } | { refusal: FailureFacts }> {
  const { id, store } = input;
  let draft;
  try {
    draft = await input.drafts.get(input.draftId);
  } catch (error) {
    return {
      refusal: {
        problem: 'not-found',
        message: jobWords('draftUnreadable', { message: factsOf(error).message }),
      },
    };
  }
  const unfit = whyNotPublishable(draft);
  if (unfit) return { refusal: unfit };
  const accountId = draft.accountId ?? input.accounts.activeId();
  // Never an imprint made up from contact data: the seller enters the account's first.
  if (!imprintKnown(input.accounts, accountId, draft)) return { refusal: IMPRINT_MISSING };
  // An earlier job of this draft that made a listing but never published it hands it on, so a
  // cancel and a new Publish do not leave a second listing behind.
  const previous = input.earlier
    .filter((job) => job.listingUuid !== null && job.publicationUuid === null)
    .filter((job) => job.supersededBy === null && job.accountId === accountId)
    .at(-1);
  let files: string[];
  try {
    files = await store.keepPhotos(
      id,
      draft.photos.map((photo) => ({
        file: fromDataPath(input.dataDir, photo.file),
        ext: photoExtension(photo.file),
      })),
    );
  } catch (error) {
    await store.dropPhotos(id);
    return {
      refusal: {
        problem: 'photo-missing',
        message: jobWords('photoFileMissing', { message: factsOf(error).message }),
      },
    };
  }
  const record = newJobRecord({
    id,
    draft,
    accountId,
    photoFiles: files,
    inheritListing: previous?.listingUuid ?? null,
    now: input.now,
  });
  if (previous?.publicationRequested) {
    // The earlier job's publication request may have taken effect unseen: the new job looks for it
    // (and adopts it) before it sends one of its own.
    record.publicationRequested = true;
    record.publicationRequestedAt = previous.publicationRequestedAt ?? Date.parse(previous.updatedAt);
    record.publicationsBefore = previous.publicationsBefore ?? null;
    record.publicationInherited = true;
  }
  return previous ? { record, previous } : { record };
}

// An account that is gone is not this check's to report: the job fails on it as 'account-missing'.
function imprintKnown(accounts: PrepareInput['accounts'], accountId: string, draft: Draft): boolean {
  try {
    return hasImprint(accounts, accountId, draft.publication.imprintUuid);
  } catch {
    return true;
  }
}

/** What createJob needs beyond PrepareInput. */
export interface CreateInput extends PrepareInput {
  store: Pick<JobStore, 'keepPhotos' | 'dropPhotos' | 'save' | 'discard'>;
  log: { error(message: string, error?: unknown): void };
  /** Marks the earlier job `previousId` as taken over by job `by` (null: undo) and writes it. */
  supersede(previousId: string, by: string | null): Promise<void>;
}

/**
 * A new job of the draft, written to disk (with the earlier job it takes over); or why the draft
 * cannot be published. A write that fails (e.g. a full disk) leaves nothing of the job behind, not
 * even a half-written file, and throws its error.
 */
export async function createJob(
  input: CreateInput,
): Promise<{ record: JobRecord } | { refusal: FailureFacts }> {
  const prepared = await prepareJob(input);
  if ('refusal' in prepared) return prepared;
  const { record, previous } = prepared;
  try {
    record.updatedAt = input.now.toISOString();
    await input.store.save(record);
    if (previous) await input.supersede(previous.id, record.id);
  } catch (error) {
    if (previous) await input.supersede(previous.id, null).catch(() => undefined);
    await input.store.discard(record.id).catch((cleanup: unknown) => {
      input.log.error(`Publish job ${record.id} could not be cleaned up after a failed start`, cleanup);
    });
    throw error;
  }
  return { record };
}
