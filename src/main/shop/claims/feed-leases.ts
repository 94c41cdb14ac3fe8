// Who runs a feed now (issue 37.3): a lease in the team's database, so two desks never run one feed
// at once. Claiming moves the fence on in one statement and succeeds only when no other desk holds
// a lease that has not run out; the lease is renewed while the run goes on (a renewal that finds
// the fence moved on aborts the lease's signal), and given back once the run's report reached the
// team: until then a desk claiming the feed could read a report that is not the last.
import { setMaxListeners } from 'node:events';
import type pg from 'pg';
import type { FeedRunLease } from '../../ports/feed-team';
import { DEFAULT_LEASE, type LeaseTiming } from '../queue';

type Db = Pick<pg.Pool, 'query'>;

/** Claims the feed for `deskId`: its fence, or the name of the desk whose lease still runs. */
export async function claimFeedLease(
  db: Db,
  feedId: string,
  deskId: string,
  leaseMs: number,
): Promise<{ fence: string } | { heldBy: string }> {
  const won = await db.query<{ fence: string }>(
    `insert into listing_desk.feed_leases as l (feed_id, desk, lease_until)
     values ($1, $2, now() + $3 * interval '1 millisecond')
     on conflict (feed_id) do update
        set desk = excluded.desk, fence = l.fence + 1, lease_until = excluded.lease_until, claimed_at = now()
      where l.lease_until is null or l.lease_until <= now()
     returning fence::text as fence`,
    [feedId, deskId, leaseMs],
  );
  if (won.rows[0]) return { fence: won.rows[0].fence };
  const held = await db.query<{ name: string }>(
    `select d.name from listing_desk.feed_leases l join listing_desk.desks d on d.id = l.desk where l.feed_id = $1`,
    [feedId],
  );
  return { heldBy: held.rows[0]?.name ?? '?' };
}

/** The lease won: renewed every `renewMs`, given back with `release` (only while the fence holds). */
export function feedLease(input: {
  db: Db;
  feedId: string;
  fence: string;
  timing?: Partial<LeaseTiming>;
  /** Whether the feed's reports (these runs) reached the team (else the lease is left to run out). */
  reported: (runIds: readonly string[]) => Promise<boolean>;
  log: { warn(message: string): void };
}): FeedRunLease {
  const { db, feedId, fence, log } = input;
  const timing = { ...DEFAULT_LEASE, ...input.timing };
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const holds = async (extend: boolean) => {
    const kept = await db.query(
      `update listing_desk.feed_leases
          set lease_until = ${extend ? `now() + $3 * interval '1 millisecond'` : 'null'}
        where feed_id = $1 and fence = $2::bigint and $3::int is not null`,
      [feedId, fence, timing.leaseMs],
    );
    return (kept.rowCount ?? 0) > 0;
  };
  const timer = setInterval(() => {
    holds(true).then(
      (kept) => {
        if (kept || controller.signal.aborted) return;
        log.warn(`shop: the lease of feed ${feedId} went to another desk (fence ${fence})`);
        controller.abort(new Error('feed lease lost'));
      },
      (error: unknown) =>
        log.warn(`shop: the lease of feed ${feedId} could not be renewed (${String(error)})`),
    );
  }, timing.renewMs);
  timer.unref?.();
  return {
    signal: controller.signal,
    async release(runIds) {
      clearInterval(timer);
      if (controller.signal.aborted) return;
      if (!(await input.reported(runIds).catch(() => false))) {
        log.warn(`shop: feed ${feedId}'s report has not reached the team yet; its lease runs out by itself`);
        return;
      }
      await holds(false).catch((error: unknown) =>
        log.warn(`shop: the lease of feed ${feedId} could not be given back (${String(error)})`),
      );
    },
  };
}
