// Feeds in a team through the app (issue 37.3): desks joined by their own logins (owner, publish,
// prepare) on a real PostgreSQL, each a real back end over its own data folder and Sandbox. A feed
// an owner makes is seen and run on a publish desk, its report seen on the owner's; a desk without
// the feed's key says so; a desk another desk's lease holds out says which; a held run is approved
// by the owner on another desk and applied; a desk of an older shop sends its feeds up on upgrade.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedView } from '../../src/shared/domain/feeds/feed';
import type { FeedRun } from '../../src/shared/domain/feeds/feed-run';
import type { ActivityEntry } from '../../src/shared/domain/activity';
import { silentLog } from '../../src/main/log/log';
import { claimFeedLease } from '../../src/main/shop/claims/feed-leases';
import { addDesk } from '../../src/main/shop/setup/add-desk';
import type { DeskGrade } from '../../src/main/shop/setup/desk-role';
import { tempDir } from '../unit/helpers/temp-app';
import { csvOf, type Product } from '../integration/feeds/helpers';
import { initShop, openDesk, type Desk } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const desks: Desk[] = [];
const folders: Array<{ remove(): void }> = [];
afterEach(async () => {
  await Promise.all(desks.splice(0).map((d) => d.remove()));
  for (const folder of folders.splice(0)) folder.remove();
});

/** A login of the team in `role`: its URL. */
async function loginUrl(adminUrl: string, role: DeskGrade): Promise<string> {
  const login = `desk_${role}_${randomBytes(3).toString('hex')}`;
  await addDesk({ url: adminUrl, login: { name: login, password: `pw-${login}` }, role }, silentLog);
  const url = new URL(adminUrl);
  url.username = login;
  url.password = `pw-${login}`;
  return url.toString();
}

async function deskAs(adminUrl: string, role: DeskGrade, name: string, dataDir?: string): Promise<Desk> {
  const d = await openDesk(adminUrl, name, {
    via: await loginUrl(adminUrl, role),
    ...(dataDir !== undefined && { dataDir }),
  });
  desks.push(d);
  await vi.waitFor(() => expect(d.app.shop!.sync.session.link().state).toBe('connected'), {
    timeout: 15_000,
    interval: 50,
  });
  return d;
}

const products = (n: number, from = 1): Product[] =>
  Array.from({ length: n }, (_, i) => ({
    sku: `SKU-${from + i}`,
    title: `Lampe ${from + i}`,
    price: '19.90',
    stock: '3',
  }));

/** A shop's export folder with its CSV (no photos: drafts only, nothing published). */
function exportOf(items: Product[]) {
  const folder = tempDir('listing-desk-team-feed-');
  folders.push(folder);
  const file = path.join(folder.dir, 'lager.csv');
  const write = (rows: Product[]) => writeFileSync(file, csvOf(rows).replace(/;[^;\n]*\.png$/gm, ';'));
  write(items);
  return { file, write };
}

const settings = (file: string) => ({
  name: 'Lager',
  source: { kind: 'file', path: file },
  accountId: 'sandbox',
  referenceColumn: 'SKU',
  stockColumn: 'Bestand',
  publish: false,
});

const feedsOf = async (d: Desk) => (await d.call<{ feeds: FeedView[] }>('feeds:list')).feeds;
const historyOf = async (d: Desk, id: string) =>
  (await d.call<{ runs: FeedRun[] }>('feeds:history', { id })).runs;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: { message: string }) => error.message,
  );

async function team() {
  const adminUrl = await freshDatabase();
  await initShop(adminUrl);
  const owner = await deskAs(adminUrl, 'owner', 'Office');
  const front = await deskAs(adminUrl, 'publish', 'Front');
  const trainee = await deskAs(adminUrl, 'prepare', 'Trainee');
  return { adminUrl, owner, front, trainee };
}

// Said by the window's rule before the database is asked once the desk knows its role (issue 37.2),
// else by the database's refusal: either names what the role may not do.
const SETTINGS_REFUSED = /may not (add, change or remove feeds|change a feed's settings)/;

describe("a team's feeds through the app", () => {
  it('are made by the owner, seen everywhere, run by a publish desk and refused to the others in words', async () => {
    const { adminUrl, owner, front, trainee } = await team();
    const csv = exportOf(products(2));
    // Neither a prepare nor a publish desk adds a feed.
    for (const d of [trainee, front])
      expect(await refusal(d.call('feeds:save', { settings: settings(csv.file) }))).toMatch(SETTINGS_REFUSED);
    const made = await owner.call<FeedView>('feeds:save', { settings: settings(csv.file) });
    expect(made.may).toEqual({ edit: true, run: true, approveHeld: true, keyMissing: false });
    // Every desk sees it, with what it may do there.
    for (const [d, may] of [
      [front, { edit: false, run: true, approveHeld: false, keyMissing: false }],
      [trainee, { edit: false, run: false, approveHeld: false, keyMissing: false }],
    ] as const)
      await vi.waitFor(
        async () => expect((await feedsOf(d)).map((f) => [f.id, f.may])).toEqual([[made.id, may]]),
        {
          timeout: 15_000,
          interval: 100,
        },
      );
    // The publish desk may not change its settings; the prepare desk may not run it.
    expect(
      await refusal(
        front.call('feeds:save', { id: made.id, settings: { ...settings(csv.file), maxShare: 0.9 } }),
      ),
    ).toMatch(SETTINGS_REFUSED);
    expect(await refusal(front.call('feeds:remove', { id: made.id }))).toMatch(SETTINGS_REFUSED);
    expect(await refusal(trainee.call('feeds:run', { id: made.id }))).toMatch(
      /“prepare”(: it| desk) may not run feeds/,
    );
    // The publish desk runs it; its report reaches the owner's desk.
    const run = await front.call<FeedRun>('feeds:run', { id: made.id });
    expect(run).toMatchObject({ state: 'done', counts: { create: 2 } });
    await vi.waitFor(
      async () =>
        expect((await historyOf(owner, made.id)).map((r) => [r.id, r.state])).toEqual([[run.id, 'done']]),
      { timeout: 15_000, interval: 100 },
    );
    // What the run wrote into the feed (its yes, its header) went up from the publish desk too.
    await vi.waitFor(async () => expect((await feedsOf(owner))[0]).toMatchObject({ approved: true }), {
      timeout: 15_000,
      interval: 100,
    });
    // A desk holding the feed's lease keeps the others out, named.
    const db = new pg.Client({ connectionString: await loginUrl(adminUrl, 'publish') });
    await db.connect();
    try {
      expect(await claimFeedLease(db, made.id, front.deskId, 60_000)).toHaveProperty('fence');
    } finally {
      await db.end();
    }
    expect(await refusal(owner.call('feeds:run', { id: made.id }))).toContain(
      'The feed “Lager” is running on the desk “Front” right now',
    );
  });

  it('holds a run that makes too many ads until an owner desk approves it, and then applies it', async () => {
    const { owner, front } = await team();
    const csv = exportOf(products(3));
    const made = await owner.call<FeedView>('feeds:save', { settings: settings(csv.file) });
    await vi.waitFor(async () => expect(await feedsOf(front)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await front.call<FeedRun>('feeds:run', { id: made.id })).toMatchObject({ state: 'done' });
    // Six new rows against three ads: the valve holds the run on the publish desk.
    csv.write(products(9));
    const held = await front.call<FeedRun>('feeds:run', { id: made.id });
    expect(held).toMatchObject({
      state: 'held',
      held: [{ reason: 'too-many-new', count: 6 }],
      ranBy: 'Front',
    });
    // The publish desk may not approve it; the owner's desk sees it and does.
    expect(await refusal(front.call('feeds:approve-held', { runId: held.id }))).toContain(
      '“publish”: it may not approve a feed run the safety valve held',
    );
    await vi.waitFor(async () => expect((await historyOf(owner, made.id))[0]?.id).toBe(held.id), {
      timeout: 15_000,
      interval: 100,
    });
    const approved = await owner.call<FeedRun>('feeds:approve-held', { runId: held.id });
    expect(approved.approval).toMatchObject({ desk: 'Office' });
    // The owner's desk has the feed's file: it runs it at once, applying what was held.
    await vi.waitFor(
      async () =>
        expect((await historyOf(owner, made.id))[0]).toMatchObject({
          state: 'done',
          ranBy: 'Office',
          counts: { create: 6 },
          approvedHolds: [{ reason: 'too-many-new', count: 6 }],
        }),
      { timeout: 30_000, interval: 200 },
    );
    // Every desk sees the approval and the run that followed it.
    await vi.waitFor(
      async () =>
        expect((await historyOf(front, made.id)).map((r) => [r.state, r.approval?.desk])).toEqual([
          ['done', undefined],
          ['held', 'Office'],
          ['done', undefined],
        ]),
      { timeout: 15_000, interval: 100 },
    );
    // Nothing left to approve.
    expect(await refusal(owner.call('feeds:approve-held', { runId: held.id }))).toContain(
      'nothing to approve',
    );
    // Issue 37.5: each run and the approval are in the team's log, with the desks and what was done.
    const rows = (
      await front.call<{ entries: ActivityEntry[] }>('activity:list', { kinds: ['feed-run', 'approval'] })
    ).entries.reverse();
    expect(
      rows.map((row) => [row.kind, row.running?.name, row.approving?.name ?? null, row.changed['outcome']]),
    ).toEqual([
      ['feed-run', 'Front', null, 'done'],
      ['feed-run', 'Front', null, 'held'],
      ['approval', 'Office', 'Office', undefined],
      ['feed-run', 'Office', null, 'done'],
    ]);
    expect(rows[1]).toMatchObject({
      account: 'sandbox',
      job: held.id,
      changed: { feed: 'Lager', counts: { create: 6 }, held: ['too-many-new'] },
    });
    expect(rows[2]).toMatchObject({ job: held.id, changed: { heldRun: held.id } });
    expect(rows[3]?.changed).toMatchObject({ counts: { create: 6 }, approvedHolds: ['too-many-new'] });
  });

  it("tells a desk without the feed's access key that it lacks it, and how to add it", async () => {
    const { owner, front } = await team();
    const made = await owner.call<FeedView>('feeds:save', {
      settings: {
        ...settings(''),
        source: { kind: 'url', url: 'https://shop.example/export.csv?token=k3y-0f-the-0ffice' },
      },
    });
    expect(made.may.keyMissing).toBe(false);
    await vi.waitFor(
      async () =>
        expect((await feedsOf(front)).map((f) => f.may)).toEqual([
          { edit: false, run: false, approveHeld: false, keyMissing: true },
        ]),
      { timeout: 15_000, interval: 100 },
    );
    // The key never left the owner's keychain: the team's row holds the address masked.
    expect(JSON.stringify(await feedsOf(front))).not.toContain('k3y-0f-the-0ffice');
    expect(await refusal(front.call('feeds:run', { id: made.id }))).toContain(
      "needs its access key or password, which this desk's keychain does not hold",
    );
  });

  it("moves an upgraded desk's feeds and their history into the team, nothing lost", async () => {
    const adminUrl = await freshDatabase();
    await initShop(adminUrl);
    // A desk of the team from before feeds were shared: its feed and its run in its data folder.
    // (Signed in as the database's owner, an owner desk, so that it signs in the same way again.)
    const office = await openDesk(adminUrl, 'Office');
    desks.push(office);
    await vi.waitFor(() => expect(office.app.shop!.sync.session.link().state).toBe('connected'), {
      timeout: 15_000,
    });
    const csv = exportOf(products(2));
    const made = await office.call<FeedView>('feeds:save', { settings: settings(csv.file) });
    const run = await office.call<FeedRun>('feeds:run', { id: made.id });
    await vi.waitFor(async () => expect(office.app.shop!.sync.outbox.count()).toBe(0), { timeout: 15_000 });
    await office.close();
    // As it was before the upgrade: the team's database without them, the desk not yet moved.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`alter table listing_desk.items disable trigger user`);
      await admin.query(`delete from listing_desk.items where kind like 'feed%'`);
      await admin.query(`alter table listing_desk.items enable trigger user`);
      await admin.query(`delete from listing_desk.changes where kind like 'feed%'`);
    } finally {
      await admin.end();
    }
    rmSync(path.join(office.dataDir, 'shop', 'feeds-shared'));
    for (const kind of ['feed', 'feed-items', 'feed-run'])
      rmSync(path.join(office.dataDir, 'shop', 'bases', kind), { recursive: true, force: true });
    // Upgraded: it starts again, and another desk sees the feed, its record of ads and its run.
    const again = await openDesk(adminUrl, 'Office', { dataDir: office.dataDir });
    desks.push(again);
    const front = await deskAs(adminUrl, 'publish', 'Front');
    await vi.waitFor(
      async () => {
        expect((await feedsOf(front)).map((f) => f.id)).toEqual([made.id]);
        expect((await historyOf(front, made.id)).map((r) => r.id)).toEqual([run.id]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const items = await new Promise<unknown>((resolve) =>
      resolve(front.app.feeds.shared.read('feed-items', made.id)),
    );
    expect(items).toHaveLength(2);
  });
});
