// Migration 8 (issues 37.4-5) on a real PostgreSQL: a team at schema 7 whose log names an approved
// pause 'live-change' (as migration 7 wrote it) upgrades with nothing lost, the row named 'pause'
// with its approving desk and its earlier kind kept, and an approved end afterwards is logged 'end'
// with both desks; the owner's rule ("publish desks must ask too") reaches another desk's state
// while it is open, without that desk asking for anything.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, expect, it, vi } from 'vitest';
import { LATEST_SCHEMA, migrations } from '../../src/main/shop/schema/migrations';
import { initShop } from '../../src/main/shop/setup/shop-init';
import { openDesk, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';
import { makeLogin } from './helpers/team-logins';

const WAIT = { timeout: 20_000, interval: 100 };
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Row {
  id: string;
  kind: string;
  asking: string | null;
  approving: string | null;
  running: string | null;
  job: string | null;
  changed: Record<string, unknown>;
  made_at: Date;
  recorded_at: Date;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanup.push(() => client.end());
  return client;
}

/** A one-ad job of an approved request, as approvals-live.ts makes it. */
function requestJob(id: string, request: string, action: object, state: 'pending' | 'done') {
  return {
    version: 1,
    id,
    accountId: 'acc-1',
    createdAt: new Date().toISOString(),
    edit: { kind: 'request', request, asked: (action as { kind: string }).kind },
    items: [
      {
        uuid: 'listing-1',
        title: 'Brass lamp',
        state,
        changes: [],
        patch: {},
        action,
        ...(state === 'done' && { publicationsDone: ['publication-1'] }),
      },
    ],
    state: state === 'done' ? 'done' : 'running',
  };
}

/**
 * An approved request and its job run to its end by `runner`. One login plays every desk here, so
 * the database's check that the deciding login is not the asking one is left out for the approval.
 */
async function approvedAndRun(
  admin: pg.Client,
  desks: { asker: string; approver: string; runner: string },
  kind: 'pause' | 'end',
  action: object,
): Promise<{ request: string; job: string }> {
  const request = randomUUID();
  const job = randomUUID();
  const body = { record: requestJob(job, request, action, 'pending'), photos: {} };
  await admin.query(
    `insert into listing_desk.approvals (id, kind, account, listing, ad, live, body, asked_by)
     values ($1, $2, 'acc-1', 'listing-1', $3, $3, $4, $5)`,
    [request, kind, { title: 'Brass lamp' }, body, desks.asker],
  );
  await admin.query(`alter table listing_desk.approvals disable trigger approval_decided`);
  await admin.query(
    `update listing_desk.approvals set state = 'approved', decided_by = $2, decided_at = now(),
            job_id = body->'record'->>'id' where id = $1`,
    [request, desks.approver],
  );
  await admin.query(`alter table listing_desk.approvals enable trigger approval_decided`);
  await admin.query(
    `insert into listing_desk.jobs (id, kind, account, state, requested_by, body)
     values ($1, 'bulk', 'acc-1', 'queued', $2, $3)`,
    [job, desks.asker, body],
  );
  await admin.query(`insert into listing_desk.job_steps (job_id, fence, desk, body) values ($1, 1, $2, $3)`, [
    job,
    desks.runner,
    requestJob(job, request, action, 'done'),
  ]);
  return { request, job };
}

it('upgrades a team at schema 7: an approved pause logged as a live change is named a pause with its approving desk, nothing lost', async () => {
  const adminUrl = await freshDatabase();
  const admin = await connect(adminUrl);
  // The team as schema 7's `shop init` left it.
  await admin.query(`create schema listing_desk`);
  await admin.query(
    `create table listing_desk.schema_version (version integer primary key, name text not null, applied_at timestamptz not null default now())`,
  );
  for (const migration of migrations.filter((m) => m.version <= 7)) {
    await admin.query(migration.sql);
    await admin.query(`insert into listing_desk.schema_version (version, name) values ($1, $2)`, [
      migration.version,
      migration.name,
    ]);
  }
  await admin.query(`insert into listing_desk.shop (id) values ($1)`, [randomUUID()]);
  const [asker, approver, runner] = [randomUUID(), randomUUID(), randomUUID()];
  for (const [id, name] of [
    [asker, 'Trainee'],
    [approver, 'Office'],
    [runner, 'Front'],
  ])
    await admin.query(`insert into listing_desk.desks (id, name) values ($1, $2)`, [id, name]);
  await admin.query(`insert into listing_desk.approval_rules (account, set_by) values ('acc-1', $1)`, [
    approver,
  ]);
  const desks = { asker, approver, runner };
  const paused = await approvedAndRun(admin, desks, 'pause', {
    kind: 'pause',
    state: 'PAUSED',
    publications: ['publication-1'],
  });
  const rows = async () =>
    (
      await admin.query<Row>(
        `select id, kind, asking_desk as asking, approving_desk as approving, running_desk as running,
                job, changed, made_at, recorded_at from listing_desk.activity order by id`,
      )
    ).rows;
  const before = await rows();
  const old = before.find((row) => row.job === paused.job && row.kind !== 'approval')!;
  // Migration 7 named it a live change, without the approving desk.
  expect(old).toMatchObject({ kind: 'live-change', asking: asker, approving: null, running: runner });

  const upgraded = await initShop(adminUrl);
  expect(upgraded).toMatchObject({ from: 7, to: LATEST_SCHEMA });
  expect(LATEST_SCHEMA).toBeGreaterThanOrEqual(8);
  // Nothing lost: every row is there as it was, the pause's named by its kind with both desks and
  // what it was named before.
  const after = new Map((await rows()).map((row) => [row.id, row]));
  for (const row of before) if (row.id !== old.id) expect(after.get(row.id)).toEqual(row);
  expect(after.get(old.id)).toEqual({
    ...old,
    kind: 'pause',
    approving: approver,
    changed: { ...old.changed, request: paused.request, loggedAs: 'live-change' },
  });
  expect(old.changed).toMatchObject({ outcome: 'done', edit: 'request', title: 'Brass lamp' });
  expect(
    (await admin.query(`select account from listing_desk.approval_rules`)).rows.map((row) => row.account),
  ).toEqual(['acc-1']);

  // An approved end run after the upgrade: logged 'end' in the step's statement, with both desks.
  const ended = await approvedAndRun(admin, desks, 'end', { kind: 'end', sold: true });
  const endRows = (await rows()).filter((row) => row.job === ended.job);
  expect(endRows.map((row) => row.kind)).toEqual(['approval', 'end']);
  expect(endRows[1]).toMatchObject({
    asking: asker,
    approving: approver,
    running: runner,
    changed: { outcome: 'done', sold: true, request: ended.request, title: 'Brass lamp' },
  });

  // The owner's rule is told on the approvals' channel when it changes.
  const listener = await connect(adminUrl);
  const heard: string[] = [];
  listener.on('notification', (message) => heard.push(`${message.channel} ${message.payload}`));
  await listener.query('listen listing_desk_approvals');
  await admin.query(`delete from listing_desk.approval_rules where account = 'acc-1'`);
  await vi.waitFor(() => expect(heard).toEqual(['listing_desk_approvals rule:acc-1']), WAIT);
});

it("reaches another desk's state while it is open when the owner changes the rule", async () => {
  const url = await freshDatabase();
  await initShop(url);
  const open = async (name: string, via?: string) => {
    const desk = await openDesk(url, name, via ? { via } : {});
    cleanup.push(() => desk.remove());
    return desk;
  };
  const office = await open('Office');
  const front = await open('Front', (await makeLogin(url, 'publish')).url);
  await vi.waitFor(() => expect(front.app.shop!.sync.session.link().state).toBe('connected'), WAIT);
  const changedSince = (desk: Desk, from: number) =>
    desk.events.slice(from).filter((e) => e.event === 'approvals:changed').length;

  // Front has asked nothing of the approvals: the owner's rule still reaches it.
  for (const required of [true, false]) {
    const from = front.events.length;
    await office.call('approvals:set-rule', { accountId: 'acc-1', required });
    await vi.waitFor(() => expect(changedSince(front, from)).toBeGreaterThan(0), WAIT);
    expect(await front.call('approvals:rules')).toEqual({ accounts: required ? ['acc-1'] : [] });
  }
}, 60_000);
