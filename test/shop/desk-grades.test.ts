// Who may do what in a team (issue 37.1-2), enforced by PostgreSQL itself: three logins made in the
// prepare, publish and owner groups that `shop init` makes, each used directly with `pg` as that
// login; `shop role`'s change and its refusals; an existing shop at schema 3 upgraded to 4, its
// desks still publishing.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../src/main/log/log';
import { roleRefusalOf } from '../../src/main/shop/connection/shop-error';
import { mayRunJobs } from '../../src/main/shop/queue/job-queue';
import { migrations, LATEST_SCHEMA } from '../../src/main/shop/schema/migrations';
import { addDesk } from '../../src/main/shop/setup/add-desk';
import { listDeskLogins, setDeskRole } from '../../src/main/shop/setup/desk-grades';
import { deskRoleName, gradeRoleName, type DeskGrade } from '../../src/main/shop/setup/desk-role';
import { initShop } from '../../src/main/shop/setup/shop-init';
import { roleRefusalText } from '../../src/main/shop/status/role-words';
import { postgresBin } from './helpers/postgres';
import { freshDatabase } from './helpers/shared-postgres';

const clients: pg.Client[] = [];
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.end()));
});

const loginName = (role: string) => `desk_${role}_${randomBytes(3).toString('hex')}`;

/** A desk of the team: its login used directly, and its row in `desks` (written by that login). */
interface Desk {
  login: string;
  db: pg.Client;
  id: string;
}

async function deskOf(adminUrl: string, role: DeskGrade, name: string): Promise<Desk> {
  const login = loginName(role);
  const made = await addDesk(
    { url: adminUrl, login: { name: login, password: 'pw-' + login }, role },
    silentLog,
  );
  expect(made.role).toBe(gradeRoleName(new URL(adminUrl).pathname.slice(1), role));
  const url = new URL(adminUrl);
  url.username = login;
  url.password = 'pw-' + login;
  const db = await connect(url.toString());
  const id = randomUUID();
  await db.query(`insert into listing_desk.desks (id, name) values ($1, $2)`, [id, name]);
  return { login, db, id };
}

/** The SQLSTATE and the role refusal of a statement; 'allowed' when it went through. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: { code?: string }) => {
      const refusal = roleRefusalOf(error);
      return refusal ? `${error.code} ${refusal.role} ${refusal.action}` : error.code;
    },
  );

const job = (desk: Desk, kind: 'publish' | 'bulk') => {
  const id = `job-${randomBytes(4).toString('hex')}`;
  return desk.db
    .query(
      `insert into listing_desk.jobs (id, kind, draft_id, account, state, requested_by, body)
       values ($1, $2, $3, 'acc', 'queued', $4, '{}')`,
      [id, kind, kind === 'publish' ? `draft-${id}` : null, desk.id],
    )
    .then(() => id);
};
const claim = (desk: Desk, jobId: string) =>
  desk.db.query(
    `update listing_desk.jobs set runner = $2, fence = fence + 1, lease_until = now() + interval '1 minute'
      where id = $1`,
    [jobId, desk.id],
  );
const writeAccount = (desk: Desk, id: string) =>
  desk.db.query(
    `insert into listing_desk.items (kind, id, version, body, desk) values ('account', $1, 1, $2, $3)
     on conflict (kind, id) do update set version = listing_desk.items.version + 1, body = excluded.body`,
    [id, { name: 'Shop', imprint: 'Shop GmbH' }, desk.id],
  );

async function team() {
  const adminUrl = await freshDatabase();
  await initShop(adminUrl);
  const owner = await deskOf(adminUrl, 'owner', 'Office');
  const publish = await deskOf(adminUrl, 'publish', 'Front');
  const prepare = await deskOf(adminUrl, 'prepare', 'Trainee');
  return { adminUrl, owner, publish, prepare };
}

describe('the roles of a team, by a real login each', () => {
  it('refuses a prepare desk every job, due task and account write, in words naming what it may not do', async () => {
    const { adminUrl, publish, prepare } = await team();
    // What prepare may: drafts (items), photos, templates, the category mapping.
    expect(
      await outcome(
        prepare.db.query(
          `insert into listing_desk.items (kind, id, version, body, desk) values ('draft', 'd1', 1, '{}', $1)`,
          [prepare.id],
        ),
      ),
    ).toBe('allowed');
    expect(await outcome(job(prepare, 'publish'))).toBe('42501 prepare queue-jobs');
    expect(await outcome(job(prepare, 'bulk'))).toBe('42501 prepare queue-jobs');
    const publishJob = await job(publish, 'publish');
    const bulkJob = await job(publish, 'bulk');
    expect(await outcome(claim(prepare, publishJob))).toBe('42501 prepare claim-jobs');
    expect(await outcome(claim(prepare, bulkJob))).toBe('42501 prepare claim-jobs');
    expect(
      await outcome(
        prepare.db.query(`update listing_desk.jobs set state = 'cancelled' where id = $1`, [publishJob]),
      ),
    ).toBe('42501 prepare change-jobs');
    expect(
      await outcome(
        prepare.db.query(
          `insert into listing_desk.job_steps (job_id, fence, desk, body) values ($1, 1, $2, '{}')`,
          [publishJob, prepare.id],
        ),
      ),
    ).toBe('42501 prepare run-jobs');
    expect(
      await outcome(
        prepare.db.query(`insert into listing_desk.due_claims (key, desk) values ('feed:x', $1)`, [
          prepare.id,
        ]),
      ),
    ).toBe('42501 prepare claim-due');
    expect(await outcome(writeAccount(prepare, 'acc'))).toBe('42501 prepare write-accounts');
    // The change feed takes no account change written there alone either.
    expect(
      await outcome(
        prepare.db.query(
          `insert into listing_desk.changes (kind, id, version, deleted, body, desk, changed_at)
           values ('account', 'acc', 9, false, '{}', $1, now())`,
          [prepare.id],
        ),
      ),
    ).toBe('42501 prepare write-accounts');
    // No desk deletes a job, whatever its role; the grants refuse it before any trigger.
    expect(await outcome(prepare.db.query(`delete from listing_desk.jobs`))).toBe('42501');
    expect(await outcome(publish.db.query(`delete from listing_desk.jobs`))).toBe('42501');
    // Nor may a desk rewrite who is in which role.
    expect(
      await outcome(prepare.db.query(`update listing_desk.desk_roles set role = 'x' where grade = 'owner'`)),
    ).toBe('42501');

    // The same login with psql, as whoever sits at the desk could use it.
    const psql = (sql: string) => {
      const url = new URL(adminUrl);
      url.username = prepare.login;
      url.password = 'pw-' + prepare.login;
      const run = spawnSync(
        path.join(postgresBin()!, 'psql'),
        [url.toString(), '-v', 'ON_ERROR_STOP=1', '-v', 'VERBOSITY=verbose', '-c', sql],
        {
          encoding: 'utf8',
          env: { ...process.env, LC_MESSAGES: 'C' },
        },
      );
      return { code: run.status, stderr: run.stderr };
    };
    expect(psql(`update listing_desk.jobs set state = 'cancelled'`)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('42501: a prepare desk may not change jobs'),
    });
    expect(psql(`delete from listing_desk.jobs`)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('ERROR:  42501'),
    });
    expect(
      psql(
        `insert into listing_desk.items (kind, id, version, body, desk) values ('account', 'a2', 1, '{}', '${prepare.id}')`,
      ).stderr,
    ).toContain('42501: a prepare desk may not write accounts');
    expect(psql(`select count(*) from listing_desk.jobs`).code).toBe(0);

    const refused = await claim(prepare, publishJob).catch((error: unknown) => error);
    const refusal = roleRefusalOf(refused)!;
    expect(roleRefusalText('en', refusal)).toBe(
      "This desk's role in the team is “prepare”: it may not take on publish or bulk jobs from the team's queue. " +
        "A desk with the role “publish” may; the team's owner can change this desk's role (`shop role`).",
    );
    expect(roleRefusalText('de', refusal)).toContain(
      'Die Rolle dieses Arbeitsplatzes im Team ist „Vorbereiten“',
    );
    expect(roleRefusalText('de', refusal)).toContain('übernehmen');
  });

  it('lets a publish desk run the queue but not change accounts, and an owner desk do both', async () => {
    const { owner, publish, prepare } = await team();
    const publishJob = await job(publish, 'publish');
    expect(await outcome(claim(publish, publishJob))).toBe('allowed');
    expect(
      await outcome(
        publish.db.query(
          `insert into listing_desk.job_steps (job_id, fence, desk, body) values ($1, 1, $2, '{}')`,
          [publishJob, publish.id],
        ),
      ),
    ).toBe('allowed');
    expect(
      await outcome(
        publish.db.query(`insert into listing_desk.due_claims (key, desk) values ('feed:x', $1)`, [
          publish.id,
        ]),
      ),
    ).toBe('allowed');
    expect(await outcome(writeAccount(publish, 'acc'))).toBe('42501 publish write-accounts');
    expect(await outcome(writeAccount(owner, 'acc'))).toBe('allowed');
    expect(await outcome(claim(owner, await job(owner, 'bulk')))).toBe('allowed');
    // The owner's account reached the feed; the refused ones did not.
    const feed = await owner.db.query(`select desk from listing_desk.changes where kind = 'account'`);
    expect(feed.rows).toEqual([{ desk: owner.id }]);

    // Each login reads its own role, and every desk sees the team's logins with theirs.
    for (const [desk, role] of [
      [owner, 'owner'],
      [publish, 'publish'],
      [prepare, 'prepare'],
    ] as const) {
      const own = await desk.db.query(`select listing_desk.desk_grade() as role`);
      expect(own.rows[0].role).toBe(role);
      // A prepare desk's claims do not even try (the sweep asks this first).
      expect(await mayRunJobs(desk.db)).toBe(role !== 'prepare');
    }
    expect(await listDeskLogins(prepare.db)).toEqual(
      [
        { login: owner.login, role: 'owner', desks: ['Office'] },
        { login: prepare.login, role: 'prepare', desks: ['Trainee'] },
        { login: publish.login, role: 'publish', desks: ['Front'] },
      ].sort((a, b) => a.login.localeCompare(b.login)),
    );
  });
});

describe('shop role', () => {
  it("changes a desk's role with the owner's login, and refuses the last owner's demotion and a stranger", async () => {
    const { adminUrl, owner, publish, prepare } = await team();
    const publishJob = await job(publish, 'publish');
    expect(await outcome(claim(prepare, publishJob))).toBe('42501 prepare claim-jobs');
    const changed = await setDeskRole({ url: adminUrl, login: prepare.login, role: 'publish' }, silentLog);
    expect(changed).toMatchObject({ login: prepare.login, from: 'prepare', to: 'publish' });
    // The new role holds at the login's next statement, on the same connection.
    expect(await outcome(claim(prepare, publishJob))).toBe('allowed');

    await expect(
      setDeskRole({ url: adminUrl, login: owner.login, role: 'prepare' }, silentLog),
    ).rejects.toMatchObject({
      refusal: 'last-owner',
    });
    await expect(
      setDeskRole({ url: adminUrl, login: 'postgres', role: 'prepare' }, silentLog),
    ).rejects.toMatchObject({ refusal: 'not-a-desk' });
    // With a second owner the first may step down; the team keeps one.
    await setDeskRole({ url: adminUrl, login: publish.login, role: 'owner' }, silentLog);
    await setDeskRole({ url: adminUrl, login: owner.login, role: 'prepare' }, silentLog);
    expect(await outcome(writeAccount(owner, 'acc'))).toBe('42501 prepare write-accounts');
    expect(await outcome(writeAccount(publish, 'acc'))).toBe('allowed');
    await expect(
      setDeskRole({ url: adminUrl, login: publish.login, role: 'publish' }, silentLog),
    ).rejects.toMatchObject({
      refusal: 'last-owner',
    });
    // A desk's own login may not change roles: the database refuses it the grant.
    const deskUrl = new URL(adminUrl);
    deskUrl.username = prepare.login;
    deskUrl.password = 'pw-' + prepare.login;
    await expect(
      setDeskRole({ url: deskUrl.toString(), login: prepare.login, role: 'owner' }, silentLog),
    ).rejects.toMatchObject({ problem: 'no-permission' });
  });
});

describe('an existing shop', () => {
  it('upgraded from schema 3 to 4 keeps its desks publishing, through the desks role become publish', async () => {
    const adminUrl = await freshDatabase();
    const database = new URL(adminUrl).pathname.slice(1);
    const admin = await connect(adminUrl);
    // The shop as schema 3's `shop init` left it: migrations 1 to 3, the desks' role granted the tables.
    await admin.query(`create schema listing_desk`);
    await admin.query(
      `create table listing_desk.schema_version (version integer primary key, name text not null, applied_at timestamptz not null default now())`,
    );
    for (const migration of migrations.filter((m) => m.version <= 3)) {
      await admin.query(migration.sql);
      await admin.query(`insert into listing_desk.schema_version (version, name) values ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
    }
    await admin.query(`insert into listing_desk.shop (id) values ($1)`, [randomUUID()]);
    const desks = deskRoleName(database);
    await admin.query(`create role ${desks} nologin`);
    await admin.query(`grant connect on database ${database} to ${desks}`);
    await admin.query(`grant usage on schema listing_desk to ${desks}`);
    await admin.query(`grant select, insert, update on all tables in schema listing_desk to ${desks}`);
    await admin.query(`grant usage on all sequences in schema listing_desk to ${desks}`);
    const login = loginName('old');
    await admin.query(`create role ${login} login password 'old-desk-pw' in role ${desks}`);
    const url = new URL(adminUrl);
    url.username = login;
    url.password = 'old-desk-pw';
    const db = await connect(url.toString());
    const old: Desk = { login, db, id: randomUUID() };
    await db.query(`insert into listing_desk.desks (id, name) values ($1, 'Old front')`, [old.id]);
    const before = await job(old, 'publish');

    const upgraded = await initShop(adminUrl);
    expect(upgraded).toMatchObject({ from: 3, to: LATEST_SCHEMA, role: gradeRoleName(database, 'publish') });
    // Later migrations (7: the activity log) come on top of 4.
    expect(LATEST_SCHEMA).toBeGreaterThanOrEqual(4);
    // Its desk goes on publishing: queues, claims, writes steps, on the connection it had.
    expect(await outcome(claim(old, before))).toBe('allowed');
    expect(await outcome(claim(old, await job(old, 'publish')))).toBe('allowed');
    expect(
      await outcome(db.query(`update listing_desk.desks set last_seen = now() where id = $1`, [old.id])),
    ).toBe('allowed');
    expect((await db.query(`select listing_desk.desk_grade() as role`)).rows[0].role).toBe('publish');
    // Its login is listed as publish, with its desk named from its first heartbeat after the upgrade.
    expect(await listDeskLogins(admin)).toEqual([{ login, role: 'publish', desks: ['Old front'] }]);
    // No owner desk is named yet: its publish desks go on writing accounts, as before the upgrade.
    expect(await outcome(writeAccount(old, 'acc'))).toBe('allowed');
    // An owner is named with `shop role`; accounts are the owner's from then on.
    await setDeskRole({ url: adminUrl, login, role: 'owner' }, silentLog);
    expect(await outcome(writeAccount(old, 'acc2'))).toBe('allowed');
    // Running init again changes nothing.
    expect(await initShop(adminUrl)).toMatchObject({
      from: LATEST_SCHEMA,
      to: LATEST_SCHEMA,
      roleCreated: false,
    });
    expect(await listDeskLogins(admin)).toEqual([{ login, role: 'owner', desks: ['Old front'] }]);
  });
});
