// The desk's session (issue 24.3): a heartbeat keeps the desk's last_seen fresh, the LISTEN
// connection wakes a desk for other desks' changes only, and the link follows the connection.
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { silentLog } from '../../src/main/log/log';
import type { ShopMembership } from '../../src/main/shop/connection/membership';
import { openShopSession, type SyncSession } from '../../src/main/shop/session/open-session';
import { splitShopUrl } from '../../src/main/shop/connection/shop-db';
import { shopProblemText } from '../../src/main/shop/status/shop-words';
import { deskLogin } from './helpers/desk-connections';
import { startCutProxy, type CutProxy } from './helpers/cut-proxy';
import { adminQuery, initShop, viaPort } from './helpers/desks';
import { freshDatabase } from './helpers/shared-postgres';

const sessions: SyncSession[] = [];
const proxies: CutProxy[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

const soon = { timeout: 15_000, interval: 20 };

async function session(
  url: string,
  name: string,
  heartbeatMs = 60_000,
  via = url,
  state: 'connected' | 'offline' = 'connected',
): Promise<SyncSession> {
  const [shop] = await adminQuery<{ id: string }>(url, 'select id from listing_desk.shop');
  const deskId = randomUUID();
  await adminQuery(url, 'insert into listing_desk.desks (id, name) values ($1, $2)', [deskId, name]);
  const { url: bare, password } = splitShopUrl(via);
  const membership: ShopMembership = {
    url: bare,
    shopId: shop!.id,
    deskId,
    deskName: name,
    joinedAt: new Date().toISOString(),
  };
  const opened = openShopSession(membership, password, {
    log: silentLog,
    heartbeatMs,
    retry: { firstMs: 50, maxMs: 200 },
  });
  sessions.push(opened);
  if (state === 'connected') await vi.waitFor(() => expect(opened.link().state).toBe('connected'), soon);
  return opened;
}

const write = (s: SyncSession, id: string) =>
  s.query(
    `insert into listing_desk.items (kind, id, version, body, desk) values ('draft', $1, 1, '{}', $2)`,
    [id, s.membership.deskId],
  );

it('keeps its desk’s last_seen fresh with a heartbeat', async () => {
  const url = await freshDatabase();
  await initShop(url);
  const desk = await session(url, 'Laden', 100);
  const seen = async () =>
    (
      await adminQuery<{ last_seen: Date }>(url, 'select last_seen from listing_desk.desks where id = $1', [
        desk.membership.deskId,
      ])
    )[0]!.last_seen.getTime();
  const first = await seen();
  await vi.waitFor(async () => expect(await seen()).toBeGreaterThan(first), soon);
});

it('wakes a desk for another desk’s change and not for its own', async () => {
  const url = await freshDatabase();
  await initShop(url);
  const a = await session(url, 'Laden');
  const b = await session(url, 'Lager');
  const woken = { a: 0, b: 0 };
  a.onWake(() => (woken.a += 1));
  b.onWake(() => (woken.b += 1));
  await write(a, 'from-a');
  await vi.waitFor(() => expect(woken.b).toBe(1), soon);
  await write(b, 'from-b');
  // Notifications arrive in commit order: by B's, A has had its own (and was not woken by it).
  await vi.waitFor(() => expect(woken.a).toBe(1), soon);
  expect(woken.b).toBe(1);
});

it('says offline since when a query finds the link cut, and connected again once it heals', async () => {
  const url = await freshDatabase();
  await initShop(url);
  const proxy = await startCutProxy(Number(new URL(url).port));
  proxies.push(proxy);
  const desk = await session(viaPort(url, proxy.port), 'Filiale');
  const changes: string[] = [];
  desk.onLink((link) => changes.push(link.state));
  proxy.cut();
  await expect(desk.pool.query('select 1')).rejects.toThrow();
  await vi.waitFor(
    () => expect(desk.link()).toMatchObject({ state: 'offline', problem: 'unreachable' }),
    soon,
  );
  const since = desk.link().since;
  expect(Date.parse(since)).not.toBeNaN();
  proxy.heal();
  await vi.waitFor(() => expect(desk.link().state).toBe('connected'), soon);
  expect(changes).toEqual(['offline', 'connected']);
});

it('says the server has no connection left when its login may open fewer than a desk needs', async () => {
  const url = await freshDatabase();
  await initShop(url);
  // One connection: the listener takes it, and the pool's first is refused (too many connections).
  const desk = await session(url, 'Filiale', 60_000, await deskLogin(url, 1), 'offline');
  await vi.waitFor(
    () => expect(desk.link()).toMatchObject({ state: 'offline', problem: 'server-full' }),
    soon,
  );
  const where = 'desk@shop-server/listingdesk';
  expect(shopProblemText('en', 'server-full', where)).toMatch(/no connection left.*max_connections/);
  expect(shopProblemText('de', 'server-full', where)).toMatch(/keine Verbindung mehr.*max_connections/);
});
