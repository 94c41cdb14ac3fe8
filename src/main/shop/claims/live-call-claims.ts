// A call that changes a live ad, claimed in the team's database (issue 37.5; the port:
// ports/live-calls.ts). The call is a due claim of its own key, `live-call:` and the call as JSON
// (what it was about to do: enough to read its outcome back), leased under a fencing token before
// the call is sent and marked done with its row of the activity log in one statement (due-claims.ts).
// A desk killed mid-call leaves the claim undone: once its lease ran out, any desk allowed to change
// live ads takes it over (the fence moves on), reads the ad and marks it done with the row, so the
// row is written once, by whichever desk settles it.
import type pg from 'pg';
import type { LiveCall, LiveCallHold } from '../../ports/live-calls';
import { isRefusal, type TaskClaims } from '../../ports/task-claims';

type Db = Pick<pg.Pool, 'query'>;

const PREFIX = 'live-call:';

/** The claim's key of a call. */
export const LIVE_CALL_PREFIX = PREFIX;

export const liveCallKey = (call: LiveCall) => `${PREFIX}${JSON.stringify(call)}`;

/** The call a key names (undefined: not a live call's key). */
export function liveCallOf(key: string): LiveCall | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  try {
    const call = JSON.parse(key.slice(PREFIX.length)) as LiveCall;
    return typeof call.id === 'string' && typeof call.ad === 'string' ? call : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Due keys starting with `prefix` that were claimed and never marked done, whose lease ran out (or
 * was given back): a desk stopped while it held them. Oldest first.
 */
export async function abandonedDueKeys(db: Db, prefix: string, limit = 50): Promise<string[]> {
  const found = await db.query<{ key: string }>(
    `select key from listing_desk.due_claims
      where starts_with(key, $1) and done_at is null and (lease_until is null or lease_until <= now())
      order by claimed_at limit $2`,
    [prefix, limit],
  );
  return found.rows.map((row) => row.key);
}

/** Calls begun and never marked done whose lease ran out (or was given back), oldest first. */
export async function abandonedLiveCalls(db: Db, limit = 50): Promise<LiveCall[]> {
  return (await abandonedDueKeys(db, PREFIX, limit)).flatMap((key) => liveCallOf(key) ?? []);
}

/** Whether the team's log has the row of a price rule's step `step` done on draft `draftId`. */
export async function priceStepLogged(db: Db, draftId: string, step: number): Promise<boolean> {
  const found = await db.query(
    `select 1 from listing_desk.activity
      where kind = 'price-step' and draft = $1 and changed->>'step' = $2 and changed->>'outcome' is null
      limit 1`,
    [draftId, String(step)],
  );
  return (found.rowCount ?? 0) > 0;
}

/**
 * Claims `call` (a new call before it is sent, or an abandoned one to settle): its hold, or null
 * when it is done already or another desk holds it.
 */
export async function claimLiveCall(claims: TaskClaims, call: LiveCall): Promise<LiveCallHold | null> {
  const claim = await claims.claim(liveCallKey(call));
  if (isRefusal(claim)) return null;
  return {
    settle: (entry) => claim.done(entry ? [entry] : []),
    leave: () => claim.giveBack(),
  };
}
