// Every desk's view current (issue 32.3): the window hears of the desk's shop status whenever it
// moves, with no read of its own: the link going down (since when), each change that then waits
// to go up, the link back with nothing waiting, and the desks and changes another desk brings.
// Two real back ends on one real PostgreSQL, one of them behind a proxy the test cuts.
import { afterEach, expect, it, vi } from 'vitest';
import type { Draft } from '../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import type { ShopStatusView } from '../../src/shared/ipc/contract-shop';
import type { CutProxy } from './helpers/cut-proxy';
import { deskBehindProxy, type Desk } from './helpers/desks';

const desks: Desk[] = [];
const proxies: CutProxy[] = [];
afterEach(async () => {
  for (const desk of desks.splice(0).reverse()) await desk.remove();
  for (const proxy of proxies.splice(0)) await proxy.close();
});

const soon = { timeout: 15_000, interval: 50 };

/** The last shop status the desk's window was told of. */
function lastTold(desk: Desk): ShopStatusView | undefined {
  const told = desk.events.filter((event) => event.event === 'shop:changed');
  return told.at(-1)?.payload as ShopStatusView | undefined;
}

it('tells the window of an outage since when, of each change waiting, and of the link back', async () => {
  const { a, b, proxy } = await deskBehindProxy(desks, proxies);
  const made = await b.call<Draft>('drafts:create');
  await vi.waitFor(
    () => expect(lastTold(b)).toMatchObject({ link: { state: 'connected' }, waiting: 0 }),
    soon,
  );
  // Desk A hears of desk B's draft (a round that took it in) with both desks listed.
  await vi.waitFor(async () => {
    expect((await a.call<Draft>('drafts:get', { id: made.id })).id).toBe(made.id);
    expect(
      lastTold(a)
        ?.desks.map((desk) => desk.name)
        .sort(),
    ).toEqual(['Laden', 'Lager']);
  }, soon);

  const before = Date.now();
  proxy.cut();
  await vi.waitFor(() => expect(lastTold(b)?.link?.state).toBe('offline'), soon);
  const since = Date.parse(lastTold(b)!.link!.since);
  expect(since).toBeGreaterThanOrEqual(before - 1_000);
  expect(lastTold(b)).toMatchObject({ member: true, waiting: 0 });

  // Each change saved while the database is out of reach is counted as it waits.
  const onB = await b.call<Draft>('drafts:get', { id: made.id });
  await b.call('drafts:save', { draft: { ...draftFieldsOf(onB), title: 'Sofa grau' } });
  await vi.waitFor(() => expect(lastTold(b)).toMatchObject({ link: { state: 'offline' }, waiting: 1 }), soon);
  expect(lastTold(b)!.link!.since).toBe(new Date(since).toISOString());
  const second = await b.call<Draft>('drafts:create');
  await vi.waitFor(() => expect(lastTold(b)?.waiting).toBe(2), soon);
  // What the window is told is what it reads.
  expect(await b.call<ShopStatusView>('shop:status')).toMatchObject({
    link: { state: 'offline' },
    waiting: 2,
  });

  proxy.heal();
  await vi.waitFor(
    () => expect(lastTold(b)).toMatchObject({ link: { state: 'connected' }, waiting: 0 }),
    soon,
  );
  await vi.waitFor(async () => {
    expect((await a.call<Draft>('drafts:get', { id: made.id })).title).toBe('Sofa grau');
    expect((await a.call<Draft>('drafts:get', { id: second.id })).id).toBe(second.id);
  }, soon);
});
