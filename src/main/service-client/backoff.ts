// The one backoff of the app: how long to wait before repeating a call that failed in a way that
// passes. Used by the service client's own repeats (retry.ts) and by the publish jobs' waits.

/** Backoff settings: the first delay, doubling up to the maximum. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before repeat number `attempt` (0-based): the service's Retry-After when it sent one (the
 * service knows best when it can take the call again), capped by `retryAfterMaxMs` (by default the
 * backoff's maximum) so that a garbled header cannot park a call for days; else `baseMs` doubling up
 * to `maxMs`, with "equal jitter" (between half and all of it) so that calls that failed together do
 * not come back together. `random` returns a number in [0, 1).
 */
export function backoffDelay(
  attempt: number,
  backoff: Backoff,
  retryAfterMs: number | undefined,
  random: () => number,
  retryAfterMaxMs = backoff.maxMs,
): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, 0), retryAfterMaxMs);
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
