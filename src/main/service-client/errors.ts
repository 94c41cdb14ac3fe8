// ServiceError: the one error type the service client throws. It carries a stable problem code for
// the UI, the service's own status/title/detail, and whether repeating the call is safe. It never
// holds the original got error: that one carries the request options (client secret, token).
import { RequestError } from 'got';
import { ZodError } from 'zod';
import type { LikelyCause } from '../../shared/service-messages';
import { transportMessage, unexpectedShapeMessage } from './messages';
import { isIdempotent } from './operations';
import type { OperationName } from './operations';
import { problemOfErrorCode } from './problems';
import type { ServiceProblem } from './problems';

/** Fields of a ServiceError. */
export interface ServiceErrorInit {
  operation: OperationName;
  problem: ServiceProblem;
  message: string;
  status?: number;
  title?: string;
  detail?: string;
  instance?: string;
  retryAfterMs?: number;
  /** Overrides the rule of `safeToRepeat` (see defaultSafeToRepeat). */
  safeToRepeat?: boolean;
  /** Low-level error code (ECONNREFUSED, ETIMEDOUT, ...), for logs. */
  systemCode?: string;
  cause?: unknown;
  /** What the app suspects of a refusal that names nothing (issue 33.4), in each language. */
  likelyCause?: LikelyCause;
}

/** Why a call of the listing service failed. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly operation: OperationName;
  readonly problem: ServiceProblem;
  readonly status?: number;
  readonly title?: string;
  readonly detail?: string;
  readonly instance?: string;
  /** How long the service asked to wait (Retry-After), in ms. */
  readonly retryAfterMs?: number;
  /** True when repeating the same call cannot create a duplicate. */
  readonly safeToRepeat: boolean;
  readonly systemCode?: string;
  readonly likelyCause?: LikelyCause;

  constructor(init: ServiceErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.operation = init.operation;
    this.problem = init.problem;
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    this.instance = init.instance;
    this.retryAfterMs = init.retryAfterMs;
    this.systemCode = init.systemCode;
    this.likelyCause = init.likelyCause;
    this.safeToRepeat = init.safeToRepeat ?? defaultSafeToRepeat(init.operation, init.problem, init.status);
  }
}

/** The same error, with the likely cause of the refusal the app found. */
export function withLikelyCause(error: ServiceError, likelyCause: LikelyCause): ServiceError {
  return new ServiceError({
    operation: error.operation,
    problem: error.problem,
    message: error.message,
    ...(error.status !== undefined && { status: error.status }),
    ...(error.title !== undefined && { title: error.title }),
    ...(error.detail !== undefined && { detail: error.detail }),
    ...(error.instance !== undefined && { instance: error.instance }),
    ...(error.retryAfterMs !== undefined && { retryAfterMs: error.retryAfterMs }),
    ...(error.systemCode !== undefined && { systemCode: error.systemCode }),
    safeToRepeat: error.safeToRepeat,
    cause: error.cause,
    likelyCause,
  });
}

// Failures that happen before a request is sent, so even a POST surely was not processed.
const NOT_SENT: ReadonlySet<ServiceProblem> = new Set([
  'unreachable',
  'tls',
  'missing-secret',
  'file-unreadable',
]);

/**
 * GET, PUT, DELETE and token requests can always be repeated. A POST only when it surely was not
 * processed: nothing was sent, or the service refused it with a 4xx status (429 included). After a
 * 5xx, a reset, a timeout or a 2xx with a bad body, the POST may have taken effect.
 */
export function defaultSafeToRepeat(
  operation: OperationName,
  problem: ServiceProblem,
  status: number | undefined,
): boolean {
  if (problem === 'ticket-expired') return false;
  if (isIdempotent(operation)) return true;
  return NOT_SENT.has(problem) || (status !== undefined && status >= 400 && status < 500);
}

/** Context that makes messages of connection errors more precise. */
export interface ErrorContext {
  /** The request URL (only its host is used). */
  url?: string | URL;
  timeoutMs?: number;
}

/** Any error thrown while running `operation`, as a ServiceError (a ServiceError is returned as is). */
export function toServiceError(
  error: unknown,
  operation: OperationName,
  context: ErrorContext = {},
): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof ZodError) {
    return new ServiceError({
      operation,
      problem: 'invalid-response',
      message: unexpectedShapeMessage(operation),
    });
  }
  const code = errorCode(error);
  const problem = problemOfErrorCode(code) ?? 'unexpected';
  const url = context.url ?? (error instanceof RequestError ? error.options.url : undefined);
  const original = error instanceof Error ? error.message : undefined;
  return new ServiceError({
    operation,
    problem,
    systemCode: code,
    message: transportMessage({
      operation,
      problem,
      code,
      host: hostOf(url),
      timeoutMs: context.timeoutMs,
      original,
    }),
    // A got error is left out on purpose (it holds the request options); others help debugging.
    cause: error instanceof RequestError ? undefined : error,
  });
}

function errorCode(error: unknown): string {
  if (error instanceof Error && error.name === 'AbortError') return 'ERR_ABORTED';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : 'UNKNOWN';
}

function hostOf(url: string | URL | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
