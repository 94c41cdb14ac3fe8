// The ad as buyers see it on the marketplace, built from a draft (before publishing) or from a live
// listing: plain data the Preview renders. Buyers never see the street or the e-mail address (the
// marketplace keeps them back), so neither is part of it; the e-mail only sets a note for the seller.
import type { CatalogView } from '../catalog';
import type { ListingView } from '../../service/listing';
import type { Draft } from './draft';
import type { DraftLanguage } from './draft-language';
import type { Imprint } from '../publishing';
import { draftFieldLabel } from './draft-messages';
import { categorySegments, parsePriceAmount, parseRadius, validateDraft } from './draft-validation';
import { offerValueLabel } from './offer-values';

/** A photo in the order buyers see it; the first is the cover. */
export interface PreviewPhoto {
  id: string;
  /** The large picture. */
  src: string;
  /** The picture for the strip (a thumbnail where there is one). */
  thumb: string;
}

/** Where the item is, as buyers see it: never the street. */
export interface PreviewLocation {
  postalCode: string | null;
  city: string | null;
  district: string | null;
  radiusKm: number | null;
}

/** A publication's location as the app knows it for a live ad (the service shows only some of it). */
export interface PreviewLocationInput {
  postalCode?: string | null;
  city?: string | null;
  district?: string | null;
  availabilityRadiusInKm?: number | string | null;
}

export interface AdPreview {
  source: 'draft' | 'listing';
  /** Null when the seller has not typed one yet. */
  title: string | null;
  category: string[];
  adType: { value: string; label: string; wanted: boolean };
  photos: PreviewPhoto[];
  price: {
    /** Null when the amount is missing or cannot be read. */
    amount: number | null;
    /** The amount in the language's format, in euros (the editor's price field is in €). */
    text: string | null;
    type: string;
    typeLabel: string;
    /** Given away: the words stand in place of the amount. */
    free: boolean;
  };
  /** The `versand` attribute in words, null when the ad says nothing about it. */
  shipping: string | null;
  buyNow: boolean;
  /** As entered: plain text with its line breaks. */
  description: string;
  /** Every filled-in attribute but shipping (shown beside the price), in the ad's order. */
  attributes: { key: string; label: string; value: string; valueLabel: string }[];
  location: PreviewLocation | null;
  seller: { contactPerson: string | null; phoneNumber: string | null };
  /** True when the ad has an e-mail address, which buyers do not see (they write through the marketplace). */
  emailHidden: boolean;
  imprint: string | null;
  /** What still stands between a draft and publishing, one entry per field; empty for live ads. */
  missing: { field: string; label: string }[];
}

/** What the preview needs of the account: its imprints and which one is the default. */
export interface PreviewAccount {
  imprints: Imprint[];
  defaultImprintUuid: string | null;
}

type Words = Record<DraftLanguage, string>;

/**
 * The catalog's labels of keys and values (issue 33: one table for every view). Without it (not
 * loaded yet) keys and values are shown as stored.
 */
export type AttributeLabels = Pick<CatalogView, 'attributeLabel' | 'valueLabel' | 'category' | 'names'>;

// Shipping, beside the price, as a phrase buyers read rather than the bare yes or no.
const SHIPPING: Record<string, Words> = {
  ja: { en: 'Shipping possible', de: 'Versand möglich' },
  // Not in the spec; the plain opposite of `ja`, worded rather than shown as a bare "nein".
  nein: { en: 'Pickup only', de: 'Nur Abholung' },
};
const SHIPPING_KEY = 'versand';

/** What the app knows of a live ad beyond the listing: all optional, each a help where present. */
export interface LiveAdContext {
  /** The postal code of the listing's publication as the service shows it now. */
  publicationPostalCode?: string | null;
  /** The location of the draft the ad was published from. */
  linkedPlace?: PreviewLocationInput | null;
  /** The full category path (the service may answer only its last segment). */
  category?: string | null;
  /** The imprint the linked draft chose. */
  imprintUuid?: string | null;
}

/** Builds the buyer's view of a draft or of a live listing. */
export function adPreviewOf(
  ad: Draft | ListingView,
  account: PreviewAccount | null,
  {
    language,
    live = {},
    catalog,
  }: { language: DraftLanguage; live?: LiveAdContext; catalog?: AttributeLabels | undefined },
): AdPreview {
  if ('adPrice' in ad) return listingPreview(ad, account, { language, catalog }, live);
  return draftPreview(ad, account, { language, catalog });
}

/** The language of the words and the catalog's labels (undefined while it loads). */
export interface Wording {
  language: DraftLanguage;
  catalog: AttributeLabels | undefined;
}

function draftPreview(draft: Draft, account: PreviewAccount | null, wording: Wording): AdPreview {
  const amount = parsePriceAmount(draft.price.amount);
  const imprintUuid = draft.publication.imprintUuid ?? account?.defaultImprintUuid ?? null;
  return {
    source: 'draft',
    ...common(draft, amount.ok ? amount.value : null, draft.price.type, wording),
    photos: draft.photos.map((photo) => ({ id: photo.id, src: photo.file, thumb: photo.thumb })),
    location: locationOf(draft.publication),
    imprint: imprintText(account, imprintUuid),
    missing: missingOf(draft, wording.language),
  };
}

function listingPreview(
  listing: ListingView,
  account: PreviewAccount | null,
  wording: Wording,
  live: LiveAdContext,
): AdPreview {
  const view = live.category ? { ...listing, category: live.category } : listing;
  return {
    source: 'listing',
    ...common(view, listing.adPrice.amount, listing.adPrice.type, wording),
    // The order of `urls` is the display order (spec): the first is the cover.
    photos: listing.urls.map((url) => ({ id: url, src: url, thumb: url })),
    location: liveLocationOf(live.publicationPostalCode ?? null, live.linkedPlace ?? null),
    // The service gives no way to read a publication's imprint back: the linked draft's choice,
    // else the account's default, which publishing uses when the seller picks none.
    imprint: imprintText(account, live.imprintUuid ?? account?.defaultImprintUuid ?? null),
    missing: [],
  };
}

/**
 * A live ad's location: the service shows only the publication's postal code, so the linked
 * draft's place fills in the city, district and radius while it agrees with that postal code (a
 * publication moved since keeps only what the service says).
 */
export function liveLocationOf(
  postalCode: string | null,
  linkedPlace: PreviewLocationInput | null,
): PreviewLocation | null {
  const read = blankToNull(postalCode);
  if (!linkedPlace) return read ? locationOf({ postalCode: read }) : null;
  if (read === null || read === blankToNull(linkedPlace.postalCode)) return locationOf(linkedPlace);
  return locationOf({ postalCode: read });
}

type Shared = Pick<Draft, 'title' | 'category' | 'adType' | 'description' | 'attributes' | 'email'> & {
  buyNow?: boolean | null;
  contactPerson?: string | null;
  phoneNumber?: string | null;
};

function common(ad: Shared, amount: number | null, priceType: string, { language, catalog }: Wording) {
  const free = priceType.trim() === 'GIVE_AWAY';
  const shipping = Object.entries(ad.attributes).find(([key]) => key.trim() === SHIPPING_KEY)?.[1];
  return {
    title: blankToNull(ad.title),
    category: categoryWords(ad.category, { language, catalog }),
    adType: {
      value: ad.adType,
      label: offerValueLabel('adType', ad.adType, language),
      wanted: ad.adType.trim() === 'WANTED',
    },
    price: {
      amount,
      text: amount === null || (free && amount === 0) ? null : formatEuros(amount, language),
      type: priceType,
      typeLabel: offerValueLabel('priceType', priceType, language),
      free,
    },
    shipping: shipping === undefined ? null : wordsOf(SHIPPING, shipping, language),
    buyNow: ad.buyNow === true,
    description: ad.description,
    attributes: Object.entries(ad.attributes)
      // A half-typed row (no name or no value) is not something buyers would see.
      .filter(([key, value]) => key.trim() !== SHIPPING_KEY && key.trim() !== '' && value.trim() !== '')
      .map(([key, value]) => ({
        key,
        value,
        ...attributeWords(key, value, { language, catalog, category: ad.category }),
      })),
    seller: { contactPerson: blankToNull(ad.contactPerson), phoneNumber: blankToNull(ad.phoneNumber) },
    emailHidden: ad.email.trim() !== '',
  };
}

/** An amount in euros as buyers of that language read it: whole euros without cents. */
export function formatEuros(amount: number, language: DraftLanguage): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The category's names where the catalog knows its path (`Familie, Kind & Baby`, `Spielzeug`), else its segments. */
function categoryWords(path: string, { language, catalog }: Wording): string[] {
  const known = catalog?.category(path);
  if (!catalog || !known) return categorySegments(path);
  const { main, sub } = catalog.names(known, language);
  return main === sub ? [main] : [main, sub];
}

/**
 * An attribute's key and value by the catalog's labels in the category (`Zustand`: `Sehr Gut`
 * for `condition` = `like_new`); as stored where the catalog has none or is not loaded yet.
 */
export function attributeWords(
  key: string,
  value: string,
  { language, catalog, category }: Wording & { category: string },
): { label: string; valueLabel: string } {
  if (!catalog) return { label: key, valueLabel: value };
  const name = key.trim();
  return {
    label: catalog.attributeLabel(name, language),
    valueLabel: catalog.valueLabel(category.trim(), name, value.trim(), language),
  };
}

function wordsOf(table: Record<string, Words>, value: string, language: DraftLanguage): string {
  return table[value.trim()]?.[language] ?? value;
}

function blankToNull(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

function locationOf(input: PreviewLocationInput): PreviewLocation | null {
  const radius = parseRadius(input.availabilityRadiusInKm ?? null);
  const location: PreviewLocation = {
    postalCode: blankToNull(input.postalCode),
    city: blankToNull(input.city),
    district: blankToNull(input.district),
    radiusKm: radius.ok ? radius.value : null,
  };
  return location.postalCode || location.city || location.district ? location : null;
}

function imprintText(account: PreviewAccount | null, uuid: string | null): string | null {
  if (!account || !uuid) return null;
  return blankToNull(account.imprints.find((imprint) => imprint.uuid === uuid)?.content);
}

function missingOf(draft: Draft, language: DraftLanguage): AdPreview['missing'] {
  const fields = [...new Set(validateDraft(draft).map((issue) => issue.field))];
  return fields.map((field) => ({ field, label: draftFieldLabel(field, language) }));
}
