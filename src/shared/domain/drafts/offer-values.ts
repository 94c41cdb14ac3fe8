// Seller labels for the open values of `adType` and the price `type`. The spec documents only OFFER
// and FIXED ("other values: not shown"); WANTED, NEGOTIABLE and GIVE_AWAY are known from the
// marketplace behind the spec, not from the spec. Any other value may still be typed and is sent
// (and shown) as typed.
import type { DraftLanguage } from './draft-language';

export type OfferValueKind = 'adType' | 'priceType';

interface KnownValue {
  value: string;
  /** True for the values the spec documents; false for those known from the marketplace. */
  documented: boolean;
  label: Record<DraftLanguage, string>;
}

/** The values offered, in the order shown; documented first. */
export const OFFER_VALUES: Record<OfferValueKind, readonly KnownValue[]> = {
  adType: [
    { value: 'OFFER', documented: true, label: { en: 'Offer', de: 'Angebot' } },
    // Known from the marketplace, not from the spec.
    { value: 'WANTED', documented: false, label: { en: 'Wanted', de: 'Gesuch' } },
  ],
  priceType: [
    { value: 'FIXED', documented: true, label: { en: 'Fixed price', de: 'Festpreis' } },
    // Known from the marketplace, not from the spec.
    { value: 'NEGOTIABLE', documented: false, label: { en: 'Negotiable', de: 'Verhandlungsbasis' } },
    { value: 'GIVE_AWAY', documented: false, label: { en: 'Give away', de: 'Zu verschenken' } },
  ],
};

/** The known value `value` names (exactly, after trimming), if any. */
export function knownOfferValue(kind: OfferValueKind, value: string): KnownValue | undefined {
  return OFFER_VALUES[kind].find((known) => known.value === value.trim());
}

/** The seller's label of a value; an unknown value is shown as typed. */
export function offerValueLabel(kind: OfferValueKind, value: string, language: DraftLanguage): string {
  return knownOfferValue(kind, value)?.label[language] ?? value;
}

/**
 * The value a seller's text stands for: a known value when the text is its label (in either
 * language) or the value itself, ignoring case; otherwise the text as typed.
 */
export function offerValueOf(kind: OfferValueKind, text: string): string {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return text;
  const known = OFFER_VALUES[kind].find(
    (item) =>
      item.value.toLowerCase() === wanted ||
      Object.values(item.label).some((label) => label.toLowerCase() === wanted),
  );
  return known?.value ?? text;
}
