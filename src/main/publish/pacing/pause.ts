// Waiting inside a job: backoff delays (service-client/backoff.ts) that a cancel or a stop cuts short.
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

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
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(Math.max(0, ms), undefined, { signal });
  } catch (error) {
    throw isAbortError(error) ? abortError() : error;
  }
}

/** Upper bound of a Retry-After a job waits for (a job can wait longer than a single call). */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

// A job's signal is watched by every wait and upload of its photos at once: more than Node's
// default of 10 listeners is normal here, not a leak.
export function jobController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(100, controller.signal);
  return controller;
}
