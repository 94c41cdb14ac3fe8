// A change made while the desk is offline is logged when it reaches the team's database, with both
// times (issue 37.5); every desk reads the log through `activity:list`, filtered.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../src/shared/domain/activity';
import type { AccountView } from '../../src/shared/ipc/types';
import { NOWHERE } from '../helpers/real-account';
import type { CutProxy } from './helpers/cut-proxy';
import { deskBehindProxy, type Desk } from './helpers/desks';

const desks: Desk[] = [];
const proxies: CutProxy[] = [];
afterEach(async () => {
  for (const d of desks.splice(0)) await d.remove();
  for (const p of proxies.splice(0)) await p.close();
});

const soon = { timeout: 20_000, interval: 100 };

it('logs an account saved offline when it reaches the database, with when it was made and when it arrived', async () => {
  const { a, b, proxy } = await deskBehindProxy(desks, proxies);
  proxy.cut();
  await vi.waitFor(() => expect(b.app.shop!.sync.session.link().state).toBe('offline'), soon);
  const before = new Date().toISOString();
  const saved = await b.call<AccountView>('accounts:save', {
    name: 'Möbelhaus',
    authUrl: NOWHERE.authUrl,
    baseUrl: NOWHERE.baseUrl,
    clientId: 'moebelhaus',
  });
  const made = new Date().toISOString();
  await sleep(1_500);
  // Nothing reached the log while the desk was offline.
  const none = await a.call<{ entries: ActivityEntry[] }>('activity:list', { kinds: ['account-change'] });
  expect(none.entries).toEqual([]);
  proxy.heal();

  const entry = await vi.waitFor(async () => {
    const { entries } = await a.call<{ entries: ActivityEntry[] }>('activity:list', {
      kinds: ['account-change'],
      account: saved.id,
    });
    expect(entries).toHaveLength(1);
    return entries[0]!;
  }, soon);
  expect(entry).toMatchObject({
    kind: 'account-change',
    account: saved.id,
    desk: { id: b.deskId, name: 'Lager' },
    running: { id: b.deskId, name: 'Lager' },
    changed: { change: 'added', name: 'Möbelhaus' },
  });
  expect(entry.madeAt >= before && entry.madeAt <= made).toBe(true);
  expect(Date.parse(entry.recordedAt) - Date.parse(entry.madeAt)).toBeGreaterThanOrEqual(1_000);

  // The same row on the desk that made it; filters by desk (name or id), kind and time narrow it.
  const onB = await b.call<{ entries: ActivityEntry[] }>('activity:list', { desk: 'lager' });
  expect(onB.entries.map((row) => row.kind)).toEqual(['account-change', 'desk-joined']);
  const byA = await b.call<{ entries: ActivityEntry[] }>('activity:list', { desk: a.deskId });
  expect(byA.entries.map((row) => row.kind)).toEqual(['desk-joined']);
  const later = await b.call<{ entries: ActivityEntry[] }>('activity:list', {
    since: new Date(Date.now() + 60_000).toISOString(),
  });
  expect(later.entries).toEqual([]);
});
