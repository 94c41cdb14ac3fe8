// The editor's save writes only what the seller typed (issue 24.4): against the fields the editor
// started from, a field the seller left alone keeps what is stored now (another desk's change, a
// bulk edit, the live ad), a field the seller changed takes the seller's value, for every kind of field.
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { draftFieldsOf, typedFieldsOf, withTypedFields } from '../../../src/shared/domain/shop/draft-fields';
import { shopValueOf, withShopValue } from '../../../src/shared/domain/shop/shop-fields';
import { FIELD_KINDS } from '../../fixtures/draft-field-kinds';
import { draftId, sampleDraft } from '../../fixtures/drafts';

const ID = draftId(4);
const set = (draft: Draft, field: string, value: unknown) =>
  withShopValue(draft, field, value as Parameters<typeof withShopValue>[2]);

/** Every field the editor types (the account is moved by its own call), typed here and changed elsewhere. */
const KINDS = [
  ...FIELD_KINDS.filter(({ field }) => field !== 'accountId'),
  { field: 'attributes.farbe', laden: 'weiß', lager: 'grau' },
].map(({ field, laden, lager }) => ({ field, typed: laden, arrived: lager }));

/** The editor's start, the seller's typing on it, and the draft as stored after another change. */
function scene(typedField: string, typed: unknown, arrivedField: string, arrived: unknown) {
  const base = sampleDraft(ID, {}, 2);
  const editor = set(base, typedField, typed);
  const stored = {
    ...set(base, arrivedField, arrived),
    updatedAt: '2024-05-02T08:00:00.000Z',
    status: 'draft' as const,
  };
  return { base: draftFieldsOf(base), typed: draftFieldsOf(editor), stored };
}

describe('withTypedFields: the seller’s typing over what is stored now', () => {
  it.each(KINDS)('$field typed while another field changed elsewhere: both kept', ({ field, typed }) => {
    const other = field === 'publication.city' ? 'price.amount' : 'publication.city';
    const arrived = other === 'price.amount' ? 140 : 'Hamburg';
    const s = scene(field, typed, other, arrived);
    const merged = withTypedFields(s.stored, s.typed, s.base);
    expect(shopValueOf(merged, field)).toEqual(typed);
    expect(shopValueOf(merged, other)).toEqual(arrived);
    expect(typedFieldsOf(s.typed, s.base)).toEqual([field]);
  });

  it.each(KINDS)('$field changed elsewhere while the seller typed the title: kept', ({ field, arrived }) => {
    const s = scene('title', 'Neu getippt', field, arrived);
    const merged = withTypedFields(s.stored, s.typed, s.base);
    expect(shopValueOf(merged, field)).toEqual(field === 'title' ? 'Neu getippt' : arrived);
    expect(merged.title).toBe('Neu getippt');
  });

  it.each(KINDS)('$field changed on both sides: the seller’s typing wins', ({ field, typed, arrived }) => {
    const s = scene(field, typed, field, arrived);
    expect(shopValueOf(withTypedFields(s.stored, s.typed, s.base), field)).toEqual(typed);
  });

  it('keeps what main owns from the stored draft: photos, status, dates, account, link, conflicts', () => {
    const s = scene('title', 'Neu', 'description', 'Anders');
    const stored: Draft = {
      ...s.stored,
      accountId: 'other-account',
      photos: sampleDraft(ID, {}, 5).photos,
      shop: { restored: { desk: 'd', deskName: 'Lager', at: '2024-05-02T08:00:00.000Z' } },
    };
    const merged = withTypedFields(stored, s.typed, s.base);
    expect(merged).toEqual({ ...stored, title: 'Neu' });
  });

  it('an attribute the seller removed goes; one added elsewhere stays', () => {
    const base = sampleDraft(ID);
    const typed = draftFieldsOf({ ...base, attributes: { condition: 'like_new' } });
    const stored = set(base, 'attributes.farbe', 'grau');
    const merged = withTypedFields(stored, typed, draftFieldsOf(base));
    expect(merged.attributes).toEqual({ condition: 'like_new', farbe: 'grau' });
  });

  it('nothing typed: the stored draft as it is', () => {
    const base = sampleDraft(ID);
    const stored = set(set(base, 'price.amount', 75), 'attributes.farbe', 'grau');
    expect(withTypedFields(stored, draftFieldsOf(base), draftFieldsOf(base))).toEqual(stored);
    expect(typedFieldsOf(draftFieldsOf(base), draftFieldsOf(base))).toEqual([]);
  });
});
