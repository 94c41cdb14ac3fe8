// Settling a shop conflict through the router (issue 24.4), as the editor does: the list counts a
// draft's conflicts, a pick keeps the chosen value and is stored, a pick of a conflict that is no
// longer there (settled on another desk) is refused in the app's words and logged, and the note of
// a deletion is dismissed.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDraftsStore } from '../../../src/main/storage/drafts-store';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import {
  mergeShopDraft,
  restoreAfterDelete,
  type ShopAuthor,
} from '../../../src/shared/domain/shop/shop-merge';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import type { PublishStartResult } from '../../../src/shared/domain/publishing/publish-job';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const LADEN: ShopAuthor = { desk: 'desk-laden', deskName: 'Laden', at: '2026-11-27T09:00:00.000Z' };
const LAGER: ShopAuthor = { desk: 'desk-lager', deskName: 'Lager', at: '2026-11-27T09:05:00.000Z' };

let temp: TempApp;
let id: string;
const folder = tempDir('listing-desk-shop-pick-');

beforeEach(async () => {
  // The draft as the shop's sync leaves it, written through the store before the app opens.
  const store = await openDraftsStore(folder.dir, { log: { info: () => undefined, error: () => undefined } });
  const was = await store.create({ title: 'Regal', description: 'Aus Holz.' });
  const merged = mergeShopDraft(
    was,
    { ...was, title: 'Regal, Eiche', description: 'Eiche massiv.' },
    { ...was, title: 'Regal, Buche', description: 'Buche, geölt.' },
    { mine: LADEN, theirs: LAGER },
  );
  id = (await store.save(restoreAfterDelete(merged, LAGER))).id;
  await store.close();
  temp = await createTempApp(folder.dir);
});
afterEach(async () => {
  await temp.remove();
  folder.remove();
});

it('counts, picks and dismisses; a conflict already settled is refused in plain words', async () => {
  // Not published while a value nobody chose is in it: the seller picks first.
  const refused = await temp.call<{ results: PublishStartResult[] }>('publish:start', { draftIds: [id] });
  expect(refused.results[0]).toMatchObject({
    error: {
      problem: 'not-publishable',
      detail: expect.stringMatching(
        /^Dieser Entwurf wurde an zwei Stellen geändert .* bei description, title bleibt/,
      ),
    },
  });
  const list = await temp.call<DraftsListResult>('drafts:list', {});
  expect(list.items.map((item) => [item.title, item.shopConflicts])).toEqual([['Regal, Buche', 2]]);

  const picked = await temp.call<Draft>('drafts:shop-pick', { id, field: 'title', index: 1 });
  expect(picked.title).toBe('Regal, Eiche');
  expect(picked.shop?.conflicts?.map((c) => c.field)).toEqual(['description']);
  expect((await temp.call<Draft>('drafts:get', { id })).title).toBe('Regal, Eiche');
  const after = await temp.call<DraftsListResult>('drafts:list', {});
  expect(after.items[0]?.shopConflicts).toBe(1);

  // Settled meanwhile (here: by this very pick): the test app speaks German.
  expect(await temp.fail('drafts:shop-pick', { id, field: 'title', index: 0 })).toMatchObject({
    code: 'conflict',
    message: expect.stringContaining('Diese Auswahl ist nicht mehr offen'),
  });
  expect(temp.log.error).toHaveBeenCalledWith(expect.stringContaining('Shop conflict title of draft'));
  expect((await temp.call<Draft>('drafts:get', { id })).title).toBe('Regal, Eiche');
  expect(await temp.fail('drafts:shop-pick', { id, field: 'description', index: 50 })).toMatchObject({
    code: 'invalid-input',
  });

  const dismissed = await temp.call<Draft>('drafts:shop-dismiss-restored', { id });
  expect(dismissed.shop).toEqual({ conflicts: [expect.objectContaining({ field: 'description' })] });
  const last = await temp.call<Draft>('drafts:shop-pick', { id, field: 'description', index: 0 });
  expect(last.description).toBe('Buche, geölt.');
  expect(last.shop).toBeUndefined();
});
