// What a publication's states say to the seller, and when the app stops watching them closely. The
// spec names only `PUBLISHED`; the states below are known from the service and shown in seller words,
// every other value is shown as it comes. The app does not guess from a name whether an ad was turned
// down: a state other than the requested one that differs from the first pending state seen and
// stays the same over several reads spanning a window "needs the seller" (a slow check goes on).

/** What a known state means to the seller. */
export type StateMeaning = 'live' | 'review' | 'rejected' | 'paused';

const KNOWN_STATES: Readonly<Record<string, StateMeaning>> = {
  PUBLISHED: 'live',
  PENDING_VALIDATION: 'review',
  PENDING: 'review',
  IN_REVIEW: 'review',
  IN_VALIDATION: 'review',
  VALIDATING: 'review',
  PROCESSING: 'review',
  CREATED: 'review',
  REJECTED: 'rejected',
  PAUSED: 'paused',
};

/** The meaning of a known state name, or null for a name the app does not know (shown as it is). */
export function stateMeaning(state: string | null | undefined): StateMeaning | null {
  if (state === null || state === undefined) return null;
  return Object.hasOwn(KNOWN_STATES, state) ? KNOWN_STATES[state]! : null;
}

/** When a steady state ends active tracking, and how often a job that needs the seller is read. */
export interface SettleRule {
  /** The steady state must last at least this long (default 30 s). */
  windowMs: number;
  /** ... over at least this many reads (default 3). */
  reads: number;
  /** A job that needs the seller is read again this often, and at start (default 15 min). */
  slowCheckMs: number;
}

/** The rule as the issue states it. */
export const DEFAULT_SETTLE_RULE: Readonly<SettleRule> = Object.freeze({
  windowMs: 30_000,
  reads: 3,
  slowCheckMs: 15 * 60_000,
});

/** What the reads so far remember: the first pending state, and the state that has not moved since. */
export interface SettleMemory {
  firstPending?: string | null;
  steady?: { state: string; sinceMs: number; reads: number } | null;
}

/** The verdict on one read: the ad is where it was asked to be, needs the seller, or is still open. */
export type ReadVerdict = 'settled' | 'needs-seller' | 'open';

/** Judges one read (`actual` undefined/null: the service did not report a state) at `nowMs`. */
export function judgeRead(
  memory: SettleMemory,
  requested: string | null | undefined,
  actual: string | null | undefined,
  nowMs: number,
  rule: Pick<SettleRule, 'windowMs' | 'reads'>,
): { memory: SettleMemory; verdict: ReadVerdict } {
  const firstPending = memory.firstPending ?? null;
  // Not reported yet: nothing to judge, nothing to forget.
  if (actual === null || actual === undefined) return { memory, verdict: 'open' };
  if (actual === (requested ?? 'PUBLISHED'))
    return { memory: { firstPending, steady: null }, verdict: 'settled' };
  const meaning = stateMeaning(actual);
  // A state the service is known to use for "turned down" needs no waiting.
  if (meaning === 'rejected') return { memory: { firstPending, steady: null }, verdict: 'needs-seller' };
  if (firstPending === null) return { memory: { firstPending: actual, steady: null }, verdict: 'open' };
  if (actual === firstPending || meaning === 'review')
    return { memory: { firstPending, steady: null }, verdict: 'open' };
  const before = memory.steady;
  const steady =
    before && before.state === actual
      ? { ...before, reads: before.reads + 1 }
      : { state: actual, sinceMs: nowMs, reads: 1 };
  const settled = steady.reads >= rule.reads && nowMs - steady.sinceMs >= rule.windowMs;
  return { memory: { firstPending, steady }, verdict: settled ? 'needs-seller' : 'open' };
}

const REASON_KEY = /reason|message|detail|error|cause/i;

/** The first text field of a publication record that reads like the reason for its state, if any. */
export function rejectionReasonOf(publication: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(publication)) {
    if (REASON_KEY.test(key) && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}
