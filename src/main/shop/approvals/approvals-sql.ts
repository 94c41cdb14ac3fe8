// Requests and approvals in SQL (listing_desk.approvals, migration 6). The database decides who may
// do what (approval_asked, approval_decided): here, one statement per act. Approving marks the
// request and puts its job body, unchanged, into the team's queue in one transaction, so a request
// approved on two desks at once is queued once (the second finds it decided).
import type pg from 'pg';
import type { ApprovalAd, ApprovalKind, ApprovalState } from '../../../shared/domain/approvals';
import { insertJob, type JobBody } from '../queue';

type Db = Pick<pg.Pool, 'query'>;

/** A request as the table holds it, with the desks' names. */
export interface ApprovalRow {
  id: string;
  kind: ApprovalKind;
  draftId: string | null;
  account: string;
  listing: string | null;
  state: ApprovalState;
  ad: ApprovalAd;
  live: ApprovalAd | null;
  body: JobBody;
  askedBy: string;
  askedByName: string;
  askedAt: string;
  decidedByName: string | null;
  decidedAt: string | null;
  note: string | null;
  jobId: string | null;
}

export interface NewRequest {
  id: string;
  kind: ApprovalKind;
  draftId: string | null;
  account: string;
  listing: string | null;
  ad: ApprovalAd;
  live: ApprovalAd | null;
  body: JobBody;
  deskId: string;
}

/** Writes a waiting request; null when the draft has one waiting already (its id is returned then). */
export async function insertRequest(db: Db, request: NewRequest): Promise<{ id: string; existing: boolean }> {
  const inserted = await db.query<{ id: string }>(
    `insert into listing_desk.approvals (id, kind, draft_id, account, listing, ad, live, body, asked_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning id`,
    [
      request.id,
      request.kind,
      request.draftId,
      request.account,
      request.listing,
      request.ad,
      request.live,
      request.body,
      request.deskId,
    ],
  );
  if (inserted.rows[0]) return { id: inserted.rows[0].id, existing: false };
  const waiting = await db.query<{ id: string }>(
    `select id from listing_desk.approvals where draft_id = $1 and state = 'waiting'`,
    [request.draftId],
  );
  const id = waiting.rows[0]?.id;
  if (!id) throw new Error(`The team's database refused request ${request.id}.`);
  return { id, existing: true };
}

const COLUMNS = `a.id, a.kind, a.draft_id as "draftId", a.account, a.listing, a.state, a.ad, a.live, a.body,
  a.asked_by as "askedBy", ad.name as "askedByName", to_char(a.asked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "askedAt",
  dd.name as "decidedByName",
  to_char(a.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "decidedAt", a.note, a.job_id as "jobId"`;
const FROM = `listing_desk.approvals a join listing_desk.desks ad on ad.id = a.asked_by
  left join listing_desk.desks dd on dd.id = a.decided_by`;

/** The waiting requests, oldest first, and those decided in the last `recentDays` days, newest first. */
export async function readRequests(db: Db, recentDays = 14): Promise<ApprovalRow[]> {
  const found = await db.query<ApprovalRow>(
    `select ${COLUMNS} from ${FROM}
      where a.state = 'waiting' or a.decided_at > now() - $1 * interval '1 day'
      order by a.state <> 'waiting', case when a.state = 'waiting' then a.asked_at end, a.decided_at desc`,
    [recentDays],
  );
  return found.rows;
}

/** One request, or undefined. */
export async function readRequest(db: Db, id: string): Promise<ApprovalRow | undefined> {
  const found = await db.query<ApprovalRow>(`select ${COLUMNS} from ${FROM} where a.id = $1`, [id]);
  return found.rows[0];
}

/** Whether this desk's login asks before a job for the account goes into the queue. */
export async function mustAsk(db: Db, account: string): Promise<boolean> {
  const found = await db.query<{ ask: boolean }>(`select listing_desk.must_ask($1) as ask`, [account]);
  return found.rows[0]?.ask === true;
}

export type DecideOutcome =
  | { done: true; jobId: string | null }
  | { done: false; state: ApprovalState | 'missing' }
  | { done: false; state: 'draft-busy'; jobId: string | null };

/**
 * Approves a waiting request: its job body goes into the queue unchanged, asked for by the asking
 * desk (its notices reach it), in the same transaction. Not done when another desk decided first,
 * or the draft has an open job already (then nothing changes).
 */
export async function approveRequest(
  pool: Pick<pg.Pool, 'connect'>,
  id: string,
  deskId: string,
  state: (account: string) => Promise<'queued' | 'waiting'>,
): Promise<DecideOutcome> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const marked = await client.query<{ body: JobBody; asked_by: string; account: string }>(
      `update listing_desk.approvals set state = 'approved', decided_by = $2,
              job_id = body->'record'->>'id'
        where id = $1 and state = 'waiting' returning body, asked_by, account`,
      [id, deskId],
    );
    const row = marked.rows[0];
    if (!row) {
      await client.query('rollback');
      const found = await client.query<{ state: ApprovalState }>(
        `select state from listing_desk.approvals where id = $1`,
        [id],
      );
      return { done: false, state: found.rows[0]?.state ?? 'missing' };
    }
    const jobId = await insertJob(client, {
      body: row.body,
      deskId: row.asked_by,
      state: await state(row.account),
    });
    if (jobId === null) {
      await client.query('rollback');
      const open = await client.query<{ id: string }>(
        `select id from listing_desk.jobs where draft_id = $1 and state in ('queued', 'running', 'waiting', 'tracking')`,
        [row.body.record.draftId],
      );
      return { done: false, state: 'draft-busy', jobId: open.rows[0]?.id ?? null };
    }
    await client.query('commit');
    return { done: true, jobId };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Sends a waiting request back with a note (or withdraws it: the asker's own); decided once. */
export async function closeRequest(
  db: Db,
  id: string,
  deskId: string,
  to: 'sent-back' | 'withdrawn',
  note: string | null,
): Promise<DecideOutcome> {
  const closed = await db.query(
    `update listing_desk.approvals set state = $3, decided_by = $2, note = $4 where id = $1 and state = 'waiting'`,
    [id, deskId, to, note],
  );
  if ((closed.rowCount ?? 0) === 1) return { done: true, jobId: null };
  const found = await db.query<{ state: ApprovalState }>(
    `select state from listing_desk.approvals where id = $1`,
    [id],
  );
  return { done: false, state: found.rows[0]?.state ?? 'missing' };
}

/** Requires (or no longer) approval for the account's publish desks: the owner's, by the database. */
export async function setApprovalRule(
  db: Db,
  account: string,
  required: boolean,
  deskId: string,
): Promise<void> {
  if (required)
    await db.query(
      `insert into listing_desk.approval_rules (account, set_by) values ($1, $2)
       on conflict (account) do update set set_by = excluded.set_by, set_at = now()`,
      [account, deskId],
    );
  else await db.query(`delete from listing_desk.approval_rules where account = $1`, [account]);
}

/** The accounts whose publish desks ask too. */
export async function approvalRules(db: Db): Promise<string[]> {
  const found = await db.query<{ account: string }>(
    `select account from listing_desk.approval_rules order by account`,
  );
  return found.rows.map((row) => row.account);
}
