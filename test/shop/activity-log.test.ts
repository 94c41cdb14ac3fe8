// The team's activity log (issue 37.5) in the database itself: each role's login, used with psql as
// whoever sits at the desk could, adds rows but neither changes nor deletes one (the database's owner
// still can); a job step that states an outcome writes its row in its own statement; an account
// change that reaches the database late carries both times; two years kept.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../src/main/log/log';
import { writeStep } from '../../src/main/shop/queue/job-queue';
import { addDesk } from '../../src/main/shop/setup/add-desk';
import type { DeskGrade } from '../../src/main/shop/setup/desk-role';
import { initShop } from '../../src/main/shop/setup/shop-init';
import { postgresBin } from './helpers/postgres';
import { freshDatabase } from './helpers/shared-postgres';

const clients: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.end()));
});

interface Desk {
  login: string;
  url: string;
  db: pg.Client;
  id: string;
}

async function deskOf(adminUrl: string, role: DeskGrade, name: string): Promise<Desk> {
  const login = `desk_${role}_${randomBytes(3).toString('hex')}`;
  await addDesk({ url: adminUrl, login: { name: login, password: 'pw-' + login }, role }, silentLog);
  const url = new URL(adminUrl);
  url.username = login;
  url.password = 'pw-' + login;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  clients.push(db);
  const id = randomUUID();
  await db.query(`insert into listing_desk.desks (id, name) values ($1, $2)`, [id, name]);
  return { login, url: url.toString(), db, id };
}

async function team() {
  const adminUrl = await freshDatabase();
  await initShop(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  clients.push(admin);
  const owner = await deskOf(adminUrl, 'owner', 'Office');
  const publish = await deskOf(adminUrl, 'publish', 'Front');
  const prepare = await deskOf(adminUrl, 'prepare', 'Trainee');
  return { adminUrl, admin, owner, publish, prepare };
}

/** Runs `sql` with psql as the desk's login; its exit code and what it said. */
function psql(url: string, sql: string) {
  const run = spawnSync(
    path.join(postgresBin()!, 'psql'),
    [url, '-v', 'ON_ERROR_STOP=1', '-v', 'VERBOSITY=verbose', '-tA', '-c', sql],
    { encoding: 'utf8', env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  return { code: run.status, stdout: run.stdout.trim(), stderr: run.stderr };
}

const rowsOf = async (admin: pg.Client, kind?: string) =>
  (
    await admin.query<{
      kind: string;
      desk: string | null;
      ad: string | null;
      running_desk: string | null;
      changed: Record<string, unknown>;
    }>(
      `select kind, desk, asking_desk, running_desk, account, ad, draft, job, changed, made_at, recorded_at
         from listing_desk.activity where $1::text is null or kind = $1 order by id`,
      [kind ?? null],
    )
  ).rows;

describe('the activity log in the database', () => {
  it('takes rows from every desk but lets no desk login change or delete one; the owner can', async () => {
    const { admin, owner, publish, prepare } = await team();
    // Each desk's joining is logged by the database, under that desk.
    expect((await rowsOf(admin, 'desk-joined')).map((row) => row.desk)).toEqual([
      owner.id,
      publish.id,
      prepare.id,
    ]);
    for (const desk of [owner, publish, prepare]) {
      const added = psql(
        desk.url,
        `insert into listing_desk.activity (kind, desk, running_desk, changed, made_at)
         values ('pause', '${desk.id}', '${desk.id}', '{"by":"psql"}', now()) returning id`,
      );
      expect(added).toMatchObject({ code: 0 });
      expect(psql(desk.url, `update listing_desk.activity set kind = 'end'`)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('ERROR:  42501'),
      });
      expect(psql(desk.url, `delete from listing_desk.activity`)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('ERROR:  42501'),
      });
      expect(psql(desk.url, `truncate listing_desk.activity`)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('ERROR:  42501'),
      });
      // Nor may it write as another desk, nor backdate when a row arrived.
      expect(
        psql(
          desk.url,
          `insert into listing_desk.activity (kind, desk, changed, made_at) values ('end', '${desk === owner ? publish.id : owner.id}', '{}', now())`,
        ),
      ).toMatchObject({ code: 1, stderr: expect.stringContaining('only under its own login') });
      const stamped = psql(
        desk.url,
        `insert into listing_desk.activity (kind, desk, changed, made_at, recorded_at)
         values ('end', '${desk.id}', '{}', now() - interval '1 day', now() - interval '3 years')
         returning recorded_at > now() - interval '1 minute'`,
      );
      expect(stamped.stdout.split('\n')[0]).toBe('t');
    }
    // Even a grant given by mistake does not open it: the trigger refuses an owner desk's UPDATE.
    await admin.query(`grant update, delete on listing_desk.activity to ${owner.login}`);
    expect(psql(owner.url, `update listing_desk.activity set kind = 'end'`)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('the activity log is kept as written'),
    });
    expect(psql(owner.url, `delete from listing_desk.activity`).code).toBe(1);
    const count = (await admin.query(`select count(*)::int as n from listing_desk.activity`)).rows[0].n;
    // Three logins added and three desks joined (logged by the database), two rows by each desk.
    expect(count).toBe(3 + 3 + 6);
    // The database's owner still can.
    await admin.query(`update listing_desk.activity set changed = '{"fixed":true}' where kind = 'pause'`);
    await admin.query(
      `update listing_desk.activity set recorded_at = now() - interval '2 years 1 day' where kind = 'pause'`,
    );
    // Two years kept: any desk may prune, which removes only older rows.
    expect(psql(prepare.url, `select listing_desk.prune_activity()`).stdout).toBe('3');
    expect(psql(prepare.url, `select listing_desk.prune_activity()`).stdout).toBe('0');
    expect((await admin.query(`select count(*)::int as n from listing_desk.activity`)).rows[0].n).toBe(9);
  });

  it("writes a publish job's outcome and each bulk ad's with the step that states it", async () => {
    const { admin, publish } = await team();
    await publish.db.query(
      `insert into listing_desk.jobs (id, kind, draft_id, account, state, requested_by, body, runner, fence, lease_until)
       values ('job-1', 'publish', 'draft-1', 'acc', 'running', $1, '{}', $1, 1, now() + interval '1 minute')`,
      [publish.id],
    );
    const job = { id: 'job-1', deskId: publish.id, fence: '1' };
    const record = { state: 'running', listingUuid: null as string | null, snapshot: { title: 'Sofa' } };
    expect(await writeStep(publish.db, job, record)).toBe(true);
    expect(await writeStep(publish.db, job, { ...record, listingUuid: 'L-1' })).toBe(true);
    expect(await rowsOf(admin, 'publish')).toEqual([]);
    expect(
      await writeStep(publish.db, job, { ...record, listingUuid: 'L-1', state: 'published' }, true),
    ).toBe(true);
    // A fence lost writes neither the step nor its row.
    expect(await writeStep(publish.db, { ...job, fence: '0' }, { ...record, state: 'failed' })).toBe(false);
    expect(await rowsOf(admin, 'publish')).toMatchObject([
      {
        asking_desk: publish.id,
        running_desk: publish.id,
        account: 'acc',
        ad: 'L-1',
        draft: 'draft-1',
        job: 'job-1',
        changed: { outcome: 'published', title: 'Sofa' },
      },
    ]);

    await publish.db.query(
      `insert into listing_desk.jobs (id, kind, account, state, requested_by, body, runner, fence, lease_until)
       values ('bulk-1', 'bulk', 'acc', 'running', $1, '{}', $1, 1, now() + interval '1 minute')`,
      [publish.id],
    );
    const item = (uuid: string, state: string) => ({
      uuid,
      title: `Ad ${uuid}`,
      state,
      changes: [{ field: 'price', before: '10', after: '9' }],
    });
    const bulk = { id: 'bulk-1', deskId: publish.id, fence: '1' };
    const edit = { kind: 'price' };
    await writeStep(publish.db, bulk, {
      state: 'running',
      edit,
      items: [item('a', 'pending'), item('b', 'pending')],
    });
    await writeStep(publish.db, bulk, {
      state: 'running',
      edit,
      items: [item('a', 'done'), item('b', 'sending')],
    });
    await writeStep(
      publish.db,
      bulk,
      { state: 'done', edit, items: [item('a', 'done'), item('b', 'failed')] },
      true,
    );
    expect((await rowsOf(admin, 'price-change')).map((row) => [row.ad, row.changed.outcome])).toEqual([
      ['a', 'done'],
      ['b', 'failed'],
    ]);
  });

  it('logs an account and its imprints as they reach the database, with the time each was made', async () => {
    const { admin, owner } = await team();
    const made = new Date(Date.now() - 3_600_000);
    await owner.db.query(
      `insert into listing_desk.items (kind, id, version, body, desk, made_at) values ('account', 'acc', 1, $1, $2, $3)`,
      [{ name: 'Shop', imprints: [] }, owner.id, made],
    );
    await owner.db.query(
      `update listing_desk.items set version = 2, body = $1, made_at = null where kind = 'account' and id = 'acc'`,
      [{ name: 'Shop', imprints: [{ uuid: 'i1' }] }],
    );
    await owner.db.query(
      `update listing_desk.items set version = 3, body = $1 where kind = 'account' and id = 'acc'`,
      [{ name: 'Shop & Co', imprints: [{ uuid: 'i1' }] }],
    );
    const rows = await admin.query<{ kind: string; changed: unknown; made_at: Date; recorded_at: Date }>(
      `select kind, changed, made_at, recorded_at from listing_desk.activity
        where kind in ('account-change', 'imprint-change') order by id`,
    );
    expect(rows.rows.map((row) => [row.kind, row.changed])).toEqual([
      ['account-change', { change: 'added', name: 'Shop', fields: ['imprints', 'name'] }],
      ['imprint-change', { change: 'changed', name: 'Shop', fields: ['imprints'] }],
      ['account-change', { change: 'changed', name: 'Shop & Co', fields: ['name'] }],
    ]);
    expect(rows.rows[0]!.made_at.getTime()).toBe(made.getTime());
    expect(rows.rows[0]!.recorded_at.getTime()).toBeGreaterThan(made.getTime() + 3_000_000);
  });
});
