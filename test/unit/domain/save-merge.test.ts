// A save merged three ways against what is stored now (issue 32.1): a field the saver changed while
// the stored value also changed since its base, to something else, is a conflict kept as data (both
// values, who, when), for every kind of field; a field only one side changed is no conflict. The
// editor's next base keeps the old value under what is still typed, so a crossing is seen.
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { crossedFields, draftFieldsOf, rebasedFields } from '../../../src/shared/domain/shop/draft-fields';
import { mergeSave, type SaveSides } from '../../../src/shared/domain/shop/save-merge';
import { shopConflictsOf } from '../../../src/shared/domain/shop/shop-conflicts';
import { shopValueOf, withShopValue } from '../../../src/shared/domain/shop/shop-fields';
import { mergeFeedChanges } from '../../../src/shared/domain/feeds/feed-merge';
import { FIELD_KINDS } from '../../fixtures/draft-field-kinds';
import { draftId, sampleDraft } from '../../fixtures/drafts';

const ID = draftId(7);
const set = (draft: Draft, field: string, value: unknown) =>
  withShopValue(draft, field, value as Parameters<typeof withShopValue>[2]);

const LADEN = { desk: 'desk-laden', deskName: 'Laden', at: '2026-12-06T10:00:05.000Z' };
const LAGER = { desk: 'desk-lager', deskName: 'Lager', at: '2026-12-06T10:00:01.000Z' };
const WHO: SaveSides = { mine: LADEN, theirs: () => LAGER };

const KINDS = [
  ...FIELD_KINDS.filter(({ field }) => field !== 'accountId'),
  { field: 'attributes.farbe', laden: 'weiß', lager: 'grau' },
];

/** The editor's start, the seller's typing on it, and the draft as stored after another change. */
function scene(field: string, typed: unknown, arrived: unknown) {
  const base = sampleDraft(ID, {}, 2);
  const stored = { ...set(base, field, arrived), updatedAt: '2026-12-06T10:00:01.000Z' };
  return { base: draftFieldsOf(base), typed: draftFieldsOf(set(base, field, typed)), stored };
}

describe('mergeSave', () => {
  it.each(KINDS)('$field saved over a change made meanwhile: both kept, the saver’s held', (kind) => {
    const s = scene(kind.field, kind.laden, kind.lager);
    const saved = mergeSave(s.stored, s.typed, s.base, WHO);
    expect(shopValueOf(saved, kind.field) ?? null).toEqual(kind.laden);
    expect(shopConflictsOf(saved)).toEqual([
      {
        field: kind.field,
        values: [
          { value: kind.laden, by: LADEN },
          { value: kind.lager ?? null, by: LAGER },
        ],
      },
    ]);
  });

  it.each(KINDS)('$field changed only by the saver, or to the same value: no conflict', (kind) => {
    const base = sampleDraft(ID, {}, 2);
    const typed = draftFieldsOf(set(base, kind.field, kind.laden));
    const other = kind.field === 'title' ? 'description' : 'title';
    const stored = set(base, other, 'Anderswo geändert');
    const saved = mergeSave(stored, typed, draftFieldsOf(base), WHO);
    expect(shopValueOf(saved, kind.field) ?? null).toEqual(kind.laden);
    expect(shopValueOf(saved, other)).toBe('Anderswo geändert');
    expect(saved.shop).toBeUndefined();
    const same = mergeSave(set(base, kind.field, kind.laden), typed, draftFieldsOf(base), WHO);
    expect(same.shop).toBeUndefined();
  });

  it('typing on in a field in conflict replaces the saver’s own value; typing the other settles it', () => {
    const s = scene('title', 'Sofa', 'Couch');
    const first = mergeSave(s.stored, s.typed, s.base, WHO);
    const later = { ...LADEN, at: '2026-12-06T10:00:09.000Z' };
    const on = mergeSave(first, draftFieldsOf(set(first, 'title', 'Sofa grau')), draftFieldsOf(first), {
      ...WHO,
      mine: later,
    });
    expect(on.title).toBe('Sofa grau');
    expect(shopConflictsOf(on)[0]!.values.map((v) => v.value)).toEqual(['Sofa grau', 'Couch']);
    const settled = mergeSave(on, draftFieldsOf(set(on, 'title', 'Couch')), draftFieldsOf(on), WHO);
    expect(settled.title).toBe('Couch');
    expect(settled.shop).toBeUndefined();
  });

  it('keeps a conflict of another field and the note of a deletion', () => {
    const s = scene('title', 'Sofa', 'Couch');
    const restored = { ...LAGER, deskName: 'Büro' };
    const stored: Draft = {
      ...s.stored,
      shop: {
        conflicts: [
          {
            field: 'description',
            values: [
              { value: 'a', by: LADEN },
              { value: 'b', by: LAGER },
            ],
          },
        ],
        restored,
      },
    };
    const saved = mergeSave(stored, s.typed, s.base, WHO);
    expect(shopConflictsOf(saved).map((c) => c.field)).toEqual(['description', 'title']);
    expect(saved.shop?.restored).toEqual(restored);
  });
});

describe('the editor’s base after taking in a stored draft', () => {
  it('keeps the old base under a field still typed, so the next save meets the change', () => {
    const s = scene('title', 'Sofa', 'Couch');
    expect(crossedFields(s.stored, s.typed, s.base)).toEqual(['title']);
    const next = rebasedFields(s.stored, s.typed, s.base);
    expect(next.title).toBe(s.base.title);
    const saved = mergeSave(s.stored, s.typed, next, WHO);
    expect(shopConflictsOf(saved).map((c) => c.values.map((v) => v.value))).toEqual([['Sofa', 'Couch']]);
  });

  it('takes the stored value as base for every field not typed', () => {
    const base = sampleDraft(ID, {}, 2);
    const stored = set(base, 'price.amount', '80');
    const typed = draftFieldsOf(set(base, 'title', 'Sofa'));
    expect(crossedFields(stored, typed, draftFieldsOf(base))).toEqual([]);
    expect(rebasedFields(stored, typed, draftFieldsOf(base)).price.amount).toBe('80');
  });
});

describe('mergeFeedChanges', () => {
  const FEED = { desk: 'app:feed', deskName: 'Lager-Feed', at: '2026-12-06T10:00:05.000Z' };
  const EDITOR = { desk: 'app:editor', deskName: 'this desk’s editor', at: '2026-12-06T10:00:02.000Z' };
  const sides: SaveSides = { mine: FEED, theirs: () => EDITOR };

  it('keeps what the seller typed since the plan as a conflict; the rest is the feed’s', () => {
    const planned = set(set(sampleDraft(ID, {}, 2), 'title', 'Sofa'), 'price.amount', '300');
    const current = set(planned, 'title', 'Sofa, vom Verkäufer');
    const changes = [
      { field: 'title', before: 'Sofa', after: 'Sofa (Feed)' },
      { field: 'price.amount', before: '300', after: '250' },
    ];
    const init = { title: 'Sofa (Feed)', price: { amount: '250' } };
    const merged = mergeFeedChanges(current, init, changes, sides);
    expect(merged.title).toBe('Sofa (Feed)');
    expect(merged.price.amount).toBe('250');
    expect(shopConflictsOf(merged)).toEqual([
      {
        field: 'title',
        values: [
          { value: 'Sofa (Feed)', by: FEED },
          { value: 'Sofa, vom Verkäufer', by: EDITOR },
        ],
      },
    ]);
    // Run again after a crash: the same draft, no second conflict value.
    expect(mergeFeedChanges(merged, init, changes, sides)).toEqual(merged);
  });
});
