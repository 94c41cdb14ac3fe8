// `status` of a desk whose ready draft holds fields two desks of the shop changed apart (issue
// 24.4): Publish refuses it until the seller picks, so it is counted "in conflict", not "ready".
import { afterAll, expect, it } from 'vitest';
import { mergeShopDraft, type ShopAuthor } from '../../../src/shared/domain/shop/shop-merge';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { tempDir } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const root = tempDir('listing-desk-cli-conflict-');
afterAll(() => root.remove());

const LADEN: ShopAuthor = { desk: 'desk-laden', deskName: 'Laden', at: '2026-11-27T09:00:00.000Z' };
const LAGER: ShopAuthor = { desk: 'desk-lager', deskName: 'Lager', at: '2026-11-27T09:05:00.000Z' };

it('counts a ready draft in shop conflict apart from the ready ones, in text, JSON and German', async () => {
  const was = readyDraft(root.dir, 1, { title: 'Regal' });
  const merged = mergeShopDraft(
    was,
    { ...was, title: 'Regal, Eiche' },
    { ...was, title: 'Regal, Buche' },
    {
      mine: LADEN,
      theirs: LAGER,
    },
  );
  expect(merged.shop?.conflicts).toHaveLength(1);
  writeDraft(root.dir, merged);
  writeDraft(root.dir, readyDraft(root.dir, 2, { title: 'Lampe' }));

  const text = await cli(['status', '--data-dir', root.dir]);
  expect(text.code, text.stderr).toBe(0);
  expect(text.stdout).toContain(
    'Drafts: 0 incomplete, 1 ready, 1 in conflict (pick the values in the app), 0 publishing,',
  );
  const json = await cli(['status', '--json', '--data-dir', root.dir]);
  expect(JSON.parse(json.stdout)).toMatchObject({ drafts: { ready: 1, conflict: 1, total: 2 } });
  const german = await cli(['status', '--data-dir', root.dir], { LANG: 'de_DE.UTF-8' });
  expect(german.stdout).toContain('1 im Konflikt (Werte in der App wählen)');
}, 120_000);
