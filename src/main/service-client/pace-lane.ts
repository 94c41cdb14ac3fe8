// One lane of an account's pace (account-pace.ts): its hold after a limit, its rate (a token bucket,
// cut at a limit) and when it lets the next call out. Kept per lane, without timers or listeners:
// the pace owns those.

/** One lane's bookkeeping. */
export interface Lane {
  /** Calls per second (null: no limit learned). */
  rate: number | null;
  /** The rate at the last limit: growth is a share of it. */
  ceiling: number;
  tokens: number;
  filledAt: number;
  heldUntil: number;
  /** Held without a Retry-After: one probe may go out from `probeFrom`. */
  probing: boolean;
  probeFrom: number;
  probeOut: boolean;
  /** Limits without Retry-After in a row (for the backoff). */
  blind: number;
  /** When the lane's rate was last cut: limits of calls sent before are the same event. */
  cutAt: number;
  /** When calls passed lately (to learn the first rate). */
  passed: number[];
}

const MIN_RATE = 0.2;
const LEARN_WINDOW_MS = 2000;

export function newLane(): Lane {
  return {
    rate: null,
    ceiling: 0,
    tokens: 1,
    filledAt: 0,
    heldUntil: 0,
    probing: false,
    probeFrom: 0,
    probeOut: false,
    blind: 0,
    cutAt: 0,
    passed: [],
  };
}

/**
 * Holds `lane` after a limit met at `at`: for the Retry-After `waitMs`, or without one for a backoff
 * from `holdMs` doubling with each such limit in a row, with one probe from half of it; `maxHoldMs` at most.
 */
export function holdLane(
  lane: Lane,
  waitMs: number | undefined,
  at: number,
  { holdMs, maxHoldMs }: { holdMs: number; maxHoldMs: number },
): void {
  if (waitMs !== undefined) {
    lane.heldUntil = Math.max(lane.heldUntil, at + Math.min(waitMs, maxHoldMs));
    lane.probing = false;
    lane.blind = 0;
    return;
  }
  lane.blind += 1;
  const backoff = Math.min(maxHoldMs, holdMs * 2 ** Math.min(lane.blind - 1, 20));
  lane.heldUntil = Math.max(lane.heldUntil, at + backoff);
  lane.probing = true;
  lane.probeFrom = at + backoff / 2;
}

/** Halves `lane`'s rate for a 429 of a call sent at `sentAt`; `shared`: the account's limits are shared with other desks. */
export function cutLaneRate(lane: Lane, sentAt: number, at: number, shared: boolean): void {
  // Calls sent before the last cut met the same limit: one cut per event.
  if (sentAt < lane.cutAt) return;
  lane.cutAt = at;
  let from = lane.rate;
  if (from === null) {
    // The first limit: the rate is learned from what passed just before; with too little seen,
    // the hold alone answers it, but for a desk sharing the account: the others' calls are not
    // seen here, and without a rate each desk would meet the service with all its calls at once
    // after every hold (a call a second is assumed to have passed).
    const recent = lane.passed.filter((t) => t > at - LEARN_WINDOW_MS);
    if (recent.length < 2 && !shared) return;
    const span = Math.max(1000, at - (recent[0] ?? at));
    from = Math.max(MIN_RATE * 2, (Math.max(1, recent.length) / span) * 1000);
  }
  lane.ceiling = from;
  lane.rate = Math.max(MIN_RATE, from / 2);
  lane.tokens = 0;
  lane.filledAt = at;
}

/** When `lane` lets a call out: a time (ms), or 'probe' for the one probe of a blind hold. */
export function laneAllowedAt(lane: Lane, at: number): number | 'probe' {
  if (lane.heldUntil > at) {
    if (!lane.probing || lane.probeOut) return lane.heldUntil;
    return at >= lane.probeFrom ? 'probe' : lane.probeFrom;
  }
  if (lane.rate === null) return at;
  lane.tokens = Math.min(1, lane.tokens + ((at - lane.filledAt) / 1000) * lane.rate);
  lane.filledAt = at;
  return lane.tokens >= 1 ? at : at + ((1 - lane.tokens) / lane.rate) * 1000;
}
