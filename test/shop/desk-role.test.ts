// Security of the shop's database (issue 24.7): a desk's login reaches only the listing_desk
// schema, and a desk that left cannot write any more, whichever table it tries.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { deskRoleName } from '../../src/main/shop/setup/desk-role';
import { initShop } from '../../src/main/shop/setup/shop-init';
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

/** A shop made by `shop init`, and a desk login in its desks' role, as the README says to make one. */
async function shopWithDeskLogin() {
  const adminUrl = await freshDatabase();
  const init = await initShop(adminUrl);
  const admin = await connect(adminUrl);
  const login = `desk_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(8).toString('hex');
  await admin.query(`create role ${login} login password '${password}' in role ${init.role}`);
  const url = new URL(adminUrl);
  url.username = login;
  url.password = password;
  return { admin, adminUrl, init, desk: await connect(url.toString()) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: { code?: string }) => error.code,
  );

describe('the desks role', () => {
  it('is named after the database and made once, however often init runs', async () => {
    const adminUrl = await freshDatabase();
    const database = new URL(adminUrl).pathname.slice(1);
    const first = await initShop(adminUrl);
    expect(first).toMatchObject({ from: 0, role: `listing_desk_publish_${database}`, roleCreated: true });
    const again = await initShop(adminUrl);
    expect(again).toMatchObject({ from: first.to, to: first.to, role: first.role, roleCreated: false });
    expect(again.shopId).toBe(first.shopId);
    // Names PostgreSQL would change (case, length) get a hash, so two databases never share a role.
    expect(deskRoleName('Shop')).not.toBe(deskRoleName('shop'));
    expect(deskRoleName('x'.repeat(80)).length).toBeLessThanOrEqual(63);
  });

  it('reaches the shop schema and nothing else', async () => {
    const { admin, desk } = await shopWithDeskLogin();
    await admin.query('create table public.other_app (secret text)');
    await admin.query("insert into public.other_app values ('not for desks')");
    await admin.query('create schema accounting');
    await admin.query('create table accounting.ledger (amount int)');

    const deskId = '00000000-0000-4000-8000-0000000000a1';
    await desk.query(`insert into listing_desk.desks (id, name) values ($1, 'Front')`, [deskId]);
    await desk.query(
      `insert into listing_desk.items (kind, id, version, body, desk) values ('draft', 'd1', 1, '{}', $1)`,
      [deskId],
    );
    const feed = await desk.query('select id from listing_desk.changes');
    expect(feed.rows).toEqual([{ id: 'd1' }]);

    expect(await refusal(desk.query('create table public.mine (x int)'))).toBe('42501');
    expect(await refusal(desk.query('create table listing_desk.mine (x int)'))).toBe('42501');
    expect(await refusal(desk.query('select * from public.other_app'))).toBe('42501');
    expect(await refusal(desk.query('select * from accounting.ledger'))).toBe('42501');
    expect(await refusal(desk.query('select rolpassword from pg_authid'))).toBe('42501');
    expect(await refusal(desk.query('delete from listing_desk.changes'))).toBe('42501');
    expect(await refusal(desk.query('drop table listing_desk.items'))).toBe('42501');
    expect(await refusal(desk.query('update listing_desk.schema_version set version = 99'))).toBe('42501');
  });

  it('refuses every write of a desk that has left', async () => {
    const { desk } = await shopWithDeskLogin();
    const [member, gone] = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];
    await desk.query(`insert into listing_desk.desks (id, name) values ($1, 'Stays'), ($2, 'Goes')`, [
      member,
      gone,
    ]);
    const writes = (who: string, n: string) => [
      desk.query(`insert into listing_desk.photos (hash, bytes, size, desk) values ($1, '\\x00', 1, $2)`, [
        `h${n}`,
        who,
      ]),
      desk.query(
        `insert into listing_desk.listings (account, listing_id, body, refreshed_by) values ('a', $1, '{}', $2)`,
        [`l${n}`, who],
      ),
    ];
    const job = (who: string, n: string) =>
      desk.query(
        `insert into listing_desk.jobs (id, kind, state, requested_by, body) values ($1, 'publish', 'queued', $2, '{}')`,
        [`j${n}`, who],
      );
    // While both are members, every write goes through.
    for (const write of writes(gone, '1')) expect(await refusal(write)).toBe('allowed');
    expect(await refusal(job(gone, '1'))).toBe('allowed');
    expect(
      await refusal(
        desk.query(
          `insert into listing_desk.job_steps (job_id, fence, desk, body) values ('j1', 1, $1, '{}')`,
          [gone],
        ),
      ),
    ).toBe('allowed');

    await desk.query('update listing_desk.desks set left_at = now() where id = $1', [gone]);
    for (const write of writes(gone, '2')) expect(await refusal(write)).toBe('LD001');
    expect(await refusal(job(gone, '2'))).toBe('LD001');
    expect(
      await refusal(
        desk.query(
          `insert into listing_desk.job_steps (job_id, fence, desk, body) values ('j1', 2, $1, '{}')`,
          [gone],
        ),
      ),
    ).toBe('LD001');
    // Its job can be run by a member, not by itself.
    expect(
      await refusal(desk.query(`update listing_desk.jobs set runner = $1 where id = 'j1'`, [gone])),
    ).toBe('LD001');
    expect(
      await refusal(desk.query(`update listing_desk.jobs set runner = $1 where id = 'j1'`, [member])),
    ).toBe('allowed');
    expect(
      await refusal(
        desk.query(`update listing_desk.listings set refreshed_by = $1 where listing_id = 'l1'`, [gone]),
      ),
    ).toBe('LD001');
    // Its row stays left: no heartbeat, no way back.
    expect(
      await refusal(desk.query(`update listing_desk.desks set last_seen = now() where id = $1`, [gone])),
    ).toBe('LD001');
    expect(
      await refusal(desk.query(`update listing_desk.desks set left_at = null where id = $1`, [gone])),
    ).toBe('LD001');
    expect(
      await refusal(desk.query(`update listing_desk.desks set last_seen = now() where id = $1`, [member])),
    ).toBe('allowed');
  });
});
