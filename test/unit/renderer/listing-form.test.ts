import { describe, expect, it } from 'vitest';
import type { ListingView } from '../../../src/shared/ipc/types';
import { formOf, patchOf } from '../../../src/renderer/views/listings/listing-form';
import { sampleListing } from '../../fixtures/listings';

const listing: ListingView = sampleListing({ urls: [] });

describe('the live-ad form', () => {
  it('sends nothing when nothing changed, in German number format too', () => {
    expect(patchOf(listing, formOf(listing, 'de'))).toEqual({ patch: {}, problems: [] });
    expect(formOf(listing, 'de').price).toBe('120,5');
  });

  it('sends only the changed fields: price, a cleared contact, a new attribute', () => {
    const form = {
      ...formOf(listing, 'en'),
      price: '99,90',
      contactPerson: ' ',
      attributes: 'condition = like_new\nversand = ja\nart = Kühlschrank',
    };
    expect(patchOf(listing, form)).toEqual({
      patch: {
        price: { type: 'FIXED', amount: 99.9 },
        contactPerson: null,
        attributes: { condition: 'like_new', versand: 'ja', art: 'Kühlschrank' },
      },
      problems: [],
    });
  });

  it('names what it cannot read instead of sending it', () => {
    const form = { ...formOf(listing, 'en'), price: '-1', attributes: 'no equals sign', title: 'Neu' };
    expect(patchOf(listing, form)).toEqual({ patch: { title: 'Neu' }, problems: ['price', 'attributes'] });
    expect(patchOf(listing, { ...formOf(listing, 'en'), price: 'abc' }).problems).toEqual(['price']);
  });
});
