import { describe, expect, it } from 'vitest';
import {
  knownOfferValue,
  offerValueLabel,
  offerValueOf,
} from '../../../src/shared/domain/drafts/offer-values';

describe('labels of ad types and price types', () => {
  it('names the documented values and those known from the marketplace, in English and German', () => {
    expect(['OFFER', 'WANTED'].map((v) => offerValueLabel('adType', v, 'en'))).toEqual(['Offer', 'Wanted']);
    expect(['OFFER', 'WANTED'].map((v) => offerValueLabel('adType', v, 'de'))).toEqual(['Angebot', 'Gesuch']);
    expect(['FIXED', 'NEGOTIABLE', 'GIVE_AWAY'].map((v) => offerValueLabel('priceType', v, 'en'))).toEqual([
      'Fixed price',
      'Negotiable',
      'Give away',
    ]);
    expect(['FIXED', 'NEGOTIABLE', 'GIVE_AWAY'].map((v) => offerValueLabel('priceType', v, 'de'))).toEqual([
      'Festpreis',
      'Verhandlungsbasis',
      'Zu verschenken',
    ]);
    expect(knownOfferValue('priceType', 'FIXED')?.documented).toBe(true);
    expect(knownOfferValue('priceType', 'GIVE_AWAY')?.documented).toBe(false);
  });

  it('shows an unknown value as typed and keeps it', () => {
    expect(offerValueLabel('priceType', 'AUCTION', 'de')).toBe('AUCTION');
    expect(offerValueOf('priceType', 'AUCTION')).toBe('AUCTION');
    expect(offerValueOf('priceType', 'Festprei')).toBe('Festprei');
  });

  it('reads a label in either language, or the value in any case, as the value', () => {
    expect(offerValueOf('priceType', 'Festpreis')).toBe('FIXED');
    expect(offerValueOf('priceType', 'negotiable')).toBe('NEGOTIABLE');
    expect(offerValueOf('adType', ' Gesuch ')).toBe('WANTED');
    expect(offerValueOf('adType', 'offer')).toBe('OFFER');
  });
});
