// Due tasks claimed in the shop's database (issue 25.6; DESIGN.md "Claims"): a key is run by exactly
// one desk or worker. Claiming bumps the fencing token in one statement and succeeds only on a key
// that is new, or not done and whose lease ran out (a desk that died mid-task); the lease is renewed
// while the task runs, measured on the monotonic clock from when the desk ASKED; the task's signal
// aborts a margin before the lease could run out, or at once when a renewal finds the fence moved
// on. Done is written only while the fence still holds, and stays done.
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { TaskClaim, TaskClaims } from '../../ports/task-claims';
import { activityRecords, ACTIVITY_FROM_RECORDS } from '../activity';
import type { ShopSession } from '../connection';
import { DEFAULT_LEASE, type LeaseTiming } from '../queue';

type Db = Pick<pg.Pool, 'query'>;

export interface ShopTaskClaimsOptions {
  db: Db;
  deskId: string;
  timing?: Partial<LeaseTiming>;
  log: { info(message: string): void; warn(message: string): void };
  /** The monotonic clock (tests move it). */
  clock?: () => number;
}

/** Claims `key` for `deskId`: the new fence, or why not (done, or leased by `desk` for `leftMs`). */
export async function claimDueKey(
  db: Db,
  key: string,
  deskId: string,
  leaseMs: number,
): Promise<{ fence: string } | { done: true } | { leftMs: number }> {
  const won = await db.query<{ fence: string }>(
    `insert into listing_desk.due_claims as c (key, desk, lease_until)
     values ($1, $2, now() + $3 * interval '1 millisecond')
     on conflict (key) do update
        set desk = excluded.desk, fence = c.fence + 1, lease_until = excluded.lease_until,
            claimed_at = now()
      where c.done_at is null and (c.lease_until is null or c.lease_until <= now())
     returning fence::text as fence`,
    [key, deskId, leaseMs],
  );
  if (won.rows[0]) return { fence: won.rows[0].fence };
  const held = await db.query<{ done: boolean; left_ms: number | null }>(
    `select done_at is not null as done,
            extract(epoch from (lease_until - now())) * 1000 as left_ms
       from listing_desk.due_claims where key = $1`,
    [key],
  );
  const row = held.rows[0];
  if (!row || row.done) return { done: true };
  return { leftMs: Math.max(0, Number(row.left_ms ?? 0)) };
}

/** The shop's claims of due tasks for one desk. */
export function shopTaskClaims(options: ShopTaskClaimsOptions): TaskClaims {
  const { db, deskId, log } = options;
  const timing: LeaseTiming = { ...DEFAULT_LEASE, ...options.timing };
  const clock = options.clock ?? (() => performance.now());
  return {
    async claim(key) {
      const askedAt = clock();
      const answer = await claimDueKey(db, key, deskId, timing.leaseMs);
      if ('done' in answer) return { refused: 'done' };
      // Looked at again just after the holder's lease could have run out.
      if ('leftMs' in answer) return { refused: 'held', retryInMs: answer.leftMs + 1_000 };
      log.info(`Shop: this desk runs ${key} (fence ${answer.fence})`);
      return leasedTask({ db, key, deskId, fence: answer.fence, askedAt, timing, clock, log });
    },
  };
}

/**
 * The automation's shop claims as the composition root hands them over: those of the session the
 * desk is in now (one set per session, so a join made while the app runs is followed), or
 * undefined on a lone desk.
 */
export function deskTaskClaims(options: {
  session(): ShopSession | undefined;
  timing?: Partial<LeaseTiming>;
  log: ShopTaskClaimsOptions['log'];
}): () => TaskClaims | undefined {
  let current: { session: ShopSession; claims: TaskClaims } | undefined;
  return () => {
    const session = options.session();
    if (!session) return undefined;
    if (current?.session !== session)
      current = {
        session,
        claims: shopTaskClaims({
          db: session.pool,
          deskId: session.membership.deskId,
          log: options.log,
          ...(options.timing && { timing: options.timing }),
        }),
      };
    return current.claims;
  };
}

interface LeasedInput {
  db: Db;
  key: string;
  deskId: string;
  fence: string;
  askedAt: number;
  timing: LeaseTiming;
  clock: () => number;
  log: ShopTaskClaimsOptions['log'];
}

function leasedTask(input: LeasedInput): TaskClaim {
  const { db, key, deskId, fence, timing, clock, log } = input;
  const controller = new AbortController();
  setMaxListeners(100, controller.signal);
  let deadline = input.askedAt + timing.leaseMs;
  const held = [key, deskId, fence];
  const stop = (why: string) => {
    if (controller.signal.aborted) return;
    log.info(`Shop: ${key} stops on this desk: ${why}`);
    controller.abort();
  };
  let stopTimer: NodeJS.Timeout | undefined;
  const armStop = () => {
    clearTimeout(stopTimer);
    stopTimer = setTimeout(
      () => stop('its lease could run out before it ends'),
      Math.max(0, deadline - timing.marginMs - clock()),
    );
    stopTimer.unref();
  };
  const renewTimer = setInterval(() => {
    const askedAt = clock();
    db.query(
      `update listing_desk.due_claims set lease_until = now() + $4 * interval '1 millisecond'
        where key = $1 and desk = $2 and fence = $3 and done_at is null and lease_until > now()`,
      [...held, timing.leaseMs],
    ).then(
      (renewed) => {
        if ((renewed.rowCount ?? 0) !== 1) return stop('another desk holds it now');
        deadline = Math.max(deadline, askedAt + timing.leaseMs);
        if (!controller.signal.aborted) armStop();
      },
      // The stop timer ends the task in time if the database stays out of reach.
      (error: unknown) => log.warn(`Shop: the lease of ${key} was not renewed (${String(error)})`),
    );
  }, timing.renewMs);
  renewTimer.unref();
  armStop();
  const end = () => {
    clearTimeout(stopTimer);
    clearInterval(renewTimer);
  };
  return {
    signal: controller.signal,
    async done(activity = []) {
      end();
      // Issue 37.5: the task's rows of the activity log go in with its done, in one statement.
      const written = await db.query<{ done: number }>(
        `with done as (
           update listing_desk.due_claims set done_at = now(), lease_until = null
            where key = $1 and desk = $2 and fence = $3 and done_at is null returning 1),
         logged as (${ACTIVITY_FROM_RECORDS('$4', '$2')} where exists (select 1 from done) returning 1)
         select (select count(*) from done)::int as done`,
        [...held, JSON.stringify(activityRecords(activity))],
      );
      // Taken over meanwhile: the desk that holds it now runs it from where it is, and marks it.
      if (written.rows[0]?.done !== 1)
        log.warn(`Shop: ${key} was taken over before this desk marked it done`);
    },
    async giveBack() {
      end();
      controller.abort();
      await db
        .query(
          `update listing_desk.due_claims set lease_until = null
            where key = $1 and desk = $2 and fence = $3 and done_at is null`,
          held,
        )
        .catch((error: unknown) => log.warn(`Shop: ${key} could not be given back (${String(error)})`));
    },
  };
}
