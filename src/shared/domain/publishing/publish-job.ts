// Publish jobs as the UI sees them: plain data that main pushes to the renderer (the status panel),
// plus the pure sums the panel shows for a whole batch. The engine's persisted records live in main.

/** The steps of the spec's order of calls, in order; 'live' is tracking until the ad settles. */
export const publishSteps = ['imprint', 'listing', 'photos', 'order', 'publication', 'live'] as const;
export type PublishStep = (typeof publishSteps)[number];

/**
 * Where a job stands. 'waiting': running, but paused before repeating a call (the service is out of
 * reach, busy or failing); it continues by itself. 'tracking': the publication exists and is read
 * until its actualState equals its requestedState. 'published': it did. 'rejected': the publication
 * settled elsewhere and needs the seller: a state the service names REJECTED, or one that held over
 * several reads and a window (see publication-outcome.ts). A slow check reads it on (at start and
 * every 15 min) and any change of state reopens tracking; 'Check again' reads it at once.
 */
export const publishJobStates = [
  'queued',
  'running',
  'waiting',
  'tracking',
  'published',
  'rejected',
  'failed',
  'cancelled',
] as const;
export type PublishJobState = (typeof publishJobStates)[number];

/** What the seller can do about an error (the UI words it, and offers the matching button). */
export type PublishRemedy =
  /** Nothing: the job repeats by itself (shown while waiting). */
  | 'wait'
  /** Press Retry (perhaps later). */
  | 'retry'
  /** Fix the draft (a field, a photo), then publish it again. */
  | 'fix-draft'
  /** Check the account in Settings (credentials, Authorization form, address). */
  | 'check-account'
  /** Look on the marketplace whether the ad exists before pressing Retry. */
  | 'check-marketplace';

/** Why a job failed or waits: the service's own title and detail where it sent them. */
export interface PublishJobError {
  /** A stable code: a service-client problem (e.g. 'timeout') or one of the engine's (see below). */
  problem: string;
  /** Short English title; the UI may translate by `problem`. */
  title: string;
  /** The longer explanation: the service's detail or our message. */
  detail: string;
  /** HTTP status, when the service answered. */
  status?: number;
  remedy: PublishRemedy;
  /** One sentence on what to do, in English. */
  whatToDo: string;
  /** ISO time the error happened. */
  at: string;
  /** What the UI's own words for `problem` name (e.g. `name`, `accepted` bytes of 'photo-too-large'). */
  params?: Record<string, string | number>;
  /** The service call that failed; with `status` it picks the seller's sentence (shared/service-messages). */
  operation?: string;
  /** Draft fields the app suspects after a refusal that names none (dotted paths). */
  fields?: string[];
  /** The likely cause of a refusal, in each language (issue 33.4: a category or value not known good). */
  likelyCause?: { en: string; de: string };
  /** The service's own title and detail, shown under "Details". */
  serviceTitle?: string;
  serviceDetail?: string;
}

/** Problem codes the engine adds to the service client's. */
export const PUBLISH_PROBLEMS = [
  /** The draft has issues (see draft-validation); nothing was sent. */
  'not-publishable',
  /** A photo file of the draft is missing or unreadable. */
  'photo-missing',
  /** The publication request got no clear answer and the spec offers no way to look it up. */
  'publication-unknown',
  /** More than one listing carries this draft's reference; which one is ours cannot be told. */
  'listing-ambiguous',
  /** The listing was removed on the service. */
  'listing-gone',
  /** The publication was removed on the service. */
  'publication-gone',
  /** The draft has a publication already; publishing it again would make a second listing. */
  'already-on-service',
  /** The draft's account no longer exists. */
  'account-missing',
  /** The account has no imprint (a legal notice only the seller can write); nothing was sent. */
  'imprint-missing',
  /** A bug: something the engine did not expect. */
  'internal',
  /** The job's account cannot sign in (params.reason says why): the job waits for it. */
  'account-cannot-sign-in',
  /** In a shop: no desk holding the account's client secret has taken the job yet. */
  'waiting-for-secret',
  /** In a shop: the job waits on this desk to reach the shop's queue (the database is out of reach). */
  'waiting-for-shop',
] as const;
export type PublishProblem = (typeof PUBLISH_PROBLEMS)[number];

/** Progress of one photo's upload and attachment. */
export interface PublishPhotoView {
  photoId: string;
  /** The file name the seller dropped in. */
  name: string;
  bytesDone: number;
  bytesTotal: number;
  state: 'pending' | 'uploading' | 'uploaded' | 'attached';
}

/** One entry of a job's history; the window words it in its language from `key` and `values`. */
export interface PublishJobHistoryEntry {
  /** When (ISO). */
  at: string;
  /** What happened: a key of the job's history words (shared/i18n/locales/*.publishJob.json). */
  key: string;
  values?: Record<string, string | number>;
}

/** One job, as the status panel shows it. */
export interface PublishJobView {
  id: string;
  draftId: string;
  accountId: string;
  /** The draft's title when the job started (the job works on that snapshot). */
  title: string;
  state: PublishJobState;
  /** The step under way (or the last one reached, for a failed or cancelled job). */
  step: PublishStep;
  stepsDone: number;
  stepsTotal: number;
  photos: PublishPhotoView[];
  bytesDone: number;
  bytesTotal: number;
  listingUuid: string | null;
  publicationUuid: string | null;
  /** The publication's states as last read; unknown values are shown as they are. */
  requestedState: string | null;
  actualState: string | null;
  adId: number | null;
  /** Why the service rejected the ad, when it said. */
  rejectionReason: string | null;
  /** Why it failed, or why it waits. */
  error: PublishJobError | null;
  /** While waiting or tracking: when the next attempt or read is due (ISO). */
  nextAttemptAt: string | null;
  /** A later job of the same draft that took this one over: this one needs nothing from the seller. */
  supersededBy?: string | null;
  /** What became of the ad after the job (sold, paused, gone…); null while it is as the job left it. */
  later?: AdLaterLife | null;
  /** What the job found and did beyond its steps (late answers of the service), oldest first. */
  history?: PublishJobHistoryEntry[];
  /** Listings the service made twice for this job that it could not delete: the seller ends them. */
  madeTwice?: string[];
  /** In a shop: the desk that runs (or last ran) the job, the one that pressed Publish, and whether it runs here. */
  desk?: { runner: string | null; requestedBy: string; here: boolean };
  createdAt: string;
  updatedAt: string;
}

/**
 * What became of a published ad afterwards (issue 23.5): taken down in this app as sold or plainly
 * deleted, no longer on the service (taken down elsewhere), paused, or in a state that needs the
 * seller (read later, e.g. refused after a change).
 */
export const adLaterOutcomes = ['sold', 'deleted', 'gone', 'paused', 'needs-seller'] as const;
export type AdLaterOutcome = (typeof adLaterOutcomes)[number];

/** The ad's later life as the app last learned it. */
export interface AdLaterLife {
  outcome: AdLaterOutcome;
  /** When the app learned it (ISO). */
  at: string;
}

/** Totals of a batch of jobs, for the panel's overall progress bar. */
export interface PublishBatchProgress {
  jobs: number;
  published: number;
  rejected: number;
  failed: number;
  stepsDone: number;
  stepsTotal: number;
  bytesDone: number;
  bytesTotal: number;
}

/** Sums the progress of `jobs` (cancelled ones count as neither done nor open). */
export function batchProgress(jobs: readonly PublishJobView[]): PublishBatchProgress {
  const total: PublishBatchProgress = {
    jobs: 0,
    published: 0,
    rejected: 0,
    failed: 0,
    stepsDone: 0,
    stepsTotal: 0,
    bytesDone: 0,
    bytesTotal: 0,
  };
  for (const job of jobs) {
    if (job.state === 'cancelled') continue;
    total.jobs += 1;
    if (job.state === 'published') total.published += 1;
    if (job.state === 'rejected') total.rejected += 1;
    if (job.state === 'failed') total.failed += 1;
    total.stepsDone += job.stepsDone;
    total.stepsTotal += job.stepsTotal;
    total.bytesDone += job.bytesDone;
    total.bytesTotal += job.bytesTotal;
  }
  return total;
}

/** True for states in which a job still changes by itself. */
export function isOpenJobState(state: PublishJobState): boolean {
  return state === 'queued' || state === 'running' || state === 'waiting' || state === 'tracking';
}

/**
 * Said once when an ad goes live or is rejected, or (in a shop) when a job another desk ran for
 * this one failed: an in-app message and a desktop notification.
 */
export interface PublishNotice {
  kind: 'live' | 'rejected' | 'failed';
  jobId: string;
  draftId: string;
  /** The account the ad was published with (the Sandbox's ads are marked as test ads). */
  accountId?: string;
  title: string;
  adId: number | null;
  /** The publication's actualState as the service sent it. */
  actualState: string;
  /** Why it was rejected, when the service said; why it failed, in main's words. */
  reason: string | null;
  /** A failed job's problem (the renderer words it in the seller's language). */
  problem?: PublishJobError['problem'];
}

/** The outcome of asking to publish one draft. */
export interface PublishStartResult {
  draftId: string;
  /** The job publishing it (an existing open job of the draft is reused). */
  jobId?: string;
  /** In a shop: the desk that pressed Publish first, whose job this press joined. */
  queuedBy?: string;
  /** In a team, for a desk that asks first (issue 37.4): its request, waiting for approval. */
  requestId?: string;
  /** Why no job was started. */
  error?: PublishJobError;
}

/** Every job, and the job files that could not be read at start (moved aside, named here). */
export interface PublishState {
  jobs: PublishJobView[];
  problems: { file: string; movedAside: string }[];
}
