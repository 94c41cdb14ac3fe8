// The activity log's rows in the team's database. The table takes INSERT from desks and refuses
// them UPDATE and DELETE; the database stamps when a row arrived. `insertActivity` runs on whatever
// it is given (a pool, or a transaction's client: then the row commits with the change, or neither
// does); `ACTIVITY_INSERT` is its statement, for callers that write the row in one statement with
// their change (a due task's done under its fence).
import type pg from 'pg';
import {
  ACTIVITY_LIMIT,
  isActivityKind,
  type ActivityDesk,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityInput,
} from '../../../shared/domain/activity';
import type { ActivityLog } from '../../ports/activity-log';

type Db = Pick<pg.ClientBase, 'query'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A desk named by id (anything else, e.g. a lone desktop's name, is not a desk of the team). */
const deskId = (value: string | null | undefined) => (value && UUID.test(value) ? value : null);

/** Parameters $1..$11 of ACTIVITY_INSERT, in order. */
export function activityParams(desk: string | null, input: ActivityInput): unknown[] {
  return [
    input.kind,
    desk,
    deskId(input.asking),
    deskId(input.approving),
    deskId(input.running) ?? desk,
    input.account ?? null,
    input.ad ?? null,
    input.draft ?? null,
    input.job ?? null,
    JSON.stringify(input.changed ?? {}),
    input.madeAt ?? null,
  ];
}

export const ACTIVITY_INSERT = `insert into listing_desk.activity
  (kind, desk, asking_desk, approving_desk, running_desk, account, ad, draft, job, changed, made_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::timestamptz)`;

/** The rows as JSON records for ACTIVITY_FROM_RECORDS (the desks by id; a desk that is none left out). */
export function activityRecords(inputs: readonly ActivityInput[]): Record<string, unknown>[] {
  return inputs.map((input) => ({
    kind: input.kind,
    asking: deskId(input.asking),
    approving: deskId(input.approving),
    running: deskId(input.running),
    account: input.account ?? null,
    ad: input.ad ?? null,
    draft: input.draft ?? null,
    job: input.job ?? null,
    changed: input.changed ?? {},
    made_at: input.madeAt ?? null,
  }));
}

/**
 * An INSERT of the rows in the JSON array parameter `records` (see activityRecords) as the desk in
 * parameter `desk`, ending in its FROM clause: a caller adds its own WHERE (e.g. "only if the
 * statement's other part wrote its row") to write them in one statement with its change.
 */
export const ACTIVITY_FROM_RECORDS = (records: string, desk: string) => `insert into listing_desk.activity
  (kind, desk, asking_desk, approving_desk, running_desk, account, ad, draft, job, changed, made_at)
  select r.kind, ${desk}::uuid, r.asking, r.approving, coalesce(r.running, ${desk}::uuid), r.account, r.ad,
         r.draft, r.job, coalesce(r.changed, '{}'), r.made_at
    from jsonb_to_recordset(${records}::jsonb) as r(kind text, asking uuid, approving uuid, running uuid,
         account text, ad text, draft text, job text, changed jsonb, made_at timestamptz)`;

/** Writes one row as desk `desk` (null: as the database's owner, which only the owner's login may). */
export async function insertActivity(db: Db, desk: string | null, input: ActivityInput): Promise<void> {
  await db.query(ACTIVITY_INSERT, activityParams(desk, input));
}

interface Row {
  id: string;
  kind: string;
  account: string | null;
  ad: string | null;
  draft: string | null;
  job: string | null;
  changed: Record<string, unknown>;
  made_at: Date;
  recorded_at: Date;
  desk: ActivityDesk | null;
  asking: ActivityDesk | null;
  approving: ActivityDesk | null;
  running: ActivityDesk | null;
}

const named = (column: string) =>
  `(select json_build_object('id', d.id, 'name', d.name) from listing_desk.desks d where d.id = a.${column})`;

/** The rows that pass `filter`, newest first, the desks named. */
export async function listActivity(db: Db, filter: ActivityFilter): Promise<ActivityEntry[]> {
  const kinds = filter.kinds?.length ? filter.kinds : null;
  const read = await db.query<Row>(
    `select a.id::text, a.kind, a.account, a.ad, a.draft, a.job, a.changed, a.made_at, a.recorded_at,
            ${named('desk')} as desk, ${named('asking_desk')} as asking,
            ${named('approving_desk')} as approving, ${named('running_desk')} as running
       from listing_desk.activity a
      where ($1::text[] is null or a.kind = any($1))
        and ($2::text is null or a.account = $2)
        and ($3::text is null or $3 in (a.ad, a.draft, a.job))
        and ($4::timestamptz is null or a.recorded_at >= $4)
        and ($5::timestamptz is null or a.recorded_at < $5)
        and ($6::text is null or exists (
              select 1 from listing_desk.desks d
               where d.id in (a.desk, a.asking_desk, a.approving_desk, a.running_desk)
                 and (d.id::text = $6 or lower(d.name) = lower($6))))
      order by a.recorded_at desc, a.id desc
      limit $7`,
    [
      kinds,
      filter.account ?? null,
      filter.ad ?? null,
      filter.since ?? null,
      filter.until ?? null,
      filter.desk ?? null,
      filter.limit ?? ACTIVITY_LIMIT,
    ],
  );
  return read.rows.flatMap((row) =>
    isActivityKind(row.kind)
      ? [
          {
            id: row.id,
            kind: row.kind,
            desk: row.desk,
            asking: row.asking,
            approving: row.approving,
            running: row.running,
            account: row.account,
            ad: row.ad,
            draft: row.draft,
            job: row.job,
            changed: row.changed,
            madeAt: row.made_at.toISOString(),
            recordedAt: row.recorded_at.toISOString(),
          },
        ]
      : [],
  );
}

/** Removes rows older than two years (a SECURITY DEFINER function that deletes nothing else). */
export async function pruneActivity(db: Db): Promise<number> {
  const pruned = await db.query<{ n: string }>(`select listing_desk.prune_activity()::text as n`);
  return Number(pruned.rows[0]?.n ?? 0);
}

const DAY_MS = 24 * 3_600_000;

/** The log of a desk in a team: rows written as `deskId`; rows past two years pruned once a day. */
export function shopActivityLog(options: { db: Db; deskId: string; now?: () => number }): ActivityLog {
  const now = options.now ?? Date.now;
  let prunedAt = -Infinity;
  return {
    async record(input) {
      await insertActivity(options.db, options.deskId, input);
    },
    async list(filter) {
      if (now() - prunedAt > DAY_MS) {
        prunedAt = now();
        await pruneActivity(options.db);
      }
      return listActivity(options.db, filter);
    },
  };
}
