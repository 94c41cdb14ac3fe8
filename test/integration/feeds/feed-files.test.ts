// A feed's file that does not parse (a crash mid-write elsewhere, a hand edit) is moved aside and
// named to the seller; the other feeds open as they were. Real files in a temporary data folder.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openFeedStore } from '../../../src/main/feeds/feed-store';
import type { Feed } from '../../../src/shared/domain/feeds/feed';
import { tempDir } from '../../unit/helpers/temp-app';

const folder = tempDir('listing-desk-feed-files-');
afterEach(() => folder.remove());

const feed: Feed = {
  id: 'a1b2c3',
  name: 'Lager',
  source: { kind: 'file', path: '/shop/lager.csv' },
  accountId: 'sandbox',
  referenceColumn: 'SKU',
  gone: 'pause',
  publish: false,
  maxShare: 0.2,
  approved: true,
  header: ['SKU'],
  createdAt: '2026-03-02T08:00:00.000Z',
  lastRunAt: null,
};

it('moves a feed file that does not parse aside and names it; the others open', async () => {
  const dir = path.join(folder.dir, 'feeds');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${feed.id}.json`), JSON.stringify(feed));
  writeFileSync(path.join(dir, 'broken.json'), '{"id": "broken", "name": ');
  const named: string[] = [];
  const store = await openFeedStore(folder.dir, (movedAside) => named.push(movedAside));
  expect(store.list().map((f) => f.name)).toEqual(['Lager']);
  expect(named).toHaveLength(1);
  expect(existsSync(named[0]!)).toBe(true);
  expect(existsSync(path.join(dir, 'broken.json'))).toBe(false);
});
