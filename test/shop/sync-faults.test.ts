// Offline first (issue 24.3, 24.4, 24.9): a desk cut off from the database keeps working, its
// changes wait in the outbox and go up in order when the link is back; edits made apart merge
// field by field; a PostgreSQL restart in the middle of a sync loses and doubles nothing.
import { afterEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { restoredBy, shopConflictsOf } from '../../src/shared/domain/shop/shop-conflicts';
import type { DraftsListResult } from '../../src/shared/ipc/types';
import type { CutProxy } from './helpers/cut-proxy';
import { adminQuery, deskBehindProxy as deskAndProxy, initShop, openDesk, type Desk } from './helpers/desks';
import { startPostgres, type Postgres } from './helpers/postgres';

const desks: Desk[] = [];
const proxies: CutProxy[] = [];
const servers: Postgres[] = [];
afterEach(async () => {
  // The last opened first: a desk opened again on a folder closes before the folder goes.
  for (const desk of desks.splice(0).reverse()) await desk.remove();
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  for (const server of servers.splice(0)) server.remove();
});

const soon = { timeout: 15_000, interval: 50 };

/** Desk A straight on the database, desk B through a proxy the test can cut. */
const deskBehindProxy = () => deskAndProxy(desks, proxies);

const status = (desk: Desk) => desk.app.shop!.status();

async function edit(desk: Desk, id: string, change: Partial<Draft>): Promise<Draft> {
  const draft = await desk.call<Draft>('drafts:get', { id });
  return desk.call<Draft>('drafts:save', {
    draft: { ...draftFieldsOf(draft), ...draftFieldsOf({ ...draft, ...change }) },
  });
}

it('keeps offline changes in the outbox and sends them in order when the link is back', async () => {
  const { a, b, proxy, url } = await deskBehindProxy();
  proxy.cut();
  await vi.waitFor(() => expect(b.app.shop!.sync.session.link().state).toBe('offline'), soon);
  const made: string[] = [];
  for (const title of ['Erstes', 'Zweites', 'Drittes']) {
    const draft = await b.call<Draft>('drafts:create');
    await edit(b, draft.id, { title });
    made.push(draft.id);
  }
  const waiting = await status(b);
  expect(waiting).toMatchObject({
    link: { state: 'offline', problem: 'unreachable' },
    waiting: 3,
    desks: null,
  });
  expect((await a.call<DraftsListResult>('drafts:list')).items.map((d) => d.id)).not.toContain(made[0]);

  proxy.heal();
  await vi.waitFor(async () => {
    const there = (await a.call<DraftsListResult>('drafts:list')).items;
    expect(made.map((id) => there.find((d) => d.id === id)?.title)).toEqual(['Erstes', 'Zweites', 'Drittes']);
  }, soon);
  const feed = await adminQuery<{ id: string }>(
    url,
    `select id from listing_desk.changes where desk = $1 order by seq`,
    [b.deskId],
  );
  expect(feed.map((row) => row.id)).toEqual(made);
  const back = await status(b);
  expect(back).toMatchObject({ link: { state: 'connected' }, waiting: 0 });
  expect(back.desks?.map((desk) => desk.name)).toEqual(['Laden', 'Lager']);
});

it('merges a draft edited on both sides of a cut field by field, keeping both values of a field changed on both', async () => {
  const { a, b, proxy } = await deskBehindProxy();
  const draft = await a.call<Draft>('drafts:create');
  await edit(a, draft.id, { title: 'Regal', description: 'Gebraucht' });
  await vi.waitFor(async () => {
    expect((await b.call<Draft>('drafts:get', { id: draft.id })).title).toBe('Regal');
  }, soon);

  proxy.cut();
  await vi.waitFor(() => expect(b.app.shop!.sync.session.link().state).toBe('offline'), soon);
  await edit(a, draft.id, { title: 'Regal, Eiche', price: { type: 'FIXED', amount: '40' } });
  await edit(b, draft.id, { title: 'Regal, Buche', description: 'Wie neu' });
  expect((await status(b)).waiting).toBe(1);
  proxy.heal();

  await vi.waitFor(async () => {
    const [onA, onB] = await Promise.all(
      [a, b].map((desk) => desk.call<Draft>('drafts:get', { id: draft.id })),
    );
    for (const merged of [onA!, onB!]) {
      expect(merged.price.amount).toBe('40');
      expect(merged.description).toBe('Wie neu');
      const conflicts = shopConflictsOf(merged);
      expect(conflicts.map((c) => c.field)).toEqual(['title']);
      expect(conflicts[0]!.values.map((v) => [v.value, v.by.deskName]).sort()).toEqual([
        ['Regal, Buche', 'Lager'],
        ['Regal, Eiche', 'Laden'],
      ]);
    }
    expect(onA!.title).toBe(onB!.title);
  }, soon);
  expect(await status(a)).toMatchObject({ conflicts: 1, waiting: 0 });
  expect(await status(b)).toMatchObject({ conflicts: 1, waiting: 0 });
});

it('loses and doubles nothing when PostgreSQL restarts in the middle of a sync', async () => {
  const server = await startPostgres();
  servers.push(server);
  const url = await server.createDatabase();
  await initShop(url);
  const a = await openDesk(url, 'Laden');
  const b = await openDesk(url, 'Lager');
  desks.push(a, b);
  await vi.waitFor(() => expect(a.app.shop!.sync.session.link().state).toBe('connected'), soon);
  const ids: string[] = [];
  const make = async (n: number) => {
    const draft = await a.call<Draft>('drafts:create');
    await edit(a, draft.id, { title: `Artikel ${n}` });
    ids.push(draft.id);
  };
  for (let n = 0; n < 10; n += 1) await make(n);
  // Stopped while the first ten are still going up and being read by the other desk.
  server.stop();
  for (let n = 10; n < 20; n += 1) await make(n);
  await vi.waitFor(() => expect(a.app.shop!.sync.session.link().state).toBe('offline'), soon);
  server.start();

  await vi.waitFor(async () => {
    const there = (await b.call<DraftsListResult>('drafts:list')).items;
    expect(
      there
        .filter((d) => ids.includes(d.id))
        .map((d) => d.title)
        .sort(),
    ).toEqual(ids.map((_, n) => `Artikel ${n}`).sort());
  }, soon);
  expect((await status(a)).waiting).toBe(0);
  // Each draft once in the shop, and each version of it once in the feed.
  const items = await adminQuery<{ id: string }>(
    url,
    `select id from listing_desk.items where kind = 'draft'`,
  );
  expect(items.map((row) => row.id).sort()).toEqual([...ids].sort());
  const doubled = await adminQuery(
    url,
    `select id, version from listing_desk.changes group by id, version having count(*) > 1`,
  );
  expect(doubled).toEqual([]);
  expect((await b.call<DraftsListResult>('drafts:list')).items).toHaveLength(20);
});

it('brings back a draft edited on one desk while the other deleted it, with a note of who deleted it', async () => {
  const { a, b, proxy } = await deskBehindProxy();
  const draft = await a.call<Draft>('drafts:create');
  await edit(a, draft.id, { title: 'Lampe' });
  await vi.waitFor(async () => {
    expect((await b.call<Draft>('drafts:get', { id: draft.id })).title).toBe('Lampe');
  }, soon);

  proxy.cut();
  await vi.waitFor(() => expect(b.app.shop!.sync.session.link().state).toBe('offline'), soon);
  await a.call('drafts:trash', { ids: [draft.id] });
  await a.call('drafts:empty-trash');
  await edit(b, draft.id, { title: 'Lampe, Messing' });
  proxy.heal();

  await vi.waitFor(async () => {
    for (const desk of [a, b]) {
      const back = await desk.call<Draft>('drafts:get', { id: draft.id });
      expect(back.title).toBe('Lampe, Messing');
      expect(restoredBy(back)?.deskName).toBe('Laden');
      const live = (await desk.call<DraftsListResult>('drafts:list')).items.map((d) => d.id);
      expect(live).toContain(draft.id);
    }
  }, soon);
});

it('goes on reading the feed past a change it cannot apply, and counts it in the status', async () => {
  const { a, b, url } = await deskBehindProxy();
  // A body no build of this app writes (as a newer build or a hand-made row might).
  await adminQuery(
    url,
    `insert into listing_desk.items (kind, id, version, body, desk) values ('draft', $1, 1, '{"from":"the future"}', $2)`,
    ['0f0f0f0f-0000-4000-8000-000000000001', a.deskId],
  );
  const draft = await a.call<Draft>('drafts:create');
  await edit(a, draft.id, { title: 'Danach' });
  await vi.waitFor(async () => {
    expect((await b.call<Draft>('drafts:get', { id: draft.id })).title).toBe('Danach');
  }, soon);
  expect((await status(b)).failed).toEqual({ unapplied: 1, stuck: 0 });
  expect(b.log.error).toHaveBeenCalledWith(
    expect.stringContaining('0f0f0f0f-0000-4000-8000-000000000001'),
    expect.anything(),
  );
});

it('stops sending when the shop refuses the desk (it left), keeping its changes and saying why', async () => {
  const { a, b, url } = await deskBehindProxy();
  await adminQuery(url, 'update listing_desk.desks set left_at = now() where id = $1', [b.deskId]);
  const draft = await b.call<Draft>('drafts:create');
  await edit(b, draft.id, { title: 'Nach dem Gehen' });
  await vi.waitFor(async () => {
    expect(await status(b)).toMatchObject({ link: { state: 'offline', problem: 'desk-left' }, waiting: 1 });
  }, soon);
  expect((await status(b)).failed).toEqual({ unapplied: 0, stuck: 0 });
  expect((await a.call<DraftsListResult>('drafts:list')).items.map((d) => d.id)).not.toContain(draft.id);
});

it('sends and reads everything once when the connection is cut in the middle of a sync', async () => {
  const { a, b, proxy, url } = await deskBehindProxy();
  const ids: string[] = [];
  for (let n = 0; n < 30; n += 1) {
    const draft = await b.call<Draft>('drafts:create');
    ids.push(draft.id);
    void edit(b, draft.id, { title: `Posten ${n}` });
  }
  // Cut as soon as the other desk has the first of them, while the rest are still going up.
  await vi.waitFor(async () => {
    const there = (await a.call<DraftsListResult>('drafts:list')).items;
    expect(there.some((d) => ids.includes(d.id))).toBe(true);
  }, soon);
  proxy.cut();
  await vi.waitFor(() => expect(b.app.shop!.sync.session.link().state).toBe('offline'), soon);
  proxy.heal();

  await vi.waitFor(async () => {
    const there = (await a.call<DraftsListResult>('drafts:list')).items.filter((d) => ids.includes(d.id));
    expect(there.map((d) => d.title).sort()).toEqual(ids.map((_, n) => `Posten ${n}`).sort());
    expect((await status(b)).waiting).toBe(0);
  }, soon);
  const inserted = await adminQuery<{ id: string }>(
    url,
    `select id from listing_desk.changes where desk = $1 and version = 1 order by seq`,
    [b.deskId],
  );
  expect(inserted.map((row) => row.id)).toEqual(ids);
});
