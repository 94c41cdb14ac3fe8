// Automatic repeats with exponential backoff and jitter, honouring Retry-After. Only where repeating
// is safe: idempotent calls on 429, 500, 502, 503, 504, resets and timeouts; a POST only on 429 and
// when nothing was sent. A POST is never repeated blindly after a 5xx, a reset or a timeout.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Log } from '../log/log';
import { backoffDelay } from './backoff';
import { ServiceError, toServiceError } from './errors';
import { statusText } from './messages';
import { isIdempotent } from './operations';
import type { OperationName } from './operations';

/** How often and how patiently to repeat a failed call. */
export interface RetryOptions {
  /** Repeats after the first attempt (0 = none). */
  limit: number;
  /** Delay before the first repeat; it doubles each time (with jitter). */
  baseDelayMs: number;
  /** Upper bound of any delay, Retry-After included. */
  maxDelayMs: number;
}

/** Retry settings used when none are given. */
export const DEFAULT_RETRY: Readonly<RetryOptions> = Object.freeze({
  limit: 3,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
});

/** The part of the back end's log the client writes to; it never receives secrets or tokens. */
export type WarnLog = Pick<Log, 'warn'> & Partial<Pick<Log, 'info'>>;

/** What withRetries needs besides the call. */
export interface RetryEnv {
  retry: RetryOptions;
  /** Returns a number in [0, 1) for the jitter. */
  random: () => number;
  log?: WarnLog;
  signal?: AbortSignal;
  /**
   * The call went through its account's pace (account-pace.ts), which holds it after a limit: a 429
   * or a 503 with Retry-After is repeated without a wait of its own.
   */
  paced?: boolean;
}

/** Longest hold a call waits out in the account's pace (unless its maxDelayMs is longer). */
export const HELD_WAIT_MS = 10_000;

const RETRY_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** Whether `error` may be repeated automatically (see the rules at the top of this file). */
export function shouldRetry(error: ServiceError): boolean {
  if (error.problem === 'rate-limited' || error.problem === 'unreachable') return true;
  if (!isIdempotent(error.operation)) return false;
  if (error.problem === 'server-error') return error.status !== undefined && RETRY_STATUSES.has(error.status);
  return error.problem === 'connection-reset' || error.problem === 'timeout';
}

/**
 * Runs `attempt` and repeats it while it fails with a retryable ServiceError of `operation` (errors of
 * other operations, such as the token request inside a call, were already retried by their own code).
 */
export async function withRetries<T>(
  operation: OperationName,
  env: RetryEnv,
  attempt: (attemptNumber: number) => Promise<T>,
): Promise<T> {
  for (let n = 0; ; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw toServiceError(error, operation);
      const held = env.paced === true && heldByPace(error);
      const limit = env.retry.limit;
      if (error.operation !== operation || n >= limit || !shouldRetry(error)) throw error;
      // A hold longer than a call may wait is the caller's to wait out (a job shows it as waiting).
      if (held && (error.retryAfterMs ?? 0) > Math.max(env.retry.maxDelayMs, HELD_WAIT_MS)) throw error;
      const backoff = { baseMs: env.retry.baseDelayMs, maxMs: env.retry.maxDelayMs };
      // A held call waits in the account's pace (as long as the service asked), not here.
      const delay = held
        ? (error.retryAfterMs ?? 0)
        : backoffDelay(n, backoff, error.retryAfterMs, env.random);
      const why = error.status === undefined ? error.problem : statusText(error.status);
      const line = `${operation}: ${why}; repeating in ${delay} ms (repeat ${n + 1} of ${limit})`;
      env.log?.warn(line, { operation, repeat: n + 1, delayMs: delay });
      if (!held) await pause(delay, operation, env.signal);
    }
  }
}

/** A limit the account's pace holds the next call for: a 429, or a 503 with Retry-After. */
function heldByPace(error: ServiceError): boolean {
  return error.status === 429 || (error.status === 503 && error.retryAfterMs !== undefined);
}

async function pause(ms: number, operation: OperationName, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    throw toServiceError(error, operation);
  }
}
