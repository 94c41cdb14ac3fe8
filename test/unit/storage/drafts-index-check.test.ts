// The index's entries are checked by hand at each start (issue 18.5: the schema took 50 ms for
// 10,000): the check must refuse whatever the schema refuses, and take what the store writes.
import { describe, expect, it } from 'vitest';
import { draftIdSchema } from '../../../src/shared/domain/drafts/draft';
import { draftSummarySchema, summarizeDraft } from '../../../src/shared/domain/drafts/draft-list';
import { isDraftSummary } from '../../../src/main/storage/drafts-index';
import { isDraftId } from '../../../src/main/storage/draft-files';
import { draftId, sampleDraft } from '../../fixtures/drafts';

const good = summarizeDraft(sampleDraft(draftId(7), { customReference: null }, 2));
const scheduled = summarizeDraft(
  sampleDraft(
    draftId(9),
    {
      schedule: {
        at: '2026-12-01T09:00:00.000Z',
        outcome: { kind: 'held', at: '2026-12-01T09:00:05.000Z', issues: 2 },
      },
    },
    1,
  ),
);
const trashed = summarizeDraft(sampleDraft(draftId(8), { accountId: null }, 0), '2024-06-01T10:00:00.000Z');

const spoilt: [string, unknown][] = [
  ['null', null],
  ['an array', [good]],
  ['a string', 'entry'],
  ['no id', { ...good, id: undefined }],
  ['an id that is no uuid', { ...good, id: 'd0000000-0000-4000-8000-00000000000' }],
  ['an id with a path', { ...good, id: '../../etc/passwd' }],
  ['a title that is a number', { ...good, title: 7 }],
  ['no title', { ...good, title: undefined }],
  ['a reference that is a number', { ...good, customReference: 12 }],
  ['an unknown status', { ...good, status: 'deleted' }],
  ['a status of another case', { ...good, status: 'READY' }],
  ['an account that is a number', { ...good, accountId: 1 }],
  ['no creation time', { ...good, createdAt: null }],
  ['no change time', { ...good, updatedAt: undefined }],
  ['a negative photo count', { ...good, photoCount: -1 }],
  ['a fractional photo count', { ...good, photoCount: 1.5 }],
  ['a photo count as text', { ...good, photoCount: '2' }],
  ['an endless issue count', { ...good, issueCount: Infinity }],
  ['a cover that is an object', { ...good, coverThumb: {} }],
  ['a trash time that is a number', { ...good, trashedAt: 0 }],
  ['a shop conflict count that is negative', { ...good, shopConflicts: -1 }],
  ['no shop conflict count', { ...good, shopConflicts: undefined }],
  ['no search text', { ...good, searchText: undefined }],
  ['a sort title that is null', { ...good, sortTitle: null }],
  ['no schedule', { ...good, schedule: undefined }],
  ['a schedule that is a time alone', { ...good, schedule: '2026-12-01T09:00:00.000Z' }],
  ['a schedule of no time', { ...good, schedule: { at: 'tomorrow' } }],
  ['a price rule time that is a number', { ...good, priceRuleDue: 0 }],
  ['no price rule time', { ...good, priceRuleDue: undefined }],
  ['no category', { ...good, category: undefined }],
  ['a category that is null', { ...good, category: null }],
  ['no kind keys', { ...good, kindKeys: undefined }],
  ['kind keys that are a string', { ...good, kindKeys: 'art' }],
  ['kind keys holding a number', { ...good, kindKeys: ['art', 1] }],
];

describe('the index entry check', () => {
  it('takes the summaries the store writes, as the schema does', () => {
    for (const entry of [good, trashed, scheduled, JSON.parse(JSON.stringify(good)) as unknown]) {
      expect(draftSummarySchema.safeParse(entry).success).toBe(true);
      expect(isDraftSummary(entry)).toBe(true);
    }
  });

  it.each(spoilt)('refuses an entry with %s, as the schema does', (_label, entry) => {
    expect(draftSummarySchema.safeParse(entry).success).toBe(false);
    expect(isDraftSummary(entry)).toBe(false);
  });

  it('knows every field of the schema (a new one needs its line in isDraftSummary)', () => {
    expect(Object.keys(draftSummarySchema.shape).sort()).toEqual(
      [
        'id',
        'title',
        'customReference',
        'status',
        'accountId',
        'createdAt',
        'updatedAt',
        'photoCount',
        'coverThumb',
        'issueCount',
        'trashedAt',
        'shopConflicts',
        'schedule',
        'searchText',
        'sortTitle',
        'priceRuleDue',
        'category',
        'kindKeys',
      ].sort(),
    );
  });

  it('refuses an entry with a field more (the schema would drop it): the index is then rebuilt', () => {
    expect(isDraftSummary({ ...good, extra: 1 })).toBe(false);
  });

  it('knows a draft id as the id schema does', () => {
    const ids = [draftId(1), good.id.toUpperCase(), '', 'x', `${draftId(1)}.json`, ` ${draftId(1)}`, '../a'];
    for (const id of ids) expect(isDraftId(id), id).toBe(draftIdSchema.safeParse(id).success);
    expect(isDraftId(7)).toBe(false);
  });
});
