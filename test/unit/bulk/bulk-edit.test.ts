// The pure bulk edit: prices by value and percentage under each rounding, contact data, location,
// imprint, attributes, description blocks, and the ads that would not change or would become invalid.
import { describe, expect, it } from 'vitest';
import {
  bulkEditSchema,
  editedDescription,
  newPriceCents,
  planDraft,
  roundCents,
  type BulkEdit,
  type PriceRounding,
} from '../../../src/shared/domain/bulk/bulk-edit';
import {
  listingHasPatch,
  planListing,
  type BulkListing,
} from '../../../src/shared/domain/bulk/bulk-edit-listings';
import { sampleDraft } from '../../fixtures/drafts';

const price = (
  mode: 'set' | 'percent',
  value: number,
  rounding: PriceRounding,
): Extract<BulkEdit, { kind: 'price' }> => ({
  kind: 'price',
  mode,
  value,
  rounding,
});

describe('roundCents', () => {
  it.each([
    // [cents, rounding, expected]
    [2199, 'none', 2199],
    [2149, 'euro', 2100],
    [2150, 'euro', 2200],
    [2199, '99', 2199],
    [2200, '99', 2199],
    [2149, '99', 2199],
    [2148, '99', 2099],
    [2249, '99', 2299],
    [50, '99', 99],
    [2190, '90', 2190],
    [2139, '90', 2090],
    [2140, '90', 2190],
    [2195, '90', 2190],
    [2241, '90', 2290],
    [10, '90', 90],
    [2249, '5', 2000],
    [2250, '5', 2500],
    [2749, '5', 2500],
    [2750, '5', 3000],
  ] as const)('%i cents rounded %s is %i', (cents, rounding, expected) => {
    expect(roundCents(cents, rounding)).toBe(expected);
  });
});

describe('newPriceCents', () => {
  it('raises by a percentage in whole cents, then rounds', () => {
    expect(newPriceCents(19.99, price('percent', 10, 'none'))).toBe(2199);
    expect(newPriceCents(19.99, price('percent', 10, '99'))).toBe(2199);
    expect(newPriceCents(45, price('percent', 10, '99'))).toBe(4999);
    expect(newPriceCents(100, price('percent', -15, 'euro'))).toBe(8500);
    expect(newPriceCents(0.1, price('percent', 10, 'none'))).toBe(11);
  });
  it('sets a value, rounded as chosen', () => {
    expect(newPriceCents(null, price('set', 20, '99'))).toBe(1999);
    expect(newPriceCents(5, price('set', 12.345, 'none'))).toBe(1235);
  });
  it('has no percentage of a missing price', () => {
    expect(newPriceCents(null, price('percent', 10, 'none'))).toBeNull();
  });
});

describe('the edit schema', () => {
  it('refuses a percentage below -100 and an empty attribute name', () => {
    expect(bulkEditSchema.safeParse(price('percent', -101, 'none')).success).toBe(false);
    expect(bulkEditSchema.safeParse({ kind: 'attribute', name: ' ', value: 'x' }).success).toBe(false);
    expect(bulkEditSchema.safeParse({ kind: 'price', mode: 'set', value: 1, rounding: '7' }).success).toBe(
      false,
    );
  });
});

describe('planDraft', () => {
  const draft = (amount: number | string | null, extra = {}) =>
    sampleDraft('d1', { price: { type: 'FIXED', amount }, ...extra });

  it('changes a typed price ("19,99") by 10 % to .99 and names before and after', () => {
    const { plan, draft: after } = planDraft(draft('19,99'), price('percent', 10, '99'));
    expect(plan.outcome).toBe('change');
    expect(plan.changes).toEqual([{ field: 'price', before: '19.99', after: '21.99' }]);
    expect(after.price.amount).toBe(21.99);
  });

  it('leaves a draft whose price would not change as "same", its typed text untouched', () => {
    const { plan, draft: after } = planDraft(draft('21,99'), price('set', 21.99, 'none'));
    expect(plan.outcome).toBe('same');
    expect(after.price.amount).toBe('21,99');
  });

  it('names a draft without a price under a percentage, and a price that would become 0', () => {
    expect(planDraft(draft(null), price('percent', 10, 'none')).plan).toMatchObject({
      outcome: 'invalid',
      reason: 'no-price',
    });
    expect(planDraft(draft(10), price('percent', -100, 'none')).plan).toMatchObject({
      outcome: 'invalid',
      reason: 'price-zero',
    });
    expect(planDraft(draft(3), price('set', 1, '5')).plan).toMatchObject({ reason: 'price-zero' });
  });

  it('refuses an implausible e-mail and names a change that would make the draft invalid', () => {
    expect(planDraft(draft(10), { kind: 'contact', email: 'nope' }).plan.reason).toBe('email-invalid');
    const long = planDraft(draft(10), { kind: 'description', mode: 'append', block: 'x'.repeat(20_000) });
    expect(long.plan.outcome).toBe('invalid');
    expect(long.plan.reason).toBe('becomes-invalid');
    expect(long.plan.issues).toEqual([expect.objectContaining({ field: 'description', code: 'too-long' })]);
    expect(long.draft.description).toBe(draft(10).description);
  });

  it('sets contact data, location and imprint', () => {
    const contact = planDraft(draft(10), { kind: 'contact', phoneNumber: '030 1234', contactPerson: '' });
    expect(contact.draft.phoneNumber).toBe('030 1234');
    expect(contact.draft.contactPerson).toBeNull();
    const location = planDraft(draft(10), { kind: 'location', city: 'Hamburg', postalCode: '20095' });
    expect(location.plan.changes).toEqual([
      { field: 'city', before: 'Berlin', after: 'Hamburg' },
      { field: 'postalCode', before: '10115', after: '20095' },
    ]);
    expect(location.draft.publication).toMatchObject({ city: 'Hamburg', postalCode: '20095' });
    const imprint = planDraft(draft(10), { kind: 'imprint', imprintUuid: 'imp-1' });
    expect(imprint.plan.changes).toEqual([
      { field: 'imprint', before: draft(10).publication.imprintUuid, after: 'imp-1' },
    ]);
  });

  it('sets and removes one attribute', () => {
    const base = draft(10, { attributes: { zustand: 'gut', farbe: 'rot' } });
    const set = planDraft(base, { kind: 'attribute', name: 'zustand', value: 'neu' });
    expect(set.draft.attributes).toEqual({ zustand: 'neu', farbe: 'rot' });
    expect(set.plan.changes).toEqual([{ field: 'attribute', name: 'zustand', before: 'gut', after: 'neu' }]);
    const removed = planDraft(base, { kind: 'attribute', name: 'farbe', value: null });
    expect(removed.draft.attributes).toEqual({ zustand: 'gut' });
    expect(planDraft(base, { kind: 'attribute', name: 'groesse', value: null }).plan.outcome).toBe('same');
  });

  it('sets a category, and for a kind its attribute too (issue 33.2)', () => {
    const base = draft(10, { category: 'Haus_Garten/Sonstiges', attributes: { art: 'alt', farbe: 'rot' } });
    const lego = planDraft(base, {
      kind: 'category',
      path: ' Familie_Kind_Baby/Spielzeug ',
      attribute: { key: 'art', value: 'lego_duplo' },
    });
    expect(lego.draft.category).toBe('Familie_Kind_Baby/Spielzeug');
    expect(lego.draft.attributes).toEqual({ art: 'lego_duplo', farbe: 'rot' });
    expect(lego.plan.changes).toEqual([
      { field: 'category', before: 'Haus_Garten/Sonstiges', after: 'Familie_Kind_Baby/Spielzeug' },
      { field: 'attribute', name: 'art', before: 'alt', after: 'lego_duplo' },
    ]);
    const plain = planDraft(base, { kind: 'category', path: 'Haus_Garten/Sonstiges' });
    expect(plain.plan.outcome).toBe('same');
    expect(bulkEditSchema.safeParse({ kind: 'category', path: ' ' }).success).toBe(false);
  });
});

describe('editedDescription', () => {
  it('appends a block once, after a blank line', () => {
    const edit = { kind: 'description', mode: 'append', block: 'Versand möglich.' } as const;
    const once = editedDescription('Gut erhalten.', edit);
    expect(once).toBe('Gut erhalten.\n\nVersand möglich.');
    expect(editedDescription(once, edit)).toBe(once);
    expect(editedDescription('', edit)).toBe('Versand möglich.');
  });
  it('replaces a block, or the whole text when no block is named', () => {
    const edit = { kind: 'description', mode: 'replace', find: 'Abholung', block: 'Versand' } as const;
    expect(editedDescription('Nur Abholung. Abholung in Berlin.', edit)).toBe(
      'Nur Versand. Versand in Berlin.',
    );
    expect(editedDescription('alt', { kind: 'description', mode: 'replace', block: 'neu' })).toBe('neu');
  });
});

describe('planListing', () => {
  const listing: BulkListing = {
    uuid: 'l1',
    title: 'Fahrrad',
    description: 'Ein Rad.',
    attributes: { zustand: 'gut' },
    adPrice: { type: 'FIXED', amount: 100 },
    email: 'a@example.com',
    phoneNumber: null,
    contactPerson: null,
  };

  it('makes an update of absolute values that the listing then carries', () => {
    const { plan, patch } = planListing(listing, price('percent', 10, '99'));
    expect(plan.changes).toEqual([{ field: 'price', before: '100.00', after: '109.99' }]);
    expect(patch).toEqual({ price: { type: 'FIXED', amount: 109.99 } });
    expect(listingHasPatch(listing, patch!)).toBe(false);
    expect(listingHasPatch({ ...listing, adPrice: { type: 'FIXED', amount: 109.99 } }, patch!)).toBe(true);
  });

  it('leaves a live ad out of a category change: it is a change of drafts', () => {
    const { plan } = planListing(listing, { kind: 'category', path: 'Familie_Kind_Baby/Spielzeug' });
    expect(plan).toMatchObject({ outcome: 'invalid', reason: 'not-for-live' });
  });

  it('sends the whole attribute map and compares it regardless of order', () => {
    const { patch } = planListing(listing, { kind: 'attribute', name: 'farbe', value: 'blau' });
    expect(patch).toEqual({ attributes: { zustand: 'gut', farbe: 'blau' } });
    expect(listingHasPatch({ ...listing, attributes: { farbe: 'blau', zustand: 'gut' } }, patch!)).toBe(true);
  });

  it('sends location and imprint to the publications, their values before unknown', () => {
    const { plan, patch } = planListing(listing, { kind: 'location', city: 'Köln', postalCode: '50667' });
    expect(plan.outcome).toBe('change');
    expect(plan.changes).toEqual([
      { field: 'city', before: null, after: 'Köln', beforeUnknown: true },
      { field: 'postalCode', before: null, after: '50667', beforeUnknown: true },
    ]);
    expect(patch).toEqual({ publication: { city: 'Köln', postalCode: '50667' } });
    expect(planListing(listing, { kind: 'imprint', imprintUuid: 'imp-1' }).patch).toEqual({
      publication: { imprintUuid: 'imp-1' },
    });
  });

  it('names a location the rules refuse, and an imprint left empty', () => {
    const bad = planListing(listing, { kind: 'location', postalCode: '123' });
    expect(bad.plan).toMatchObject({ outcome: 'invalid', reason: 'becomes-invalid' });
    expect(bad.plan.issues).toEqual([expect.objectContaining({ field: 'publication.postalCode' })]);
    expect(bad.patch).toBeNull();
    expect(planListing(listing, { kind: 'imprint', imprintUuid: ' ' }).plan.reason).toBe('imprint-required');
  });
});
