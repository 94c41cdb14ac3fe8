import { describe, expect, it } from 'vitest';
import {
  filterDrafts,
  searchKey,
  summarizeDraft,
  type DraftSummary,
} from '../../../src/shared/domain/drafts/draft-list';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { draftId, sampleDraft } from '../../fixtures/drafts';

function summary(n: number, overrides: Partial<Draft>): DraftSummary {
  return summarizeDraft(sampleDraft(draftId(n), overrides));
}

const list = [
  summary(1, {
    title: 'Kühlschrank wie neu',
    customReference: 'SKU-100',
    updatedAt: '2024-05-03T00:00:00.000Z',
  }),
  summary(2, { title: 'Fahrrad Nr. 10', customReference: null, updatedAt: '2024-05-01T00:00:00.000Z' }),
  summary(3, { title: 'Fahrrad Nr. 9', customReference: 'kuehl-2', updatedAt: '2024-05-02T00:00:00.000Z' }),
  summary(4, {
    title: '',
    customReference: null,
    status: 'published',
    updatedAt: '2024-05-04T00:00:00.000Z',
  }),
  summary(5, { title: 'Äpfel-Kiste', customReference: 'STRASSE', updatedAt: '2024-04-01T00:00:00.000Z' }),
];
const ids = (items: DraftSummary[]) => items.map((item) => Number(item.id.slice(-2)));

describe('summarizeDraft', () => {
  it('keeps what the list shows: title, reference, status, photo count, cover, issue count', () => {
    const draft = sampleDraft(
      draftId(9),
      { title: '  Sofa ', customReference: ' ', price: { type: 'FIXED', amount: 'x' } },
      3,
    );
    expect(summarizeDraft(draft)).toMatchObject({
      id: draftId(9),
      title: 'Sofa',
      customReference: null,
      photoCount: 3,
      coverThumb: draft.photos[0]!.thumb,
      issueCount: 1,
      trashedAt: null,
    });
  });
});

describe('filterDrafts', () => {
  it('sorts by the newest edit first by default', () => {
    expect(ids(filterDrafts(list))).toEqual([4, 1, 3, 2, 5]);
    expect(ids(filterDrafts(list, { sort: 'updated-asc' }))).toEqual([5, 2, 3, 1, 4]);
  });

  it('finds words in the title or the reference, ignoring case and accents', () => {
    expect(ids(filterDrafts(list, { query: 'kuhl' }))).toEqual([1]);
    expect(ids(filterDrafts(list, { query: 'KÜHL' }))).toEqual([1]);
    expect(ids(filterDrafts(list, { query: 'kuehl' }))).toEqual([3]);
    expect(ids(filterDrafts(list, { query: 'sku-100' }))).toEqual([1]);
    expect(ids(filterDrafts(list, { query: 'straße' }))).toEqual([5]);
    expect(ids(filterDrafts(list, { query: 'apfel' }))).toEqual([5]);
  });

  it('needs every word, in the title or the reference', () => {
    expect(ids(filterDrafts(list, { query: 'fahrrad 9', sort: 'title-asc' }))).toEqual([3]);
    expect(ids(filterDrafts(list, { query: 'fahrrad kuehl' }))).toEqual([3]);
    expect(filterDrafts(list, { query: 'fahrrad sofa' })).toEqual([]);
  });

  it('does not match across the end of the title and the start of the reference', () => {
    expect(filterDrafts(list, { query: 'neusku' })).toEqual([]);
  });

  it('filters a ready draft in shop conflict among the drafts that need work, not the ready ones', () => {
    const by = (desk: string) => ({ desk, deskName: desk, at: '2024-05-01T00:00:00.000Z' });
    const conflict = {
      field: 'title',
      values: [
        { value: 'Sofa', by: by('A') },
        { value: 'Couch', by: by('B') },
      ],
    };
    const inConflict = summarizeDraft(sampleDraft(draftId(7), { shop: { conflicts: [conflict] } }));
    const ready = summarizeDraft(sampleDraft(draftId(8), {}));
    expect([inConflict.status, ready.status]).toEqual(['ready', 'ready']);
    expect(ids(filterDrafts([inConflict, ready], { status: 'ready' }))).toEqual([8]);
    expect(ids(filterDrafts([inConflict, ready], { status: 'draft' }))).toEqual([7]);
  });

  it('filters by status', () => {
    expect(ids(filterDrafts(list, { status: 'published' }))).toEqual([4]);
    expect(ids(filterDrafts(list, { status: 'all', query: '  ' }))).toHaveLength(5);
  });

  it('sorts titles with numbers by value and accents with their letter, untitled last', () => {
    expect(ids(filterDrafts(list, { sort: 'title-asc' }))).toEqual([5, 3, 2, 1, 4]);
    expect(ids(filterDrafts(list, { sort: 'title-desc' }))).toEqual([1, 2, 3, 5, 4]);
  });

  it('does not change the list it is given', () => {
    const copy = [...list];
    filterDrafts(list, { sort: 'title-asc' });
    expect(list).toEqual(copy);
  });

  it('folds text for search', () => {
    expect(searchKey('Große  ÄPFEL')).toBe('grosse apfel');
  });
});
