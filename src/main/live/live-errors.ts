// The errors of managing what is live, each as the AppError the renderer shows: the spec's error
// rows of these endpoints get their own problem code (LIVE_PROBLEMS) and a message that says what to
// do; anything else (out of reach, refused credentials, ...) stays the service client's problem.
import type { LiveProblem } from '../../shared/domain/live';
import type { ServiceProblem } from '../../shared/ipc/types';
import { problemOf, serviceAppError } from '../accounts/service-problem';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { ServiceError } from '../service-client';

/** The standard message of a live problem, in the app's language. */
const messageOf = (problem: LiveProblem): string => mainI18n.t(`errors:live.${problem}`);

/** An AppError with one of the live problems; `message` replaces the standard one (e.g. to name a file). */
export function liveAppError(problem: LiveProblem, cause?: unknown, message = messageOf(problem)): AppError {
  const base: Partial<ServiceProblem> = cause === undefined ? {} : problemOf(cause);
  const details: ServiceProblem = {
    ...(base.status !== undefined && { status: base.status }),
    ...(base.detail !== undefined && { detail: base.detail }),
    ...(base.title !== undefined && { title: base.title }),
    ...(base.operation !== undefined && { operation: base.operation }),
    ...(base.likelyCause !== undefined && { likelyCause: base.likelyCause }),
    problem,
    message,
  };
  return new AppError('service', message, details);
}

/** The message of 'media-too-large' naming the file. */
export function tooLargeMessage(name: string): string {
  return mainI18n.t('errors:photoTooLarge', { name });
}

/** The live problem of a service error by the spec's Errors table, or undefined for any other. */
export function liveProblemOf(error: unknown): LiveProblem | undefined {
  if (!(error instanceof ServiceError)) return undefined;
  const { operation, status } = error;
  if (status === 404) {
    if (operation === 'deleteMedia') return 'media-not-removed';
    if (operation === 'getPublication' || operation === 'setPublicationState') return 'publication-not-found';
    // A 404 of these names the listing (spec: "Listing not found"); an attach's 404 is its ticket.
    if (['getListing', 'updateListing', 'orderMedia', 'updatePublication'].includes(operation))
      return 'listing-not-found';
  }
  if (status === 400) {
    if (operation === 'orderMedia') return 'invalid-ordering';
    if (operation === 'updatePublication') return 'publication-mismatch';
  }
  if (status === 413 && operation === 'attachMedia') return 'media-too-large';
  return undefined;
}

/** Whatever a live operation threw, as the AppError to send to the renderer. */
export function liveError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const problem = liveProblemOf(error);
  return problem === undefined ? serviceAppError(error) : liveAppError(problem, error);
}

/** The ServiceProblem to show beside data that could not be read now (e.g. one publication). */
export function liveProblem(error: unknown): ServiceProblem {
  const appError = liveError(error);
  const details = appError.details as Partial<ServiceProblem> | undefined;
  return details?.problem
    ? (details as ServiceProblem)
    : { problem: appError.code, message: appError.message };
}
