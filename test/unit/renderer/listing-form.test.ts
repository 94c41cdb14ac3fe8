import { describe, expect, it } from 'vitest';
import type { ListingView } from '../../../src/shared/ipc/types';
import { draftOfListing, liveFormIssues, patchOf } from '../../../src/renderer/views/listings/listing-form';
import { sampleListing } from '../../fixtures/listings';

const listing: ListingView = sampleListing({ urls: [] });
const start = (language = 'en', category = 'Haushalt/Kühlschränke') =>
  draftOfListing(listing, category, language);

describe('the live-ad form (the draft editor over the listing)', () => {
  it('holds the full category path and the price in the seller’s number format, and sends nothing unchanged', () => {
    const form = start('de');
    expect(form.category).toBe('Haushalt/Kühlschränke');
    expect(form.price).toEqual({ type: 'FIXED', amount: '120,5' });
    expect(liveFormIssues(form)).toEqual([]);
    // "120.5" typed in the other format, spaces around a name: no change.
    expect(
      patchOf(form, { ...form, price: { ...form.price, amount: '120.5' }, title: ' Kühlschrank ' }),
    ).toEqual({});
  });

  it('sends only the changed fields: category path, price, a cleared contact, a new attribute', () => {
    const form = start();
    const now = {
      ...form,
      category: 'Haushalt / Gefriertruhen',
      price: { type: 'NEGOTIABLE', amount: '99,90' },
      contactPerson: ' ',
      attributes: { ...form.attributes, art: ' Truhe ' },
    };
    expect(patchOf(form, now)).toEqual({
      category: 'Haushalt/Gefriertruhen',
      price: { type: 'NEGOTIABLE', amount: 99.9 },
      contactPerson: null,
      attributes: { condition: 'like_new', versand: 'ja', art: 'Truhe' },
    });
  });

  it('names with the draft rules what cannot be sent', () => {
    const form = { ...start(), price: { type: 'FIXED', amount: '-1' }, attributes: { ' ': 'x' }, title: '' };
    expect(liveFormIssues(form).map((issue) => issue.field)).toEqual(['title', 'attributes', 'price.amount']);
  });
});
