import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AD_TYPE,
  DEFAULT_PRICE_TYPE,
  draftSchema,
  newDraft,
  parseStoredDraft,
  photosBelongToDraft,
} from '../../../src/shared/domain/drafts/draft';
import { draftId, fakePhoto, sampleDraft } from '../../fixtures/drafts';

const id = draftId(1);
const now = new Date('2024-06-01T12:00:00.000Z');

describe('the stored draft', () => {
  it('starts empty with the spec defaults OFFER and FIXED, and is accepted incomplete', () => {
    const draft = newDraft({}, { id, now });
    expect(draft).toMatchObject({
      version: 1,
      id,
      status: 'draft',
      title: '',
      adType: DEFAULT_AD_TYPE,
      price: { type: DEFAULT_PRICE_TYPE, amount: null },
      publication: { street: '', availabilityRadiusInKm: null, imprintUuid: null },
      photos: [],
      remote: null,
      createdAt: now.toISOString(),
    });
    expect(DEFAULT_AD_TYPE).toBe('OFFER');
    expect(DEFAULT_PRICE_TYPE).toBe('FIXED');
    expect(parseStoredDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('is filled from account defaults and keeps other ad and price types', () => {
    const draft = newDraft(
      {
        accountId: 'acc-1',
        email: 'a@b.de',
        adType: 'WANTED',
        price: { type: 'NEGOTIABLE' },
        publication: { city: 'Köln', postalCode: '50667' },
      },
      { id, now },
    );
    expect(draft).toMatchObject({
      accountId: 'acc-1',
      email: 'a@b.de',
      adType: 'WANTED',
      price: { type: 'NEGOTIABLE', amount: null },
      publication: { city: 'Köln', postalCode: '50667', street: '' },
    });
  });

  it('keeps the raw text the seller typed in number fields', () => {
    for (const amount of ['-1', 'abc', '12,50', 3.5, null]) {
      const draft = sampleDraft(id, { price: { type: 'FIXED', amount } });
      expect(draftSchema.parse(draft).price.amount).toEqual(amount);
    }
  });

  it('refuses unknown versions and ids that are not UUIDs', () => {
    expect(() => parseStoredDraft({ ...sampleDraft(id), version: 2 })).toThrow();
    expect(() => parseStoredDraft({ ...sampleDraft(id), id: '../../etc/passwd' })).toThrow();
  });

  it('refuses photo paths that leave the photos folder', () => {
    const bad = [
      '/etc/passwd',
      '../secret.jpg',
      'photos/../../x.jpg',
      'photos/a/./b.jpg',
      'C:\\x.jpg',
      'photos/x.jpg',
    ];
    for (const file of bad) {
      const draft = sampleDraft(id, { photos: [{ ...fakePhoto(id, 0), file }] });
      expect(draftSchema.safeParse(draft).success, file).toBe(false);
    }
  });

  it('knows whether every photo lies in the draft’s own folder', () => {
    expect(photosBelongToDraft(sampleDraft(id, {}, 3))).toBe(true);
    const other = { ...fakePhoto(draftId(2), 0) };
    expect(photosBelongToDraft(sampleDraft(id, { photos: [other] }))).toBe(false);
  });
});
