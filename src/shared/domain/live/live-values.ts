// One field of an ad as the listing service has it, read from a draft or from a listing, so that
// the draft, its live listing and the version both last agreed on can be compared field by field
// (live-merge.ts). Pure.
import type { Listing } from '../../service/listing';
import type { Draft } from '../drafts';
import { categorySegments, listingReference, parsePriceAmount } from '../drafts';
import { fullCategory } from './live-edit';
import type { ListingField } from './listing-fields';

/** What the comparison reads of a listing (the wire type and the view alike). */
export type ListingShown = Pick<
  Listing,
  | 'uuid'
  | 'title'
  | 'category'
  | 'description'
  | 'attributes'
  | 'adType'
  | 'adPrice'
  | 'email'
  | 'phoneNumber'
  | 'customReference'
  | 'contactPerson'
  | 'buyNow'
  | 'urls'
>;

/** A price as compared: the amount the draft's text reads as, or that text when it does not read. */
export interface PriceValue {
  type: string;
  amount: number | string | null;
}

/** A field's value in the listing's terms (JSON: it is stored with the draft). */
export type LiveValue = string | boolean | null | Record<string, string> | PriceValue | string[];

const optional = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

function trimmedAttributes(attributes: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) out[key.trim()] = value.trim();
  return out;
}

/** The draft's value of `field` as it would be sent (an unreadable price kept as typed). */
export function draftValueOf(draft: Draft, field: ListingField): LiveValue {
  switch (field) {
    case 'category':
      return categorySegments(draft.category).join('/');
    case 'attributes':
      return trimmedAttributes(draft.attributes);
    case 'price': {
      const amount = parsePriceAmount(draft.price.amount);
      return { type: draft.price.type.trim(), amount: amount.ok ? amount.value : draft.price.amount };
    }
    case 'phoneNumber':
    case 'contactPerson':
      return optional(draft[field]);
    case 'customReference':
      return listingReference(draft);
    case 'buyNow':
      return draft.buyNow;
    default:
      return draft[field].trim();
  }
}

/**
 * The listing's value of `field`. A service may show only the last segment of the category path it
 * was sent: `knownPath` (the agreed one) stands for it when that segment is its last.
 */
export function listingValueOf(
  listing: ListingShown,
  field: ListingField,
  knownPath?: string | null,
): LiveValue {
  switch (field) {
    case 'category':
      return fullCategory(listing.category, knownPath);
    case 'attributes':
      return { ...listing.attributes };
    case 'price':
      return { type: listing.adPrice.type, amount: listing.adPrice.amount };
    case 'phoneNumber':
    case 'contactPerson':
    case 'customReference':
      return optional(listing[field]);
    case 'buyNow':
      return listing.buyNow ?? null;
    default:
      return listing[field];
  }
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/** Whether two values of one field are the same (attributes whatever their key order). */
export function sameValue(a: LiveValue | undefined, b: LiveValue | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => b[i] === x);
  if ('amount' in a || 'amount' in b) {
    const [p, q] = [a as PriceValue, b as PriceValue];
    return p.type === q.type && p.amount === q.amount;
  }
  return sameRecord(a as Record<string, string>, b as Record<string, string>);
}

/** The draft with the listing's value of `field` taken in (the price as the editor holds it: text). */
export function withListingValue(draft: Draft, field: ListingField, value: LiveValue): Draft {
  switch (field) {
    case 'attributes':
      return { ...draft, attributes: { ...(value as Record<string, string>) } };
    case 'price': {
      const price = value as PriceValue;
      return {
        ...draft,
        price: { type: price.type, amount: price.amount === null ? null : String(price.amount) },
      };
    }
    case 'customReference':
      // The draft's own id is what it sends when it has no reference: it stays without one.
      return { ...draft, customReference: value === draft.id ? null : (value as string | null) };
    case 'buyNow':
      return { ...draft, buyNow: value as boolean | null };
    case 'phoneNumber':
    case 'contactPerson':
      return { ...draft, [field]: value as string | null };
    default:
      return { ...draft, [field]: (value as string | null) ?? '' };
  }
}
