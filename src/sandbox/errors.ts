// Error objects of the listings endpoints. Handlers throw a Problem; the server's error handler
// turns it into the body, with `instance` = the request path (which begins /api/v1/...).
import {
  MISMATCH_TITLE,
  SPEC_ERRORS,
  SUPPORTED_MEDIA_TYPES,
  UNSUPPORTED_MEDIA_TYPE_TITLE,
} from '../shared/service';
import type { SpecError } from '../shared/service';

/**
 * Which fields an error body carries. The spec shows the full object in general, a smaller set for
 * publication create (not listed: we send type, title, status, detail, instance) and only status,
 * title, detail and instance for publication update.
 */
export type ProblemShape = 'full' | 'reduced' | 'minimal';

/** An error response of the listings service, thrown by handlers. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly shape: ProblemShape = 'full',
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`${status} ${title}: ${detail}`);
  }

  /** Builds a Problem from a row of the spec's Errors table. */
  static of(row: SpecError, shape: ProblemShape = 'full'): Problem {
    return new Problem(row.status, row.title, row.detail, shape);
  }
}

/** The body of `problem` for the request path `instance`. */
export function problemBody(problem: Problem, instance: string): Record<string, unknown> {
  const { status, title, detail } = problem;
  if (problem.shape === 'minimal') return { status, title, detail, instance };
  if (problem.shape === 'reduced') return { type: 'about:blank', title, status, detail, instance };
  return {
    type: 'about:blank',
    title,
    status,
    detail,
    instance,
    properties: null,
    localizedTitle: '',
    localizedDetail: '',
    localizedMessage: '',
  };
}

/** The Content-Type of an error body: problem+json for the full object, plain JSON otherwise. */
export function problemContentType(problem: Problem): string {
  return problem.shape === 'full' ? 'application/problem+json' : 'application/json';
}

/** The errors the sandbox sends, one builder per row of the Errors table plus the unshown ones. */
export const problems = {
  failedToRead: (): Problem => Problem.of(SPEC_ERRORS.failedToRead),
  // The spec only says the 415 detail lists the supported types; this sentence is our wording.
  unsupportedMediaType: (): Problem =>
    new Problem(
      415,
      UNSUPPORTED_MEDIA_TYPE_TITLE,
      `Unsupported media type. Supported media types are: ${SUPPORTED_MEDIA_TYPES.join(', ')}`,
    ),
  listingNotFound: (): Problem => Problem.of(SPEC_ERRORS.listingNotFound),
  ticketNotFound: (): Problem => Problem.of(SPEC_ERRORS.ticketNotFound),
  mediaTooLarge: (): Problem => Problem.of(SPEC_ERRORS.mediaTooLarge),
  invalidOrdering: (): Problem => Problem.of(SPEC_ERRORS.invalidOrdering),
  mediaNotRemoved: (): Problem => Problem.of(SPEC_ERRORS.mediaNotRemoved),
  missingData: (): Problem => Problem.of(SPEC_ERRORS.missingData, 'reduced'),
  mismatch: (publicationUuid: string): Problem =>
    new Problem(400, MISMATCH_TITLE, `Mismatch ${publicationUuid}`, 'minimal'),
  publicationNotFound: (): Problem => Problem.of(SPEC_ERRORS.publicationNotFound),
  // Spring's wording for a missing required query parameter; the spec shows only row 8's 404.
  missingParameter: (name: string): Problem =>
    new Problem(400, 'Bad Request', `Required parameter '${name}' is not present.`),
  /**
   * Not shown by the spec: a missing, malformed or expired token gets 401 with the full error object
   * and an RFC 6750 `WWW-Authenticate: Bearer` challenge, as a Spring resource server would send.
   */
  unauthorized: (detail: string): Problem =>
    new Problem(401, 'Unauthorized', detail, 'full', {
      'www-authenticate': `Bearer error="invalid_token", error_description="${detail.replace(/["\\]/g, "'")}"`,
    }),
  missingToken: (): Problem =>
    new Problem(401, 'Unauthorized', 'Full authentication is required to access this resource', 'full', {
      'www-authenticate': 'Bearer',
    }),
  notFound: (): Problem => new Problem(404, 'Not Found', 'No endpoint for this method and path.'),
  // Spring's wording for a path that exists with other methods; `allow` lists those.
  methodNotAllowed: (method: string, allow: string): Problem =>
    new Problem(405, 'Method Not Allowed', `Request method '${method}' is not supported`, 'full', { allow }),
  notImplemented: (): Problem => new Problem(501, 'Not Implemented', 'This operation is not implemented.'),
  // Not shown: the sandbox's wording for a bad `requestedState` (Spring's for an unconvertible parameter).
  badRequestedState: (value: string): Problem =>
    new Problem(
      400,
      'Bad Request',
      `Failed to convert 'requestedState' with value: '${value}'. Allowed values: PAUSED, RESUMED.`,
    ),
  internal: (): Problem => new Problem(500, 'Internal Server Error', 'Unexpected error.'),
};

/** The body a route sends when its request body cannot be read (unparsable JSON, wrong type). */
export type BadBodyKind = 'failedToRead' | 'invalidOrdering' | 'missingData';
