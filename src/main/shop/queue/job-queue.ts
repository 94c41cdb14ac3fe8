// The shop's publish queue in SQL (listing_desk.jobs, job_steps, photos). Every statement takes
// parameters. A job's row carries `{ record, photos }`: the engine's record as its runner last
// wrote it (the shop's copy is the truth) and the content hash of each photo file it uploads.
// Claiming bumps the fencing token in one statement; a step is written only in the same statement
// that finds the fence, the runner and an unexpired lease unchanged.
import type pg from 'pg';
import { DUPLICATE_REMOVED_KEYS, type JobRecord } from '../../publish/jobs';
import { JOBS_CHANNEL } from '../schema';

type Db = Pick<pg.Pool, 'query'>;

/** The states in which a job is still the draft's one job (see the unique index). */
export const OPEN_STATES = ['queued', 'running', 'waiting', 'tracking'];

/** The ends a seller's Retry may reopen (a published job is never sent again). */
export const RETRYABLE_STATES = ['failed', 'cancelled', 'rejected'];

/** The kinds of job in the queue: a draft's publish job, or a bulk edit of live listings. */
export type JobKind = 'publish' | 'bulk';

/** What a job's row holds of any kind: its record (as its runner last wrote it) and its photos. */
export interface QueuedBody {
  record: { id: string; accountId: string; draftId?: string | null };
  photos: Record<string, string>;
}

/** What a publish job's row holds. */
export interface JobBody {
  record: JobRecord;
  /** The job's photo file names to their content hashes (listing_desk.photos). */
  photos: Record<string, string>;
}

/** One row of the queue as a desk sees it (without the body). */
export interface JobRow {
  id: string;
  draftId: string | null;
  account: string | null;
  state: string;
  runner: string | null;
  runnerName: string | null;
  requestedBy: string;
  requestedByName: string;
  /** Ms until the lease runs out by the database's clock (<= 0: out; null: none). */
  leaseLeftMs: number | null;
  updatedAt: string;
}

/** Puts a new job in the queue; null when the draft has an open job already (the unique index). */
export async function insertJob(
  db: Db,
  job: { body: QueuedBody; deskId: string; state: 'queued' | 'waiting'; kind?: JobKind },
): Promise<string | null> {
  const { record } = job.body;
  const inserted = await db.query<{ id: string }>(
    `insert into listing_desk.jobs (id, kind, draft_id, account, state, requested_by, body)
     values ($1, $7, $2, $3, $4, $5, $6) on conflict do nothing returning id`,
    [
      record.id,
      record.draftId ?? null,
      record.accountId,
      job.state,
      job.deskId,
      job.body,
      job.kind ?? 'publish',
    ],
  );
  return inserted.rows[0]?.id ?? null;
}

/** The draft's open job and the name of the desk that pressed Publish for it. */
export async function openJobOf(db: Db, draftId: string): Promise<{ id: string; deskName: string } | null> {
  const found = await db.query<{ id: string; name: string }>(
    `select j.id, d.name from listing_desk.jobs j join listing_desk.desks d on d.id = j.requested_by
      where j.draft_id = $1 and j.state = any($2)`,
    [draftId, OPEN_STATES],
  );
  const row = found.rows[0];
  return row ? { id: row.id, deskName: row.name } : null;
}

/** Whether the queue knows the job at all. */
export async function jobExists(db: Db, jobId: string): Promise<boolean> {
  const found = await db.query(`select 1 from listing_desk.jobs where id = $1`, [jobId]);
  return (found.rowCount ?? 0) > 0;
}

/**
 * Claims an open job that nobody holds (never held, given back, or its lease run out; or held by
 * this desk before it restarted): one statement, rows locked by another claimer are skipped.
 * Resolves with the new fence and the body, or null when the job is not to be had.
 */
export async function claimJob<B = JobBody>(
  db: Db,
  jobId: string,
  deskId: string,
  leaseMs: number,
): Promise<{ fence: string; body: B; requestedBy: string } | null> {
  const claimed = await db.query<{ fence: string; body: B; requested_by: string }>(
    `update listing_desk.jobs j
        set runner = $2, fence = j.fence + 1, lease_until = now() + $3 * interval '1 millisecond',
            state = case when j.state = 'waiting' then 'queued' else j.state end, updated_at = now()
      where j.id = (select c.id from listing_desk.jobs c
                     where c.id = $1 and c.state = any($4)
                       and (c.runner is null or c.runner = $2 or c.lease_until is null or c.lease_until <= now())
                     for update skip locked)
      returning j.fence::text as fence, j.body, j.requested_by`,
    [jobId, deskId, leaseMs, OPEN_STATES],
  );
  const row = claimed.rows[0];
  return row ? { fence: row.fence, body: row.body, requestedBy: row.requested_by } : null;
}

/**
 * Opens a finished job again for the seller's Retry on this desk and claims it; null when the
 * shop's copy is newer than `record` (this desk's copy is stale) or the draft has another open job.
 */
export async function reopenJob(
  db: Db,
  record: JobRecord,
  deskId: string,
  leaseMs: number,
): Promise<{ fence: string; body: JobBody } | null> {
  try {
    const reopened = await db.query<{ fence: string; body: JobBody }>(
      `update listing_desk.jobs
          set runner = $2, fence = fence + 1, lease_until = now() + $3 * interval '1 millisecond',
              state = $4, body = jsonb_set(body, '{record}', $5), updated_at = now()
        where id = $1 and state = any($6) and body->'record'->>'updatedAt' < $7
        returning fence::text as fence, body`,
      [record.id, deskId, leaseMs, record.state, record, RETRYABLE_STATES, record.updatedAt],
    );
    return reopened.rows[0] ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return null;
    throw error;
  }
}

/**
 * Cancels a job that no desk holds (queued, waiting for a secret, failed, or left by a desk that
 * stopped before its publication existed); false when a desk runs it now or it is past that point.
 */
export async function cancelJob(db: Db, jobId: string): Promise<boolean> {
  const cancelled = await db.query(
    `update listing_desk.jobs
        set state = 'cancelled', lease_until = null, updated_at = now(),
            body = jsonb_set(jsonb_set(body, '{record,state}', '"cancelled"'), '{record,updatedAt}', to_jsonb($2::text))
      where id = $1 and state in ('queued', 'waiting', 'running', 'failed')
        and (runner is null or lease_until is null or lease_until <= now())`,
    [jobId, new Date().toISOString()],
  );
  return (cancelled.rowCount ?? 0) === 1;
}

/** Moves the lease on; false when the fence no longer holds (another desk has the job). */
export async function renewLease(
  db: Db,
  job: { id: string; deskId: string; fence: string },
  leaseMs: number,
): Promise<boolean> {
  const renewed = await db.query(
    `update listing_desk.jobs set lease_until = now() + $4 * interval '1 millisecond'
      where id = $1 and runner = $2 and fence = $3 and lease_until > now()`,
    [job.id, job.deskId, job.fence, leaseMs],
  );
  return (renewed.rowCount ?? 0) === 1;
}

const DUPLICATE_KEYS = [...DUPLICATE_REMOVED_KEYS];

/**
 * Issue 37.5: a duplicate removed is logged in the statement of the step that first records it (a
 * history entry of DUPLICATE_KEYS the job's step before did not have), with the ad kept and the one
 * removed. Part of writeStep's statement ($1 job, $2 desk, $4 record, $8 the keys; \`held\` its row).
 */
const DUPLICATES_LOGGED = `before as (
       select coalesce(s.body->'history', '[]') as history from listing_desk.job_steps s
        where s.job_id = $1 order by s.n desc limit 1),
     logged as (
       insert into listing_desk.activity
         (kind, desk, asking_desk, running_desk, account, ad, job, changed, made_at)
       select 'duplicate-removed', $2::uuid, held.requested_by, $2::uuid, held.account,
              $4::jsonb->>'listingUuid', $1,
              jsonb_strip_nulls(jsonb_build_object(
                'kept', $4::jsonb->>'listingUuid', 'keptPublication', $4::jsonb->>'publicationUuid',
                'removed', coalesce(entry->'values'->>'listing', entry->'values'->>'publication'),
                'what', case when entry->'values' ? 'publication' then 'publication' else 'listing' end,
                'how', case when entry->>'key' in ('latePublicationPaused', 'madeTwiceLeft') then 'paused'
                            else 'deleted' end,
                'title', $4::jsonb->'snapshot'->>'title')),
              coalesce((entry->>'at')::timestamptz, now())
         from held, jsonb_array_elements(coalesce($4::jsonb->'history', '[]')) entry
        where entry->>'key' = any($8::text[])
          and exists (select 1 from step)
          and not exists (select 1 from before b, jsonb_array_elements(b.history) was where was = entry)
       returning 1)`;

/**
 * Writes a step record (the job's record) and the job's state, only while this desk's fence and
 * lease hold (or, when `release`, its fence alone, giving the lease back); false: the fence is lost.
 * Every step written is announced on the queue's channel, so that the desk that pressed Publish
 * (and every other desk's Publishing view) follows the runner step by step (issue 32.3).
 */
export async function writeStep<R extends { state: string }>(
  db: Db,
  job: { id: string; deskId: string; fence: string },
  record: R,
  release = false,
): Promise<boolean> {
  const written = await db.query<{ n: string | null }>(
    `with held as (
       update listing_desk.jobs
          set body = jsonb_set(body, '{record}', $4), state = $5, updated_at = now(),
              lease_until = case when $6 then null else lease_until end
        where id = $1 and runner = $2 and fence = $3 and ($6 or lease_until > now())
        returning id, requested_by, account),
     step as (
       insert into listing_desk.job_steps (job_id, fence, desk, body)
       select id, $3, $2, $4 from held returning n, pg_notify($7, job_id)),
     ${DUPLICATES_LOGGED}
     select (select n::text from step) as n`,
    [job.id, job.deskId, job.fence, record, record.state, release, JOBS_CHANNEL, DUPLICATE_KEYS],
  );
  return written.rows[0]?.n != null;
}

/**
 * Puts what a desk learned of a finished job's ad on the shop's copy (paused, sold: the record's
 * `later`; and the states as last read, its `tracking`), so that every desk's Publishing view says
 * it, not only the desk that learned it. Both go together: a copy saying paused beside states still
 * saying published would put those states back on the other desks' Listings rows.
 */
export async function noteLaterLife(
  db: Db,
  jobId: string,
  record: Pick<JobRecord, 'later' | 'tracking'>,
): Promise<void> {
  const learned = { later: record.later ?? null, tracking: record.tracking };
  await db.query(
    `update listing_desk.jobs
        set body = jsonb_set(body, '{record}', (body->'record') || $2::jsonb), updated_at = now()
      where id = $1 and state in ('published', 'rejected')
        and (body->'record') || $2::jsonb is distinct from body->'record'
      returning pg_notify($3, id)`,
    [jobId, JSON.stringify(learned), JOBS_CHANNEL],
  );
}

/** The queue's jobs of `kind`, newest first (at most `limit`), with the desks' names. */
export async function listJobs(db: Db, limit = 500, kind: JobKind = 'publish'): Promise<JobRow[]> {
  const listed = await db.query<{
    id: string;
    draft_id: string | null;
    account: string | null;
    state: string;
    runner: string | null;
    runner_name: string | null;
    requested_by: string;
    requested_name: string;
    lease_left_ms: number | null;
    updated_at: Date;
  }>(
    `select j.id, j.draft_id, j.account, j.state, j.runner, r.name as runner_name, j.requested_by,
            q.name as requested_name, j.updated_at,
            (extract(epoch from (j.lease_until - now())) * 1000)::float8 as lease_left_ms
       from listing_desk.jobs j
       join listing_desk.desks q on q.id = j.requested_by
       left join listing_desk.desks r on r.id = j.runner
      where j.kind = $2
      order by j.created_at desc limit $1`,
    [limit, kind],
  );
  return listed.rows.map((row) => ({
    id: row.id,
    draftId: row.draft_id,
    account: row.account,
    state: row.state,
    runner: row.runner,
    runnerName: row.runner_name,
    requestedBy: row.requested_by,
    requestedByName: row.requested_name,
    leaseLeftMs: row.lease_left_ms,
    updatedAt: row.updated_at.toISOString(),
  }));
}

/** The bodies of the jobs named. */
export async function jobBodies<B = JobBody>(db: Db, ids: readonly string[]): Promise<Map<string, B>> {
  const read = await db.query<{ id: string; body: B }>(
    `select id, body from listing_desk.jobs where id = any($1)`,
    [ids],
  );
  return new Map(read.rows.map((row) => [row.id, row.body]));
}

/** Opens a bulk job again for a retry on this desk and claims it, unless another desk holds it. */
export async function reopenBulkJob(
  db: Db,
  record: { id: string },
  deskId: string,
  leaseMs: number,
): Promise<{ fence: string } | null> {
  const reopened = await db.query<{ fence: string }>(
    `update listing_desk.jobs
        set runner = $2, fence = fence + 1, lease_until = now() + $3 * interval '1 millisecond',
            state = 'running', body = jsonb_set(body, '{record}', $4), updated_at = now()
      where id = $1 and kind = 'bulk'
        and (runner is null or runner = $2 or lease_until is null or lease_until <= now())
      returning fence::text as fence`,
    [record.id, deskId, leaseMs, record],
  );
  return reopened.rows[0] ?? null;
}

/**
 * Whether this desk's login may run the queue's jobs (issue 37.1: publish or owner). A prepare desk
 * does not try to claim: the database would refuse each claim (job_graded), so it only watches.
 */
export async function mayRunJobs(db: Db): Promise<boolean> {
  const found = await db.query<{ may: boolean }>(
    `select coalesce(listing_desk.desk_grade() in ('publish', 'owner'), false) as may`,
  );
  return found.rows[0]?.may === true;
}
