// Waiting inside a job: backoff delays that a cancel or a stop cuts short.
import { setMaxListeners } from 'node:events';

/** The error a cancelled wait or call rejects with. */
export function abortError(): Error {
  const error = new Error('The publish job was stopped.');
  error.name = 'AbortError';
  return error;
}

/** True for the error of an aborted wait (ours or Node's). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** Backoff settings: the first delay, doubling up to the maximum. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before attempt `attempt` (0-based) after a failure: the service's Retry-After when it sent
 * one (the service knows best when it can take the call again), else `baseMs` doubling up to
 * `maxMs`, with jitter so that drafts that failed together do not come back together.
 */
export function backoffDelay(
  attempt: number,
  backoff: Backoff,
  retryAfterMs: number | undefined,
  random: () => number,
): number {
  // Capped so that a garbled header cannot park a job for days.
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, 0), MAX_RETRY_AFTER_MS);
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling * (0.75 + random() * 0.25));
}

// A job's signal is watched by every wait and upload of its photos at once: more than Node's
// default of 10 listeners is normal here, not a leak.
export function jobController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(100, controller.signal);
  return controller;
}
