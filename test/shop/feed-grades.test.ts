// Feeds in a team (issue 37.3), enforced by PostgreSQL (migration 5): three logins made in the
// prepare, publish and owner groups, each used directly with `pg` and with `psql` as that login.
// A prepare desk writes no feed, record or report; a publish desk writes records, reports and what
// a run writes into a feed, but no setting and no approval of a held run; an owner may. One desk at
// a time holds a feed's lease.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../src/main/log/log';
import { roleRefusalOf } from '../../src/main/shop/connection/shop-error';
import { claimFeedLease, feedLease } from '../../src/main/shop/claims/feed-leases';
import { addDesk } from '../../src/main/shop/setup/add-desk';
import type { DeskGrade } from '../../src/main/shop/setup/desk-role';
import { initShop } from '../../src/main/shop/setup/shop-init';
import { roleRefusalText } from '../../src/main/shop/status/role-words';
import { postgresBin } from './helpers/postgres';
import { freshDatabase } from './helpers/shared-postgres';

const clients: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.end()));
});

interface Desk {
  url: string;
  db: pg.Client;
  id: string;
}

async function deskOf(adminUrl: string, role: DeskGrade, name: string): Promise<Desk> {
  const login = `desk_${role}_${randomBytes(3).toString('hex')}`;
  await addDesk({ url: adminUrl, login: { name: login, password: `pw-${login}` }, role }, silentLog);
  const url = new URL(adminUrl);
  url.username = login;
  url.password = `pw-${login}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  clients.push(db);
  const id = randomUUID();
  await db.query(`insert into listing_desk.desks (id, name) values ($1, $2)`, [id, name]);
  return { url: url.toString(), db, id };
}

async function team() {
  const adminUrl = await freshDatabase();
  await initShop(adminUrl);
  return {
    owner: await deskOf(adminUrl, 'owner', 'Office'),
    publish: await deskOf(adminUrl, 'publish', 'Front'),
    prepare: await deskOf(adminUrl, 'prepare', 'Trainee'),
  };
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: { code?: string }) => {
      const refusal = roleRefusalOf(error);
      return refusal ? `${error.code} ${refusal.role} ${refusal.action}` : error.code;
    },
  );

const feed = {
  id: 'f1',
  name: 'Lager',
  source: { kind: 'url', url: 'https://10.0.0.5/export.csv', accessKey: true },
  allowPrivateAddresses: true,
  accountId: 'acc',
  referenceColumn: 'SKU',
  maxShare: 0.2,
  approved: false,
  header: null,
  lastRunAt: null,
};

// As the sync writes an item: an update of the row it knows, an insert of one it has never seen (a
// before-insert trigger runs for an upsert's insert even when the row exists, so none is used).
const write = async (desk: Desk, kind: string, id: string, body: unknown) => {
  const updated = await desk.db.query(
    `update listing_desk.items set version = version + 1, body = $3, deleted = false, desk = $4
      where kind = $1 and id = $2`,
    [kind, id, JSON.stringify(body), desk.id],
  );
  if (updated.rowCount === 0)
    await desk.db.query(
      `insert into listing_desk.items (kind, id, version, body, desk) values ($1, $2, 1, $3, $4)`,
      [kind, id, JSON.stringify(body), desk.id],
    );
};
const remove = (desk: Desk, kind: string, id: string) =>
  desk.db.query(
    `update listing_desk.items set version = version + 1, deleted = true, body = null, desk = $3
      where kind = $1 and id = $2`,
    [kind, id, desk.id],
  );

const heldRun = { id: 'r1', feedId: 'f1', state: 'held', held: [{ reason: 'too-many-new', count: 9 }] };

describe("a team's feeds, by a real login each", () => {
  it('refuses a prepare desk every feed write, a publish desk settings and approvals, and lets the owner', async () => {
    const { owner, publish, prepare } = await team();
    // A prepare desk: no feed, no record of ads, no run report, no lease.
    expect(await outcome(write(prepare, 'feed', 'f1', feed))).toBe('42501 prepare run-feeds');
    expect(await outcome(write(prepare, 'feed-items', 'f1', []))).toBe('42501 prepare run-feeds');
    expect(await outcome(write(prepare, 'feed-run', 'r1', heldRun))).toBe('42501 prepare run-feeds');
    expect(await outcome(claimFeedLease(prepare.db, 'f1', prepare.id, 60_000))).toBe(
      '42501 prepare run-feeds',
    );
    // A publish desk adds no feed; the owner does.
    expect(await outcome(write(publish, 'feed', 'f1', feed))).toBe('42501 publish write-feeds');
    expect(await outcome(write(owner, 'feed', 'f1', feed))).toBe('allowed');
    // A run's own fields are the publish desk's to write; any setting is not, private addresses included.
    const ran = {
      ...feed,
      approved: true,
      header: ['SKU'],
      mapping: { title: 'Titel' },
      lastRunAt: '2026-12-07T05:00:00Z',
    };
    expect(await outcome(write(publish, 'feed', 'f1', ran))).toBe('allowed');
    expect(await outcome(write(publish, 'feed', 'f1', { ...ran, allowPrivateAddresses: false }))).toBe(
      '42501 publish write-feeds',
    );
    expect(await outcome(write(publish, 'feed', 'f1', { ...ran, maxShare: 0.9 }))).toBe(
      '42501 publish write-feeds',
    );
    // A mapping of its own, without a new header, is a setting too.
    expect(await outcome(write(publish, 'feed', 'f1', { ...ran, mapping: { title: 'Name' } }))).toBe(
      '42501 publish write-feeds',
    );
    expect(await outcome(remove(publish, 'feed', 'f1'))).toBe('42501 publish write-feeds');
    // Records and reports: publish writes them, and removes old ones.
    expect(await outcome(write(publish, 'feed-items', 'f1', [{ reference: 'A1', state: 'active' }]))).toBe(
      'allowed',
    );
    expect(await outcome(write(publish, 'feed-run', 'r1', heldRun))).toBe('allowed');
    // Approving the held run is the owner's.
    const approval = { desk: 'Front', at: '2026-12-07T05:01:00Z' };
    expect(await outcome(write(publish, 'feed-run', 'r1', { ...heldRun, approval }))).toBe(
      '42501 publish approve-held',
    );
    expect(await outcome(write(prepare, 'feed-run', 'r1', { ...heldRun, approval }))).toBe(
      '42501 prepare run-feeds',
    );
    expect(await outcome(write(owner, 'feed-run', 'r1', { ...heldRun, approval }))).toBe('allowed');
    // Nor is it undone, or written into a new report, by a publish desk.
    expect(await outcome(write(publish, 'feed-run', 'r1', heldRun))).toBe('42501 publish approve-held');
    expect(await outcome(write(publish, 'feed-run', 'r2', { ...heldRun, id: 'r2', approval }))).toBe(
      '42501 publish approve-held',
    );
    expect(await outcome(remove(publish, 'feed-run', 'r1'))).toBe('42501 publish approve-held');
    // The change feed takes no feed change written there alone.
    expect(
      await outcome(
        publish.db.query(
          `insert into listing_desk.changes (kind, id, version, deleted, body, desk, changed_at)
           values ('feed', 'f1', 99, false, $1, $2, now())`,
          [{ ...feed, maxShare: 1 }, publish.id],
        ),
      ),
    ).toBe('42501 publish write-feeds');
    expect(await outcome(remove(owner, 'feed', 'f1'))).toBe('allowed');
    const changes = await owner.db.query<{ desk: string }>(
      `select desk from listing_desk.changes where kind = 'feed' order by seq`,
    );
    expect(changes.rows.map((row) => row.desk)).toEqual([owner.id, publish.id, owner.id]);

    // The same logins with psql, as whoever sits at the desk could use them.
    const psql = (desk: Desk, sql: string) => {
      const run = spawnSync(
        path.join(postgresBin()!, 'psql'),
        [desk.url, '-v', 'ON_ERROR_STOP=1', '-c', sql],
        {
          encoding: 'utf8',
          env: { ...process.env, LC_MESSAGES: 'C' },
        },
      );
      return { code: run.status, stderr: run.stderr };
    };
    expect(
      psql(prepare, `update listing_desk.items set body = '{}' where kind = 'feed-items'`),
    ).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('a prepare desk may not run feeds'),
    });
    expect(
      psql(publish, `update listing_desk.items set body = body || '{"maxShare": 1}' where kind = 'feed'`),
    ).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('a publish desk may not write feeds'),
    });
    expect(psql(prepare, `delete from listing_desk.items where kind = 'feed'`).code).toBe(1);
    expect(psql(publish, `delete from listing_desk.feed_leases`).code).toBe(1);
    expect(psql(prepare, `select count(*) from listing_desk.items where kind like 'feed%'`).code).toBe(0);

    // Said in words, in both languages.
    const refused = await write(publish, 'feed', 'f2', feed).catch((error: unknown) => error);
    const refusal = roleRefusalOf(refused)!;
    expect(roleRefusalText('en', refusal)).toBe(
      "This desk's role in the team is “publish”: it may not add, change or remove feeds (their settings, private addresses included). " +
        "A desk with the role “owner” may; the team's owner can change this desk's role (`shop role`).",
    );
    expect(roleRefusalText('de', refusal)).toContain('Feeds anzulegen, zu ändern oder zu entfernen');
  });

  it('lets one desk at a time hold a feed, and another once it is given back', async () => {
    const { owner, publish } = await team();
    const first = await claimFeedLease(publish.db, 'f1', publish.id, 60_000);
    expect(first).toEqual({ fence: '1' });
    expect(await claimFeedLease(owner.db, 'f1', owner.id, 60_000)).toEqual({ heldBy: 'Front' });
    // Two claims at the same instant: one wins.
    const both = await Promise.all([
      claimFeedLease(publish.db, 'f2', publish.id, 60_000),
      claimFeedLease(owner.db, 'f2', owner.id, 60_000),
    ]);
    expect(both.filter((answer) => 'fence' in answer)).toHaveLength(1);
    // Given back only once its report reached the team.
    const lease = feedLease({
      db: publish.db,
      feedId: 'f1',
      fence: (first as { fence: string }).fence,
      reported: async () => true,
      log: silentLog,
    });
    await lease.release([]);
    expect(await claimFeedLease(owner.db, 'f1', owner.id, 60_000)).toEqual({ fence: '2' });
    // The old holder's fence no longer holds: its renewal keeps nothing.
    const kept = await publish.db.query(
      `update listing_desk.feed_leases set lease_until = now() where feed_id = 'f1' and fence = 1`,
    );
    expect(kept.rowCount).toBe(0);
  });
});
