// A lone desktop's account changes in its activity log (issue 37.5): the app's own calls, as the
// window makes them, over the real back end and its data folder.
import { afterEach, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/shared/domain/activity';
import type { AccountView } from '../../src/shared/ipc/types';
import { NOWHERE } from '../helpers/real-account';
import { createTempApp, type TempApp } from '../unit/helpers/temp-app';

let temp: TempApp | undefined;
afterEach(async () => {
  await temp?.remove();
  temp = undefined;
});

it("logs a lone desktop's account saved and then changed, in its data folder", async () => {
  temp = await createTempApp();
  const saved = await temp.call<AccountView>('accounts:save', {
    name: 'Möbelhaus',
    authUrl: NOWHERE.authUrl,
    baseUrl: NOWHERE.baseUrl,
    clientId: 'moebelhaus',
  });
  await temp.call<AccountView>('accounts:save', {
    id: saved.id,
    name: 'Möbelhaus Berlin',
    authUrl: NOWHERE.authUrl,
    baseUrl: NOWHERE.baseUrl,
    clientId: 'moebelhaus',
  });
  const { entries } = await temp.call<{ entries: ActivityEntry[] }>('activity:list', { account: saved.id });
  expect(entries.map((entry) => [entry.kind, entry.changed])).toEqual([
    ['account-change', { change: 'changed', name: 'Möbelhaus Berlin' }],
    ['account-change', { change: 'saved', name: 'Möbelhaus' }],
  ]);
});
