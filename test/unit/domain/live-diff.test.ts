// The comparison of a published draft with its live listing, and of a listing edit with the listing.
import { describe, expect, it } from 'vitest';
import {
  compareWithListing,
  desiredOrder,
  listingPatchChanges,
  sameCategory,
  type ListingFields,
} from '../../../src/shared/domain/live/live-diff';
import { sampleListing } from '../../fixtures/listings';

const M = 'http://media.test/media';

const listing = sampleListing;

function request(overrides: Partial<ListingFields> = {}): ListingFields {
  return {
    title: 'Kühlschrank',
    category: 'Haushalt/Kühlschränke',
    description: 'Gut erhalten.',
    attributes: { versand: 'ja', condition: 'like_new' },
    adType: 'OFFER',
    price: { type: 'FIXED', amount: 120.5 },
    email: 'seller@example.de',
    phoneNumber: null,
    customReference: 'REF-1',
    contactPerson: 'Erika',
    buyNow: false,
    ...overrides,
  };
}

const photos = [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }];
const urls = { p1: `${M}/a`, p2: `${M}/b`, p3: `${M}/c` };

describe('compareWithListing', () => {
  it('finds nothing when the draft is what the listing shows (category as its last segment)', () => {
    const result = compareWithListing(request(), photos, urls, listing());
    expect(result).toEqual({ fields: [], update: {}, addedPhotoIds: [], removedUrls: [], reordered: false });
  });

  it('takes the category as the same when the listing returns the full path', () => {
    expect(
      compareWithListing(request(), photos, urls, listing({ category: 'Haushalt/Kühlschränke' })).fields,
    ).toEqual([]);
  });

  it('sees a different category, whichever form the listing returns', () => {
    expect(compareWithListing(request(), photos, urls, listing({ category: 'Herde' })).fields).toEqual([
      'category',
    ]);
    expect(
      compareWithListing(request(), photos, urls, listing({ category: 'Küche/Kühlschränke' })).fields,
    ).toEqual(['category']);
  });

  it('names each changed field and carries the draft values to send', () => {
    const result = compareWithListing(
      request({ price: { type: 'FIXED', amount: 99 }, title: 'Neu', attributes: { condition: 'used' } }),
      photos,
      urls,
      listing(),
    );
    expect(result.fields).toEqual(['title', 'attributes', 'price']);
    expect(result.update).toEqual({
      title: 'Neu',
      attributes: { condition: 'used' },
      price: { type: 'FIXED', amount: 99 },
    });
  });

  it('treats null, missing and empty optional texts alike, and a null buyNow as not said', () => {
    const shown = listing({ phoneNumber: '', contactPerson: undefined, buyNow: true });
    const result = compareWithListing(request({ contactPerson: null, buyNow: null }), photos, urls, shown);
    expect(result.fields).toEqual([]);
    const asked = (fields: Partial<ListingFields>) =>
      request({ contactPerson: null, buyNow: null, ...fields });
    expect(compareWithListing(asked({ buyNow: false }), photos, urls, shown).fields).toEqual(['buyNow']);
    expect(compareWithListing(asked({ phoneNumber: '+49 30 1' }), photos, urls, shown).fields).toEqual([
      'phoneNumber',
    ]);
  });

  it('counts photos added, removed and reordered', () => {
    const draftPhotos = [{ id: 'p3' }, { id: 'p1' }, { id: 'p4' }, { id: 'p5' }];
    const known = { ...urls, p5: `${M}/gone` };
    const result = compareWithListing(request(), draftPhotos, known, listing());
    expect(result.addedPhotoIds).toEqual(['p4', 'p5']);
    expect(result.removedUrls).toEqual([`${M}/b`]);
    expect(result.reordered).toBe(true);
  });

  it('does not call the order changed when only added or removed photos differ', () => {
    const result = compareWithListing(
      request(),
      [{ id: 'p1' }, { id: 'new' }, { id: 'p3' }],
      urls,
      listing(),
    );
    expect(result).toMatchObject({ addedPhotoIds: ['new'], removedUrls: [`${M}/b`], reordered: false });
  });

  it('adds anew a second photo claiming a URL already claimed', () => {
    const result = compareWithListing(
      request(),
      [{ id: 'p1' }, { id: 'x' }],
      { p1: `${M}/a`, x: `${M}/a` },
      listing({ urls: [`${M}/a`] }),
    );
    expect(result).toMatchObject({ addedPhotoIds: ['x'], removedUrls: [], reordered: false });
  });
});

describe('listingPatchChanges', () => {
  it('drops the fields equal to the listing and keeps the others', () => {
    const patch = {
      title: 'Kühlschrank',
      price: { type: 'FIXED', amount: 100 },
      attributes: { versand: 'ja', condition: 'like_new' },
      phoneNumber: null,
      contactPerson: null,
      buyNow: false,
    };
    expect(listingPatchChanges(patch, listing())).toEqual({
      price: { type: 'FIXED', amount: 100 },
      contactPerson: null,
    });
  });

  it('takes a category as typed: only the very same text is no change', () => {
    expect(listingPatchChanges({ category: 'Kühlschränke' }, listing())).toEqual({});
    expect(listingPatchChanges({ category: 'Haushalt/Kühlschränke' }, listing())).toEqual({
      category: 'Haushalt/Kühlschränke',
    });
  });
});

describe('sameCategory and desiredOrder', () => {
  it('matches a path with its last segment only when the listing shows a single segment', () => {
    expect(sameCategory('A/B', 'B')).toBe(true);
    expect(sameCategory('A/B', 'A/B')).toBe(true);
    expect(sameCategory('A/B', 'C/B')).toBe(false);
    expect(sameCategory('B', 'A/B')).toBe(false);
  });

  it('puts the draft photos first in its order, then whatever else the listing shows', () => {
    const order = desiredOrder([{ id: 'p3' }, { id: 'p1' }, { id: 'none' }], urls, [
      `${M}/a`,
      `${M}/b`,
      `${M}/c`,
      `${M}/d`,
    ]);
    expect(order).toEqual([`${M}/c`, `${M}/a`, `${M}/b`, `${M}/d`]);
  });
});
