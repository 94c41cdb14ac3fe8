// The Drafts view's list call (issue 18.5): the first screen of rows sent early, the rest in
// compact form, through the router as the renderer calls it. A row shows what it showed as an
// object; search, status, sort, trash and account scope work over the compact rows as before; the
// editor gets the whole draft by id.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Draft, DraftStatus } from '../../../src/shared/domain/drafts/draft';
import { expandRows } from '../../../src/shared/domain/drafts/draft-rows';
import type { DraftListItem, DraftsListResult } from '../../../src/shared/ipc/types';
import { draftId, sampleDraft } from '../../fixtures/drafts';
import { writeDraft } from '../../fixtures/draft-files';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const COUNT = 40;
const statuses: DraftStatus[] = ['ready', 'draft', 'failed', 'published'];
const words = ['Kühlschrank', 'Fahrrad', 'Sofa', 'Straßenlampe'];

let folder: ReturnType<typeof tempDir>;
let temp: TempApp;

beforeEach(async () => {
  folder = tempDir('listing-desk-rows-');
  for (let n = 0; n < COUNT; n++) {
    writeDraft(
      folder.dir,
      sampleDraft(
        draftId(n),
        {
          title: `${words[n % words.length]} Nr. ${n}`,
          customReference: n % 5 === 0 ? null : `SKU-${n}`,
          status: statuses[n % statuses.length]!,
          accountId: n % 3 === 0 ? 'gone-account' : 'sandbox',
          description: `Beschreibung ${n}`,
          updatedAt: `2024-05-${String(1 + (n % 28)).padStart(2, '0')}T10:${String(n).padStart(2, '0')}:00.000Z`,
        },
        n % 4,
      ),
    );
  }
  temp = await createTempApp(folder.dir);
});
afterEach(async () => {
  await temp.remove();
  folder.remove();
});

const list = (input: Record<string, unknown> = {}) => temp.call<DraftsListResult>('drafts:list', input);
const withoutCreated = (items: DraftListItem[]) => items.map(({ createdAt: _created, ...row }) => row);

describe('the drafts list in compact form', () => {
  it('shows in each row what the row showed as an object, for every filter, sort and the trash', async () => {
    await temp.call('drafts:trash', { ids: [draftId(1), draftId(2), draftId(7)] });
    const filters = [
      {},
      { query: 'kuhl' },
      { query: 'STRASSE 1' },
      { status: 'failed' },
      { sort: 'title-asc' },
      { sort: 'created-desc', status: 'ready' },
      { account: 'selected' },
      { account: 'removed', sort: 'title-desc' },
      { trash: true },
      { trash: true, query: 'sofa' },
    ];
    for (const filter of filters) {
      const full = await list(filter);
      const compact = await list({ ...filter, compact: true });
      expect(compact.items).toEqual([]);
      expect(expandRows(compact.rows!), JSON.stringify(filter)).toEqual(withoutCreated(full.items));
      expect(compact.matched).toBe(full.items.length);
      const { items: _a, rows: _b, ...counts } = compact;
      const { items: _c, ...fullCounts } = full;
      expect(counts).toEqual(fullCounts);
    }
    const trash = await list({ trash: true, compact: true });
    expect(expandRows(trash.rows!).every((row) => row.trashedAt !== null)).toBe(true);
    expect(trash.trashCount).toBe(3);
    expect((await list({ compact: true })).total).toBe(COUNT - 3);
  });

  it('sends the first rows early, counting every match', async () => {
    const all = await list({ compact: true });
    const first = await list({ compact: true, first: 10 });
    expect(first.rows!.id).toEqual(all.rows!.id.slice(0, 10));
    expect(first.matched).toBe(COUNT);
    expect(first.total).toBe(COUNT);
    const found = await list({ query: 'sofa', compact: true, first: 3 });
    expect(found.rows!.id).toHaveLength(3);
    expect(found.matched).toBe(COUNT / words.length);
    expect(expandRows(found.rows!).every((row) => row.title.startsWith('Sofa'))).toBe(true);
    // The old form, for every other caller: all rows as objects.
    const old = await list({ first: 5 });
    expect(old.items.map((item) => item.id)).toEqual(all.rows!.id.slice(0, 5));
    expect(old.rows).toBeUndefined();
    const error = await temp.fail('drafts:list', { first: 0 });
    expect(error.code).toBe('invalid-input');
  });

  it('gives the editor the whole draft of a row, and a saved change reaches its row', async () => {
    const [row] = expandRows((await list({ compact: true, first: 1 })).rows!);
    const draft = await temp.call<Draft>('drafts:get', { id: row!.id });
    expect(draft.description).toMatch(/^Beschreibung \d+$/);
    expect(draft.photos).toHaveLength(row!.photoCount);
    expect(draft.photos[0]?.thumb ?? null).toBe(row!.coverThumb);
    const saved = await temp.call<Draft>('drafts:save', {
      draft: { ...draftFieldsOf(draft), title: 'Ganz neuer Titel', customReference: 'NEU-1' },
    });
    const after = expandRows((await list({ compact: true, query: 'ganz neuer' })).rows!);
    expect(after).toEqual([
      expect.objectContaining({
        id: row!.id,
        title: 'Ganz neuer Titel',
        customReference: 'NEU-1',
        updatedAt: saved.updatedAt,
      }),
    ]);
  });
});
