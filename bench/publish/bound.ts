// The lower bound of a publish run, computed from the service's contract
// (/work/shared/spec/listing-service.md), not from what the engine does. Each call is one round trip
// (the sandbox adds its latency once per request). What each call of one draft must wait for:
//   imprint      nothing (its uuid is needed by the publication only)
//   listing      nothing
//   ticket       nothing (a ticket names a media type, no listing)
//   put          its ticket (the bytes go to the ticket's signedPutUrl)
//   attach       the listing (its uuid is in the path) and the put (an attached ticket must be uploaded)
//   order        every attach of the draft (the media URLs come from their answers)
//   publication  the listing, the imprint (spec: it must exist first) and the order (the spec puts
//                the attaches before the publication; the app also orders first, so that the ad
//                never shows its photos in another order than the draft's)
// The longest chain is ticket → put → attach → order → publication: 5 round trips. Drafts do not
// wait for one another, but an account has at most `maxInFlight` listings calls under way at once
// (the account pace's ceiling, service-client/account-pace.ts; the puts go to the storage and do not
// count): a run needs at least ceil(calls / maxInFlight) rounds, whatever their order.
// With a bandwidth the bytes cross one line: before the first byte a ticket came back and the put's
// own latency passed (2 round trips), after the last byte that photo's attach, order and publication
// follow (3): those 5 cannot overlap the transfer, so they add to bytes / bandwidth (a sum), and the
// bound is the larger of that and the rounds above (the rounds can overlap the transfer).
// On loopback the bytes are not free either: a bare PUT of the same bytes through the same sandbox
// (its streaming to disk and its fsync of every upload included) is measured before each case
// (run.ts, `measureLoopback`), and the line's rate is that measured rate: the bytes over loopback
// count as they do over a seller's line, at the best rate this machine reached just before the run.

/** What the bound of a run depends on. */
export interface RunShape {
  drafts: number;
  /** Photos per draft. */
  photos: number;
  /** Imprints the run creates (the engine makes one per account, and so does the naive client). */
  imprints: number;
  /** Latency the sandbox adds to every request, ms. */
  latencyMs: number;
  /** Most listings calls of the account under way at once. */
  maxInFlight: number;
  /** The line's rate in Mbit/s (a seller's line, or the measured loopback); 0 or absent: bytes not counted. */
  mbit?: number;
  /** What the line is, for the table (default: a line of `mbit`). */
  line?: string;
  /** Bytes sent over the line (the puts and the request bodies). */
  bytes?: number;
}

/** The bound and its parts. */
export interface RunBound {
  ms: number;
  /** Round trips of the longest chain of one draft. */
  chain: number;
  /** Round trips the run needs at least: the chain, or the calls over `maxInFlight`. */
  rounds: number;
  /** Listings calls of the run (puts not counted). */
  calls: number;
  /** Time of the bytes on the line, ms (0 on loopback). */
  lineMs: number;
  /** How the figure was reached, for the bench's table. */
  how: string;
}

type Call = 'imprint' | 'listing' | 'ticket' | 'put' | 'attach' | 'order' | 'publication';

/** What each call of one draft waits for (see the top of this file). */
export const NEEDS: Readonly<Record<Call, readonly Call[]>> = {
  imprint: [],
  listing: [],
  ticket: [],
  put: ['ticket'],
  attach: ['listing', 'put'],
  order: ['attach'],
  publication: ['listing', 'imprint', 'order'],
};

/** Round trips of the longest chain of `NEEDS` (each call one round trip). */
export function longestChain(needs: Readonly<Record<string, readonly string[]>> = NEEDS): number {
  const depth = new Map<string, number>();
  const visit = (call: string, path: readonly string[]): number => {
    if (path.includes(call))
      throw new Error(`The calls wait for one another in a circle: ${path.join(' → ')}`);
    const known = depth.get(call);
    if (known !== undefined) return known;
    const before = needs[call] ?? [];
    const own = 1 + Math.max(0, ...before.map((need) => visit(need, [...path, call])));
    depth.set(call, own);
    return own;
  };
  return Math.max(...Object.keys(needs).map((call) => visit(call, [])));
}

/** The lower bound of a run of `shape` (see the top of this file). */
export function runBound(shape: RunShape): RunBound {
  const { drafts, photos, imprints, latencyMs, maxInFlight } = shape;
  const chain = longestChain();
  // Per draft: the listing, a ticket and an attach per photo, the order and the publication.
  const calls = imprints + drafts * (3 + 2 * photos);
  const rounds = Math.max(chain, Math.ceil(calls / Math.max(1, maxInFlight)));
  const mbit = shape.mbit ?? 0;
  const lineMs = mbit > 0 ? ((shape.bytes ?? 0) * 8) / (mbit * 1000) : 0;
  const roundsMs = rounds * latencyMs;
  const lineBound = lineMs + chain * latencyMs;
  const ms = Math.max(roundsMs, mbit > 0 ? lineBound : 0);
  const how =
    mbit > 0 && lineBound >= roundsMs
      ? `${((shape.bytes ?? 0) / 1024 ** 2).toFixed(0)} MB / ${shape.line ?? `${mbit} Mbit/s`} = ${(lineMs / 1000).toFixed(2)} s + ${chain} round trips x ${latencyMs} ms`
      : rounds === chain
        ? `${chain} round trips in a chain x ${latencyMs} ms`
        : `${calls} calls / ${maxInFlight} at once = ${rounds} rounds x ${latencyMs} ms`;
  return { ms, chain, rounds, calls, lineMs, how };
}
