// The persisted publish job: one JSON file per job, rewritten after every step outcome. It holds
// the draft as it was when the seller pressed Publish (editing the draft later changes neither),
// and what the service has so far: the listing, each photo's ticket/upload/media URL, the order,
// the publication and its states. A resumed job reads only this file to know where it stopped.
import { z } from 'zod';
import { draftSchema } from '../../../shared/domain/drafts';
import { adLaterOutcomes } from '../../../shared/domain/publishing';

/**
 * Version of the stored job; bump it with a migration in `parseJobRecord`. 2 added the send times
 * of the POSTs (all optional: a version-1 file is a version-2 file without them).
 */
export const JOB_VERSION = 2;

/** Persisted states; 'waiting' is not one of them (it is a moment of a running job). */
export const jobRecordStates = [
  'queued',
  'running',
  'tracking',
  'published',
  'rejected',
  'failed',
  'cancelled',
] as const;
export type JobRecordState = (typeof jobRecordStates)[number];

const ticketSchema = z.object({
  uuid: z.string(),
  signedPutUrl: z.string(),
  /** The service's `expireAt` in ms since the epoch. */
  expireAt: z.number(),
  /** When the ticket arrived (ms since the epoch), to judge how much of its life is left. */
  issuedAt: z.number(),
});
export type JobTicket = z.infer<typeof ticketSchema>;

const photoSchema = z.object({
  photoId: z.string(),
  /** The job's own link to the photo file, relative to the jobs folder. */
  file: z.string(),
  mediaType: z.enum(['image/jpeg', 'image/png']),
  bytes: z.int().nonnegative(),
  name: z.string(),
  ticket: ticketSchema.nullable(),
  /** The file went to the current ticket's signedPutUrl in full. */
  uploaded: z.boolean(),
  /** The listing's media URL that shows this photo, once known for sure. */
  url: z.string().nullable(),
  /** When its attach was last sent (ms since the epoch): an unsure photo is settled after a window. */
  attachRequestedAt: z.number().nullable().optional(),
});
export type JobPhoto = z.infer<typeof photoSchema>;

const errorSchema = z.object({
  problem: z.string(),
  title: z.string(),
  detail: z.string(),
  status: z.int().optional(),
  remedy: z.enum(['wait', 'retry', 'fix-draft', 'check-account', 'check-marketplace']),
  whatToDo: z.string(),
  at: z.string(),
  /** What the UI's own words for `problem` name (e.g. the photo and the size the service took). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The service call that failed, which with `status` picks the seller's sentence (service-messages.ts). */
  operation: z.string().optional(),
  /** Draft fields the app suspects after a refusal that names none. */
  fields: z.array(z.string()).optional(),
  /** The likely cause of a refusal, in each language (issue 33.4). */
  likelyCause: z.object({ en: z.string(), de: z.string() }).optional(),
  /** The service's own title and detail, shown under "Details". */
  serviceTitle: z.string().optional(),
  serviceDetail: z.string().optional(),
});

const trackingSchema = z.object({
  /** Null: the service's read carried no state (shown as "not reported yet"). */
  requestedState: z.string().nullable(),
  actualState: z.string().nullable(),
  adId: z.number().nullable(),
  checkedAt: z.string(),
  /** Why the service turned the ad down, when it said (a field the spec does not show). */
  reason: z.string().nullable().optional(),
  /** The first state seen other than the requested one (see publication-outcome.ts). */
  firstPending: z.string().nullable().optional(),
  /** The state that has not changed since `sinceMs`, over `reads` reads. */
  steady: z.object({ state: z.string(), sinceMs: z.number(), reads: z.int() }).nullable().optional(),
});
export type JobTracking = z.infer<typeof trackingSchema>;

/** One thing the job found or did that the seller may want to know later (job-history.ts). */
const historySchema = z.object({
  at: z.string(),
  /** A key of the publishJob words' `history` (both languages). */
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type JobHistoryEntry = z.infer<typeof historySchema>;

/** The watch for creates that got no answer and may still be finished late (steps/late-answers.ts). */
const lateSchema = z.object({
  /** Until when the account's listings (and the listing's publications) are read (ms since the epoch). */
  until: z.number(),
  /** A listing create got no answer. */
  listing: z.boolean(),
  /** A publication create got no answer. */
  publication: z.boolean(),
  /** Listings and publications found and dealt with already. */
  seen: z.array(z.string()),
});
export type JobLateWatch = z.infer<typeof lateSchema>;

export const jobRecordSchema = z.object({
  version: z.literal(JOB_VERSION),
  id: z.guid(),
  draftId: z.string(),
  accountId: z.string(),
  state: z.enum(jobRecordStates),
  createdAt: z.string(),
  updatedAt: z.string(),
  snapshot: draftSchema,
  imprintUuid: z.string().nullable(),
  /** A listing POST may have been sent: look for it by reference before sending another. */
  listingRequested: z.boolean(),
  /**
   * The latest moment the listing POST may have left (ms since the epoch): reconciling goes on until
   * the request timeout has passed since then (see reconcile/reconcile.ts).
   */
  listingRequestedAt: z.number().nullable().optional(),
  /** Inherited from an earlier job of the draft that never published: to be updated, not created. */
  listingInherited: z.boolean(),
  listingUuid: z.string().nullable(),
  photos: z.array(photoSchema),
  ordered: z.boolean(),
  /** A publication POST may have been sent and its answer was lost. */
  publicationRequested: z.boolean(),
  /** As `listingRequestedAt`, for the publication POST. */
  publicationRequestedAt: z.number().nullable().optional(),
  /**
   * The listing's publications before this job first asked for one (null: not read, or the service
   * offers no such read): one that appears beyond these after a lost answer is the job's.
   */
  publicationsBefore: z.array(z.string()).nullable().optional(),
  /**
   * The publication request looked for is an earlier job's (on the listing this job took over): one
   * found is updated with this job's data, which also has it validated again with this job's photos.
   */
  publicationInherited: z.boolean().optional(),
  publicationUuid: z.string().nullable(),
  tracking: trackingSchema.nullable(),
  error: errorSchema.nullable(),
  /** A later job of the same draft took this one's listing over; this one cannot be retried. */
  supersededBy: z.string().nullable(),
  /**
   * Tracked again after a change to the live listing: the draft's link (its photos' URLs) is newer
   * than this job's, so the job only tells the draft its status from then on.
   */
  retracked: z.boolean().optional(),
  /** What the job found and did beyond its steps (late answers), oldest first. */
  history: z.array(historySchema).optional(),
  /** Watching for creates that may be finished late; null or absent: not (any more). */
  late: lateSchema.nullable().optional(),
  /**
   * Listings the service made twice for this job (a late create) that could not be deleted: the
   * seller is shown them, with one click to end each.
   */
  madeTwice: z.array(z.string()).optional(),
  /** What became of the ad after the job finished (see later-life.ts); absent or null: as it left it. */
  later: z
    .object({ outcome: z.enum(adLaterOutcomes), at: z.string() })
    .nullable()
    .optional(),
});
export type JobRecord = z.infer<typeof jobRecordSchema>;
export type JobError = NonNullable<JobRecord['error']>;

/** Parses a stored job of any known version; throws on anything else. */
export function parseJobRecord(value: unknown): JobRecord {
  const stored = value as { version?: unknown } | null;
  // Version 1 lacks only optional fields.
  if (stored !== null && typeof stored === 'object' && stored.version === 1)
    return jobRecordSchema.parse({ ...stored, version: JOB_VERSION });
  return jobRecordSchema.parse(value);
}
