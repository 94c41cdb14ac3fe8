// The "Change…" form as typed into the edit it sends: numbers as sellers type them, and what is
// still missing named instead of an edit.
import { describe, expect, it } from 'vitest';
import { bulkEditSchema } from '../../../src/shared/domain/bulk/bulk-edit';
import {
  editOf,
  emptyBulkForm,
  typedNumber,
  type BulkForm,
} from '../../../src/shared/domain/bulk/bulk-edit-form';

const form = (patch: Partial<BulkForm>): BulkForm => ({ ...emptyBulkForm, ...patch });

describe('typedNumber', () => {
  it.each([
    ['19,99', 19.99],
    ['19.99 €', 19.99],
    ['-10', -10],
    ['+5 %', 5],
    ['abc', null],
    ['', null],
    ['1.234,5', null],
  ])('%s is %s', (text, expected) => {
    expect(typedNumber(text)).toBe(expected);
  });
});

describe('editOf', () => {
  it('makes a price edit the contract takes', () => {
    const made = editOf(form({ priceMode: 'percent', priceValue: '10', rounding: '99' }));
    expect(made).toEqual({ edit: { kind: 'price', mode: 'percent', value: 10, rounding: '99' } });
    expect(bulkEditSchema.safeParse((made as { edit: unknown }).edit).success).toBe(true);
  });

  it.each([
    ['1.249', 1249],
    ['1.249,00 €', 1249],
    ['1,249.00', 1249],
    ['1,5', 1.5],
  ])('reads a new price %j as the editor does: %d €', (priceValue, value) => {
    expect(editOf(form({ priceMode: 'set', priceValue }))).toEqual({
      edit: { kind: 'price', mode: 'set', value, rounding: 'none' },
    });
  });

  it('names a missing or impossible number', () => {
    expect(editOf(form({ priceValue: '' }))).toEqual({ missing: 'bulk.needNumber' });
    expect(editOf(form({ priceMode: 'set', priceValue: '-1' }))).toEqual({ missing: 'bulk.needPrice' });
    expect(editOf(form({ priceMode: 'set', priceValue: '' }))).toEqual({ missing: 'bulk.needPrice' });
    expect(editOf(form({ priceMode: 'set', priceValue: '12,3,4' }))).toEqual({ missing: 'bulk.needPrice' });
    expect(editOf(form({ priceMode: 'percent', priceValue: '-150' }))).toEqual({
      missing: 'bulk.needNumber',
    });
    expect(editOf(form({ kind: 'location', radius: '2,5' }))).toEqual({ missing: 'bulk.needNumber' });
  });

  it('sends only the contact and location fields given', () => {
    expect(editOf(form({ kind: 'contact', phoneNumber: '030 1' }))).toEqual({
      edit: { kind: 'contact', phoneNumber: '030 1' },
    });
    expect(editOf(form({ kind: 'contact' }))).toEqual({ missing: 'bulk.needSomething' });
    expect(editOf(form({ kind: 'location', city: 'Köln', radius: '10' }))).toEqual({
      edit: { kind: 'location', city: 'Köln', availabilityRadiusInKm: 10 },
    });
  });

  it('sets or removes an attribute, and needs its name', () => {
    expect(editOf(form({ kind: 'attribute', attributeName: ' farbe ', attributeValue: 'rot' }))).toEqual({
      edit: { kind: 'attribute', name: 'farbe', value: 'rot' },
    });
    expect(editOf(form({ kind: 'attribute', attributeName: 'farbe', attributeRemove: true }))).toEqual({
      edit: { kind: 'attribute', name: 'farbe', value: null },
    });
    expect(editOf(form({ kind: 'attribute' }))).toEqual({ missing: 'bulk.needName' });
  });

  it('sets a category picked, with the attribute of its kind, and needs one', () => {
    expect(
      editOf(
        form({
          kind: 'category',
          categoryPath: 'Familie_Kind_Baby/Spielzeug',
          categoryAttribute: { key: 'art', value: 'lego_duplo' },
        }),
      ),
    ).toEqual({
      edit: {
        kind: 'category',
        path: 'Familie_Kind_Baby/Spielzeug',
        attribute: { key: 'art', value: 'lego_duplo' },
      },
    });
    expect(editOf(form({ kind: 'category', categoryPath: ' Haus_Garten/Möbel ' }))).toEqual({
      edit: { kind: 'category', path: 'Haus_Garten/Möbel' },
    });
    expect(editOf(form({ kind: 'category' }))).toEqual({ missing: 'bulk.needCategory' });
  });

  it('appends a block, or replaces text', () => {
    expect(editOf(form({ kind: 'description', block: '' }))).toEqual({ missing: 'bulk.needSomething' });
    expect(
      editOf(form({ kind: 'description', descriptionMode: 'replace', find: 'alt', block: 'neu' })),
    ).toEqual({
      edit: { kind: 'description', mode: 'replace', block: 'neu', find: 'alt' },
    });
  });
});
