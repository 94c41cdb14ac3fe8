// The live edit form's value and the update it makes. The form is the draft editor's own sections
// over a draft-shaped value built from the listing (one set of controls, one set of rules: issue
// 15), and the update carries only the fields whose value, as a request would send it, changed
// since the form opened (the spec's update takes each field optionally).
import type { Draft } from '../../../shared/domain/drafts';
import type { ListingPatch } from '../../../shared/domain/live';
import { LISTING_FIELDS, type ListingField } from '../../../shared/domain/live';
import {
  categorySegments,
  parsePriceAmount,
  validateListingFields,
  type DraftIssue,
} from '../../../shared/domain/drafts';
import type { ListingView } from '../../../shared/ipc/types';

/**
 * The listing as a draft the editor's sections can show: `category` is the full path where it is
 * known (the linked draft's), the price as the seller reads it in `language`. What a listing lacks
 * (location, photos) stays empty: the form does not show it.
 */
export function draftOfListing(listing: ListingView, category: string, language: string): Draft {
  return {
    version: 1,
    id: listing.uuid,
    accountId: null,
    status: 'published',
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    title: listing.title,
    category,
    description: listing.description,
    attributes: { ...listing.attributes },
    adType: listing.adType,
    price: {
      type: listing.adPrice.type,
      amount: listing.adPrice.amount.toLocaleString(language, {
        useGrouping: false,
        maximumFractionDigits: 2,
      }),
    },
    email: listing.email,
    phoneNumber: listing.phoneNumber ?? null,
    customReference: listing.customReference ?? null,
    contactPerson: listing.contactPerson ?? null,
    buyNow: listing.buyNow ?? null,
    publication: {
      street: '',
      city: '',
      district: null,
      postalCode: '',
      availabilityRadiusInKm: null,
      imprintUuid: null,
    },
    photos: [],
    remote: null,
  };
}

/** What must be fixed before the change can be sent: the draft rules of the listing's fields. */
export function liveFormIssues(form: Draft): DraftIssue[] {
  return validateListingFields(form);
}

const optional = (value: string | null) => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

// Each field as an update would send it, so "12,50" and "12.5" or a trailing space are no change.
function sent(form: Draft, field: ListingField): unknown {
  switch (field) {
    case 'category':
      return categorySegments(form.category).join('/') || form.category.trim();
    case 'attributes':
      return Object.fromEntries(Object.entries(form.attributes).map(([k, v]) => [k.trim(), v.trim()]));
    case 'price': {
      const amount = parsePriceAmount(form.price.amount);
      return { type: form.price.type.trim(), amount: amount.ok ? amount.value : form.price.amount };
    }
    case 'phoneNumber':
    case 'customReference':
    case 'contactPerson':
      return optional(form[field]);
    case 'buyNow':
      return form.buyNow;
    default:
      return form[field].trim();
  }
}

/** The fields changed between the form as it opened and now (call only when `now` has no issues). */
export function patchOf(start: Draft, now: Draft): ListingPatch {
  const patch: Record<string, unknown> = {};
  for (const field of LISTING_FIELDS) {
    const value = sent(now, field);
    if (JSON.stringify(value) !== JSON.stringify(sent(start, field))) patch[field] = value;
  }
  return patch as ListingPatch;
}
