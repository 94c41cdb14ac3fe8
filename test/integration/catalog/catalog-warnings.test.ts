// Readiness says more, blocks no more (issue 33.6), through the router as the window calls it: the
// drafts list's rows carry the catalog's warning (as objects and in compact form) while the drafts
// stay ready; `catalog:check` says the same of a draft as the editor holds it; a newer catalog that
// knows the category takes the warning away.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedCatalog } from '../../../src/main/catalog';
import type { CatalogWarning } from '../../../src/shared/domain/catalog';
import { expandRows } from '../../../src/shared/domain/drafts';
import type { CatalogLoadAnswer } from '../../../src/shared/ipc/contract-catalog';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { draftId, sampleDraft } from '../../fixtures/drafts';
import { writeDraft } from '../../fixtures/draft-files';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const TOYS = 'Familie_Kind_Baby/Spielzeug';
const folder = tempDir('listing-desk-catalog-warnings-');
const files = tempDir('listing-desk-catalog-files-');
let temp: TempApp;

beforeAll(async () => {
  writeDraft(folder.dir, sampleDraft(draftId(1), { title: 'Handy', category: 'Elektronik/Handys' }));
  writeDraft(folder.dir, sampleDraft(draftId(2), { title: 'Bausteine', category: TOYS }));
  writeDraft(
    folder.dir,
    sampleDraft(draftId(3), { title: 'LEGO Haus', category: TOYS, attributes: { art: 'lego_duplo' } }),
  );
  temp = await createTempApp(folder.dir);
});
afterAll(async () => {
  await temp.remove();
  folder.remove();
  files.remove();
});

const byTitle = (list: DraftsListResult) =>
  Object.fromEntries(list.items.map((item) => [item.title, [item.status, item.catalogWarning]]));

describe('catalog warnings of drafts', () => {
  it('marks the rows and leaves the drafts ready', async () => {
    const list = await temp.call<DraftsListResult>('drafts:list', {});
    expect(byTitle(list)).toEqual({
      Handy: ['ready', 'category-unknown'],
      Bausteine: ['ready', 'kind-missing'],
      'LEGO Haus': ['ready', null],
    });
    const compact = await temp.call<DraftsListResult>('drafts:list', { compact: true });
    const rows = expandRows(compact.rows!);
    expect(Object.fromEntries(rows.map((row) => [row.title, row.catalogWarning]))).toEqual({
      Handy: 'category-unknown',
      Bausteine: 'kind-missing',
      'LEGO Haus': null,
    });
    // The ready filter still counts them: warnings never block.
    expect((await temp.call<DraftsListResult>('drafts:list', { status: 'ready' })).matched).toBe(3);
  });

  it('says the same of a draft as the editor holds it', async () => {
    const check = (draft: object) =>
      temp.call<CatalogWarning[]>('catalog:check', { accountId: 'sandbox', ...draft });
    expect(await check({ category: 'Elektronik/Handys', attributes: {} })).toEqual([
      { code: 'category-unknown', path: 'Elektronik/Handys' },
    ]);
    expect(await check({ category: TOYS, attributes: { condition: 'ok' } })).toEqual([
      { code: 'kind-missing', path: TOYS, key: 'art' },
    ]);
    expect(await check({ category: TOYS, attributes: { art: 'puppen' } })).toEqual([]);
    expect((await temp.fail('catalog:check', { category: TOYS })).code).toBe('invalid-input');
  });

  it('follows a newer catalog that knows the category', async () => {
    const shipped = shippedCatalog();
    const newer = path.join(files.dir, 'newer.json');
    writeFileSync(
      newer,
      JSON.stringify({
        ...shipped,
        date: `${Number(shipped.date.slice(0, 4)) + 1}${shipped.date.slice(4, 10)}`,
        categories: [...shipped.categories, { path: 'Elektronik/Handys', attributes: [] }],
      }),
    );
    const answer = await temp.call<CatalogLoadAnswer>('catalog:load-file', { path: newer });
    expect(answer.ok).toBe(true);
    expect(byTitle(await temp.call<DraftsListResult>('drafts:list', {})).Handy).toEqual(['ready', null]);
  });
});
