// The columns of an export: drafts and live listings as tables a spreadsheet opens and the importer
// reads back (each draft column is keyed by the import target that reads it; the headers are the
// seller's words, which the importer's header guess knows in English and German).
import type { Draft } from '../../shared/domain/drafts';
import type { ImportTarget } from '../../shared/domain/tables';
import { offerValueLabel, readPriceText } from '../../shared/domain/drafts';
import { stateMeaning } from '../../shared/domain/publishing';
import type { UiLanguage } from '../../shared/i18n-language';
import type { ListingExtras, ListingView } from '../../shared/ipc/types';
import { wordsIn } from '../i18n';

/** A cell: text, a number (a price), or empty. */
export type Cell = string | number | null;

export interface Table {
  header: string[];
  rows: Cell[][];
}

type DraftColumn = Exclude<ImportTarget, 'attribute'>;

/** The columns drafts and live listings share, first in both tables. */
const adColumns = [
  'title',
  'description',
  'price',
  'priceType',
  'category',
  'adType',
  'buyNow',
  'reference',
  'email',
  'phoneNumber',
  'contactPerson',
] as const satisfies readonly DraftColumn[];
type AdColumn = (typeof adColumns)[number];

type ListingOnly = 'state' | 'adId' | 'listingId';

// The draft's state and its ad's ID come last: the importer leaves them aside (issue 26.7).
const draftColumns: readonly (DraftColumn | 'state' | 'adId')[] = [
  ...adColumns,
  'street',
  'postalCode',
  'city',
  'district',
  'radius',
  'photos',
  'state',
  'adId',
];

/** Photo paths in one cell, one a line (the importer splits a photo cell at line breaks). */
export const PHOTO_SEPARATOR = '\n';

/** The header an export writes for a draft column, in the seller's language. */
export function columnHeader(column: DraftColumn | ListingOnly, language: UiLanguage): string {
  return wordsIn(language, 'export')(`header.${column}`);
}

function amountCell(amount: number | string | null): Cell {
  if (amount === null) return null;
  if (typeof amount === 'number') return Number.isFinite(amount) ? amount : null;
  // Stored as the seller typed it: the amount when the price reader takes it ("1.249" is 1249, as
  // the editor showed it), else the text as typed.
  const read = readPriceText(amount);
  if (read.ok) return read.amount;
  return amount.trim();
}

function yesNoCell(value: boolean | null | undefined, language: UiLanguage): Cell {
  if (value === null || value === undefined) return null;
  return wordsIn(language, 'export')(value ? 'yes' : 'no');
}

/** The attribute names of all `items`, sorted. */
function attributeNames(items: readonly { attributes: Record<string, string> }[]): string[] {
  const names = new Set<string>();
  for (const item of items) for (const name of Object.keys(item.attributes)) names.add(name);
  return [...names].sort((a, b) => a.localeCompare(b));
}

// An attribute's column is named with a prefix the importer reads back as that attribute (and so
// never clashes with a fixed column, whatever the attribute is called).
/** The header of an attribute's column. */
export function attributeHeader(name: string, language: UiLanguage): string {
  return wordsIn(language, 'export')('attribute', { name });
}

/** What a draft and a live listing share, as the export writes it. */
interface AdFields {
  title: string;
  description: string;
  amount: number | string | null;
  priceType: string;
  category: string;
  adType: string;
  buyNow?: boolean | null;
  reference?: string | null;
  email: string;
  phoneNumber?: string | null;
  contactPerson?: string | null;
}

function adCell(ad: AdFields, column: AdColumn, language: UiLanguage): Cell {
  switch (column) {
    case 'price':
      return amountCell(ad.amount);
    // In the seller's words ("Festpreis", not FIXED); the importer reads them back.
    case 'priceType':
      return offerValueLabel('priceType', ad.priceType, language);
    case 'adType':
      return offerValueLabel('adType', ad.adType, language);
    case 'buyNow':
      return yesNoCell(ad.buyNow, language);
    default:
      return ad[column] ?? null;
  }
}

const isAdColumn = (column: string): column is AdColumn => (adColumns as readonly string[]).includes(column);

/** `items` as a table of `columns` (headers in the seller's language) and one column per attribute. */
function tableOf<T extends { attributes: Record<string, string> }, C extends DraftColumn | ListingOnly>(
  items: readonly T[],
  columns: readonly C[],
  cellOf: (item: T, column: C) => Cell,
  language: UiLanguage,
): Table {
  const attributes = attributeNames(items);
  return {
    header: [
      ...columns.map((column) => columnHeader(column, language)),
      ...attributes.map((name) => attributeHeader(name, language)),
    ],
    rows: items.map((item) => [
      ...columns.map((column) => cellOf(item, column)),
      ...attributes.map((name) => item.attributes[name] ?? null),
    ]),
  };
}

/**
 * Drafts as a table; `photoPath` turns a stored photo's relative path into the file's path, `adIdOf`
 * names the ad a draft was published as (if any).
 */
export function draftsTable(
  drafts: readonly Draft[],
  language: UiLanguage,
  photoPath: (file: string) => string,
  adIdOf: (draft: Draft) => number | null = () => null,
): Table {
  const cellOf = (draft: Draft, column: DraftColumn | 'state' | 'adId'): Cell => {
    if (isAdColumn(column)) {
      const { price, customReference, ...rest } = draft;
      return adCell(
        { ...rest, amount: price.amount, priceType: price.type, reference: customReference },
        column,
        language,
      );
    }
    const place = draft.publication;
    switch (column) {
      case 'street':
        return place.street;
      case 'postalCode':
        return place.postalCode;
      case 'city':
        return place.city;
      case 'district':
        return place.district;
      case 'radius':
        return amountCell(place.availabilityRadiusInKm);
      case 'photos':
        return draft.photos.map((photo) => photoPath(photo.file)).join(PHOTO_SEPARATOR);
      case 'state':
        return wordsIn(language, 'export')(`draftState.${draft.status}`);
      case 'adId': {
        const adId = adIdOf(draft);
        return adId === null ? null : String(adId);
      }
    }
  };
  return tableOf(drafts, draftColumns, cellOf, language);
}

/** The publication states of a listing in seller words, one per publication. */
export function listingStateWords(extras: ListingExtras | undefined, language: UiLanguage): string {
  const t = wordsIn(language, 'export');
  const publications = extras?.publications ?? [];
  if (publications.length === 0) return t('state.none');
  return publications
    .map((publication) => {
      const meaning = stateMeaning(publication.actualState);
      return meaning ? t(`state.${meaning}`) : (publication.actualState ?? publication.requestedState ?? '');
    })
    .join(PHOTO_SEPARATOR);
}

const listingColumns = [...adColumns, 'photos', 'state', 'adId', 'listingId'] as const;

/** Live listings as a table: the service's fields, their photo addresses and publication states. */
export function listingsTable(
  listings: readonly ListingView[],
  extras: Record<string, ListingExtras> | undefined,
  language: UiLanguage,
): Table {
  const cellOf = (listing: ListingView, column: (typeof listingColumns)[number]): Cell => {
    if (isAdColumn(column)) {
      const { adPrice, customReference, ...rest } = listing;
      return adCell(
        { ...rest, amount: adPrice.amount, priceType: adPrice.type, reference: customReference },
        column,
        language,
      );
    }
    switch (column) {
      case 'photos':
        return listing.urls.join(PHOTO_SEPARATOR);
      case 'state':
        return listingStateWords(extras?.[listing.uuid], language);
      case 'adId': {
        const ids = (extras?.[listing.uuid]?.publications ?? []).flatMap((p) =>
          p.adId === null ? [] : [p.adId],
        );
        return ids.join(PHOTO_SEPARATOR) || null;
      }
      case 'listingId':
        return listing.uuid;
    }
  };
  return tableOf(listings, listingColumns, cellOf, language);
}
