// What an imported row changes in an existing draft (issue 23.2) and a row's extra cells (issue
// 23.3): only the fields the row gives, prices compared as numbers, an empty cell never blanks a
// field, and a cell past the header's end is a problem that names it.
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  draftChanges,
  photoChange,
  rowPaths,
} from '../../../src/shared/domain/tables/import-compare';
import { tableRowToDraft } from '../../../src/shared/domain/tables/import-rows';
import { sampleDraft } from '../../fixtures/drafts';

const id = '7d1f2c3a-6b5e-4c1d-9a2b-3c4d5e6f7a8b';

describe('draftChanges', () => {
  const draft = sampleDraft(id, {
    title: 'Tisch',
    price: { type: 'FIXED', amount: '149,00' },
    phoneNumber: '030 1',
  });

  it('names only the fields the row gives that differ; a price as typed equals the same number', () => {
    const row = { title: 'Tisch', price: { amount: 149 }, attributes: { Farbe: 'rot' } };
    expect(rowPaths(row)).toEqual(['title', 'price.amount', 'attributes.Farbe']);
    const changes = draftChanges(draft, { ...row, price: { type: 'FIXED', amount: 149 } }, row);
    expect(changes).toEqual([{ field: 'attributes.Farbe', before: null, after: 'rot' }]);
  });

  it('leaves a field alone where the row’s cell is empty', () => {
    const row = { title: 'Tisch', phoneNumber: null, price: { amount: null } };
    expect(rowPaths(row)).toEqual(['title']);
    expect(draftChanges(draft, row, row)).toEqual([]);
  });

  it('applies the changes to a copy, keeping what the row does not name', () => {
    const row = { title: 'Tisch aus Eiche', price: { amount: 139 }, publication: { city: 'Potsdam' } };
    const changes = draftChanges(draft, row, row);
    expect(changes.map((c) => c.field)).toEqual(['title', 'price.amount', 'publication.city']);
    const next = applyChanges(draft, row, changes);
    expect(next).toMatchObject({
      title: 'Tisch aus Eiche',
      price: { type: 'FIXED', amount: 139 },
      phoneNumber: '030 1',
      publication: { city: 'Potsdam', street: draft.publication.street },
    });
    expect(draft.title).toBe('Tisch');
  });

  it('says photos change only when the row names others, in order', () => {
    expect(photoChange(['a.png', 'b.png'], ['a.png', 'b.png'])).toBeNull();
    expect(photoChange(['a.png'], [])).toBeNull();
    expect(photoChange(['a.png', 'b.png'], ['b.png', 'a.png'])).toEqual({
      field: 'photos',
      before: 'a.png, b.png',
      after: 'b.png, a.png',
    });
  });
});

describe('extra cells', () => {
  it('refuses a row with cells past the header, naming them; empty ones do not count', () => {
    const header = ['Titel', 'Bild'];
    const mapping = ['title', 'photos'] as const;
    const split = tableRowToDraft(header, [...mapping], ['Lampe', 'a.jpg', ' b.jpg', '']);
    expect(split.problems).toContainEqual({ code: 'extra-cells', severity: 'error', names: ['b.jpg'] });
    expect(tableRowToDraft(header, [...mapping], ['Lampe', 'a.jpg', '', '']).problems).toEqual([]);
  });
});
