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
export const liveCallKey = (call: LiveCall) => `${PREFIX}${JSON.stringify(call)}`;

function callOf(key: string): LiveCall | undefined {
  try {
    const call = JSON.parse(key.slice(PREFIX.length)) as LiveCall;
    return typeof call.id === 'string' && typeof call.ad === 'string' ? call : undefined;
  } catch {
    return undefined;
  }
}

/** Calls begun and never marked done whose lease ran out (or was given back), oldest first. */
export async function abandonedLiveCalls(db: Db, limit = 50): Promise<LiveCall[]> {
  const found = await db.query<{ key: string }>(
    `select key from listing_desk.due_claims
      where key like 'live-call:%' and done_at is null and (lease_until is null or lease_until <= now())
      order by claimed_at limit $1`,
    [limit],
  );
  return found.rows.flatMap((row) => callOf(row.key) ?? []);
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
