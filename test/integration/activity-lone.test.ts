// A lone desktop's account changes and feed runs in its activity log (issue 37.5): the app's own calls, as the
// window makes them, over the real back end and its data folder.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/shared/domain/activity';
import type { FeedRun, FeedView } from '../../src/shared/domain/feeds';
import { csvOf } from './feeds/helpers';
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

it("logs a lone desktop's feed run with what it did, and names no desk on the run's report", async () => {
  temp = await createTempApp();
  const file = path.join(temp.dataDir, 'lager.csv');
  // Two lamps, no photos: the run makes two drafts.
  writeFileSync(
    file,
    `${csvOf([
      { sku: 'SKU-1', title: 'Lampe 1', price: '19.90', stock: '3' },
      { sku: 'SKU-2', title: 'Lampe 2', price: '24.90', stock: '1' },
    ]).replace(/;[^;\n]*\.png$/gm, ';')}`,
  );
  const feed = await temp.call<FeedView>('feeds:save', {
    settings: {
      name: 'Lager',
      source: { kind: 'file', path: file },
      accountId: 'sandbox',
      referenceColumn: 'SKU',
      stockColumn: 'Bestand',
      publish: false,
    },
  });
  const run = await temp.call<FeedRun>('feeds:run', { id: feed.id });
  expect(run).toMatchObject({ state: 'done', counts: { create: 2 } });
  expect(run.ranBy).toBeUndefined();
  const { entries } = await temp.call<{ entries: ActivityEntry[] }>('activity:list', { kinds: ['feed-run'] });
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    kind: 'feed-run',
    account: 'sandbox',
    job: run.id,
    running: { id: 'this-desktop' },
    changed: { feed: 'Lager', outcome: 'done', trigger: 'seller', counts: { create: 2 }, failed: 0 },
  });
});
