// A draft the shop's merge left in conflict, with the note that it came back after a deletion
// (issue 24.4), is written to its file and read back as it was, also after the store is reopened.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDraftsStore } from '../../../src/main/storage/drafts-store';
import {
  mergeShopDraft,
  restoreAfterDelete,
  type ShopAuthor,
} from '../../../src/shared/domain/shop/shop-merge';

let dataDir: string;
const log = { info: () => undefined, error: () => undefined };
const LADEN: ShopAuthor = { desk: 'desk-laden', deskName: 'Laden', at: '2026-11-27T09:00:00.000Z' };
const LAGER: ShopAuthor = { desk: 'desk-lager', deskName: 'Lager', at: '2026-11-27T09:05:00.000Z' };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-shop-drafts-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('keeps conflicts and the deletion note in the draft file', async () => {
  const store = await openDraftsStore(dataDir, { log });
  const was = await store.create({ title: 'Regal' });
  const merged = mergeShopDraft(
    was,
    { ...was, title: 'Regal, Eiche' },
    { ...was, title: 'Regal, Buche', price: { ...was.price, amount: '40' } },
    { mine: LADEN, theirs: LAGER },
  );
  const saved = await store.save(restoreAfterDelete(merged, LADEN));
  expect(saved.shop).toEqual({
    conflicts: [
      {
        field: 'title',
        values: [
          { value: 'Regal, Buche', by: LAGER },
          { value: 'Regal, Eiche', by: LADEN },
        ],
      },
    ],
    restored: LADEN,
  });
  await store.close();
  const reopened = await openDraftsStore(dataDir, { log });
  const read = await reopened.get(was.id);
  expect(read.shop).toEqual(saved.shop);
  expect(read.price.amount).toBe('40');
  expect(reopened.problems).toEqual([]);
  // A copy is a new draft: the conflicts stay the original's to settle.
  const copy = await reopened.duplicate(was.id);
  expect(copy.title).toBe('Regal, Buche');
  expect('shop' in copy).toBe(false);
  expect((await reopened.get(was.id)).shop).toEqual(saved.shop);
  await reopened.close();
});
