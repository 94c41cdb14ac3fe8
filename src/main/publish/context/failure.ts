// What a failed call means for a job: stop (cancelled), repeat it after a pause (and whether the
// call may have taken effect, which decides if a POST needs reconciling first), or fail the job with
// an error the seller can act on. Pure: the runner does the waiting and the reconciling.
import type { PublishRemedy } from '../../../shared/domain/publishing';
import { TOKEN_ERROR_CODES } from '../../../shared/service';
import { AppError } from '../../errors/app-error';
import { serviceMessage, type LikelyCause } from '../../../shared/service-messages';
import { ServiceError, isIdempotent, type OperationName } from '../../service-client';
import type { JobError } from '../jobs';
import { isAbortError } from '../pacing';

/** The facts of a failure, whether it came as a ServiceError or as an AppError of the accounts service. */
export interface FailureFacts {
  operation?: OperationName;
  problem: string;
  message: string;
  status?: number;
  title?: string;
  detail?: string;
  retryAfterMs?: number;
  /** What the app suspects of a refusal that names nothing (issue 33.4), in each language. */
  likelyCause?: LikelyCause;
}

export type Verdict =
  /** The job was cancelled or the engine is stopping. */
  | { kind: 'stopped' }
  /**
   * Worth repeating after a pause. `effect` says whether the request may have done its work:
   * 'none' when it surely did not (nothing sent, or refused), 'unknown' after a lost answer.
   */
  | { kind: 'repeat'; effect: 'none' | 'unknown'; retryAfterMs?: number; error: JobError }
  | { kind: 'fail'; error: JobError };

/** A failure the engine raises itself (not a call of the service). */
export class JobFailure extends Error {
  constructor(
    readonly problem: string,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

// Problems of a call that never reached the service: even a POST can be sent again.
const NOT_SENT = new Set(['unreachable', 'missing-secret', 'tls', 'file-unreadable']);
const TRANSIENT = new Set(['unreachable', 'timeout', 'connection-reset', 'rate-limited', 'server-error']);
const ACCOUNT = new Set<string>([
  ...TOKEN_ERROR_CODES,
  'token-rejected',
  'missing-secret',
  'unauthorized',
  'forbidden',
  'tls',
  'account-missing',
  'imprint-missing',
]);
const DRAFT = new Set([
  'bad-request',
  'too-large',
  'unsupported-media-type',
  'not-publishable',
  'photo-missing',
  'file-unreadable',
]);

/** The facts of any thrown value. */
export function factsOf(error: unknown): FailureFacts {
  if (error instanceof ServiceError) {
    return {
      operation: error.operation,
      problem: error.problem,
      message: error.message,
      status: error.status,
      title: error.title,
      detail: error.detail,
      retryAfterMs: error.retryAfterMs,
      ...(error.likelyCause && { likelyCause: error.likelyCause }),
    };
  }
  if (error instanceof JobFailure)
    return { problem: error.problem, message: error.message, detail: error.detail };
  if (error instanceof AppError) {
    // The accounts service wraps service failures as AppError('service', message, ServiceProblem).
    const details = (error.details ?? {}) as { problem?: unknown; status?: unknown; detail?: unknown };
    const problem = typeof details.problem === 'string' ? details.problem : error.code;
    return {
      problem: error.code === 'not-found' ? 'account-missing' : problem,
      message: error.message,
      status: typeof details.status === 'number' ? details.status : undefined,
      detail: typeof details.detail === 'string' ? details.detail : undefined,
    };
  }
  return { problem: 'internal', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Whether a failed POST may have done its work. Not when the call was never sent (a failed token
 * request stops the call before it goes out) or the service refused it with a 4xx (429 included).
 * Every 5xx counts as "maybe": a gateway answers 502, 503 or 504 when its upstream is slow or gone,
 * and the upstream may have done the work all the same. So do a reset, a timeout and an unreadable
 * 2xx.
 */
export function mayHaveTakenEffect(facts: FailureFacts): boolean {
  if (facts.operation === 'token' || NOT_SENT.has(facts.problem)) return false;
  return !(facts.status !== undefined && facts.status >= 400 && facts.status < 500);
}

/**
 * The verdict on `error` thrown by a call; `suspects` are the draft fields the app would name if
 * the service refuses the data without saying which (a 400).
 */
export function judge(error: unknown, at: Date, suspects: readonly string[] = []): Verdict {
  if (isAbortError(error)) return { kind: 'stopped' };
  const facts = factsOf(error);
  if (facts.problem === 'aborted') return { kind: 'stopped' };
  const transient =
    TRANSIENT.has(facts.problem) ||
    // A 2xx with an unreadable body, or a garbled answer: a proxy hiccup as often as not.
    facts.problem === 'invalid-response' ||
    facts.status === 408;
  if (transient) {
    const idempotent = facts.operation !== undefined && isIdempotent(facts.operation);
    return {
      kind: 'repeat',
      effect: idempotent || !mayHaveTakenEffect(facts) ? 'none' : 'unknown',
      retryAfterMs: facts.retryAfterMs,
      error: jobError(facts, at, 'wait'),
    };
  }
  const fields = facts.status === 400 ? suspects : [];
  return { kind: 'fail', error: jobError(facts, at, undefined, fields) };
}

/**
 * The error shown for `facts`; `remedy` defaults to the one its problem calls for. A row of the
 * spec's Errors table or a token error gets the seller's sentence (the UI words it in its own
 * language from `operation` and `status`); the service's title and detail are kept apart for
 * "Details", so no text appears twice. `fields` are the draft fields the app suspects.
 */
export function jobError(
  facts: FailureFacts,
  at: Date,
  // A sign-in that failed for good is the account's to fix, whatever its status (a 404 there is a
  // wrong token address, never a missing ad).
  remedy = facts.operation === 'token' ? 'check-account' : remedyOf(facts.problem),
  fields: readonly string[] = [],
): JobError {
  const seller = serviceMessage(
    {
      operation: facts.operation,
      problem: facts.problem,
      status: facts.status,
      fields,
      ...(facts.likelyCause && { likelyCause: facts.likelyCause }),
    },
    'en',
  );
  return {
    problem: facts.problem,
    title: seller?.title ?? TITLES[facts.problem] ?? facts.title ?? 'Publishing failed',
    detail: seller?.what ?? facts.message,
    ...(facts.status !== undefined && { status: facts.status }),
    remedy,
    whatToDo: seller?.todo ?? whatToDo(facts.problem, remedy),
    at: at.toISOString(),
    ...(facts.operation !== undefined && { operation: facts.operation }),
    ...(seller && fields.length > 0 && { fields: [...fields] }),
    ...(seller && facts.likelyCause && { likelyCause: facts.likelyCause }),
    ...(facts.title && { serviceTitle: facts.title }),
    ...(facts.detail && { serviceDetail: facts.detail }),
  };
}

function remedyOf(problem: string): PublishRemedy {
  if (ACCOUNT.has(problem)) return 'check-account';
  if (DRAFT.has(problem)) return 'fix-draft';
  if (problem === 'publication-unknown') return 'check-marketplace';
  return 'retry';
}

const TITLES: Record<string, string> = {
  ...Object.fromEntries(TOKEN_ERROR_CODES.map((code) => [code, 'Sign-in refused'])),
  'token-rejected': 'Sign-in refused',
  unauthorized: 'Access token refused',
  forbidden: 'Not allowed',
  'not-found': 'Not found on the service',
  'too-large': 'Too large for the service',
  'bad-request': 'Data refused',
  'unsupported-media-type': 'Format not accepted',
  'ticket-expired': 'Upload link expired',
  'file-unreadable': 'File unreadable',
  http: 'Service error',
  unexpected: 'Unexpected error',
  unreachable: 'Service out of reach',
  timeout: 'No answer in time',
  'connection-reset': 'Connection lost',
  'rate-limited': 'Too many requests',
  'server-error': 'Service error',
  'invalid-response': 'Unexpected answer',
  'not-publishable': 'Draft not ready',
  'already-on-service': 'Already on the service',
  'photo-missing': 'Photo missing',
  'publication-unknown': 'Publication not confirmed',
  'listing-ambiguous': 'Listing not identified',
  'listing-gone': 'Listing removed',
  'publication-gone': 'Publication removed',
  'account-missing': 'Account removed',
  'imprint-missing': 'No imprint',
  'missing-secret': 'No client secret',
  internal: 'Internal error',
};

function whatToDo(problem: string, remedy: PublishRemedy): string {
  switch (problem) {
    case 'publication-unknown':
      return 'Look on the marketplace whether the ad is online. If it is not, press Retry to publish it; if it is, do not retry (that would publish it twice).';
    case 'listing-ambiguous':
      return 'Give the draft a reference of its own (or check the listings with this reference in Listings), then publish it again.';
    case 'listing-gone':
      return 'The listing was deleted on the service. Publish the draft again to create a new one.';
    case 'photo-missing':
      return 'Add the photo to the draft again, then publish it again.';
    case 'imprint-missing':
      return 'Enter the account’s imprint (Settings → Accounts, or `accounts imprint NAME FILE` on the command line), then publish again or press Retry.';
    default:
      break;
  }
  switch (remedy) {
    case 'wait':
      return 'Nothing to do: the job tries again by itself. Cancel it to stop.';
    case 'check-account':
      return 'Check the account in Settings (client ID, secret, Authorization form), then press Retry.';
    case 'fix-draft':
      return 'Correct the draft as the message says, then publish it again.';
    case 'check-marketplace':
      return 'Look on the marketplace whether the ad is online before pressing Retry.';
    case 'retry':
      return 'Press Retry. If it fails again, try later.';
  }
}
