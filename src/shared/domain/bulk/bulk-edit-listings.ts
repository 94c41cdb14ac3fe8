// Bulk edits of live listings (issue 17.4): a listing is read as a draft, so one application and
// one set of rules (bulk-edit.ts) serve both; the result is the update that carries the edit out.
import type { Draft } from '../drafts';
import {
  LIVE_BULK_KINDS,
  applyToDraft,
  changesOf,
  planDraft,
  type BulkEdit,
  type BulkRowPlan,
} from './bulk-edit';
import { validateDraft } from '../drafts';

/** The listing's editable fields, as the bulk edit reads them. */
export interface BulkListing {
  uuid: string;
  title: string;
  category?: string;
  description: string;
  attributes: Record<string, string>;
  adPrice: { type: string; amount: number };
  email: string;
  phoneNumber?: string | null;
  contactPerson?: string | null;
  adType?: string;
  customReference?: string | null;
  buyNow?: boolean | null;
}

/** The fields of a listing update that carry out the edit, as absolute values (sending them twice changes nothing). */
export interface BulkListingPatch {
  /** Sent to each publication of the listing (location, imprint). */
  publication?: {
    street?: string;
    city?: string;
    district?: string | null;
    postalCode?: string;
    availabilityRadiusInKm?: number;
    imprintUuid?: string;
  };
  price?: { type: string; amount: number };
  email?: string;
  phoneNumber?: string | null;
  contactPerson?: string | null;
  attributes?: Record<string, string>;
  description?: string;
  /** An approved change's title, category, kind of ad, reference and buy-now (issue 37.4). */
  title?: string;
  category?: string;
  adType?: string;
  customReference?: string | null;
  buyNow?: boolean | null;
}

// A listing as a draft, so one application and one set of rules serve both.
function listingAsDraft(listing: BulkListing): Draft {
  return {
    version: 1,
    id: listing.uuid,
    accountId: null,
    status: 'published',
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    title: listing.title,
    category: 'x',
    description: listing.description,
    attributes: { ...listing.attributes },
    adType: 'OFFER',
    price: { type: listing.adPrice.type, amount: listing.adPrice.amount },
    email: listing.email,
    phoneNumber: listing.phoneNumber ?? null,
    customReference: null,
    contactPerson: listing.contactPerson ?? null,
    buyNow: null,
    publication: {
      street: 'x',
      city: 'x',
      district: 'x',
      postalCode: '00000',
      availabilityRadiusInKm: 1,
      imprintUuid: null,
    },
    photos: [],
    remote: null,
  };
}

/** The plan of one live listing under the edit, and the update that carries it out (null: none). */
export function planListing(
  listing: BulkListing,
  edit: BulkEdit,
): { plan: BulkRowPlan; patch: BulkListingPatch | null } {
  const { uuid: id, title } = listing;
  if (!LIVE_BULK_KINDS.includes(edit.kind))
    return { plan: { id, title, outcome: 'invalid', changes: [], reason: 'not-for-live' }, patch: null };
  if (edit.kind === 'imprint' || edit.kind === 'location') return planPublications(listing, edit);
  const before = listingAsDraft(listing);
  const { plan, draft: after } = planDraft(before, edit);
  if (plan.outcome !== 'change') return { plan: { ...plan, id, title }, patch: null };
  const patch: BulkListingPatch = {};
  for (const change of plan.changes) {
    if (change.field === 'price')
      patch.price = { type: listing.adPrice.type, amount: Number(after.price.amount) };
    else if (change.field === 'email') patch.email = after.email;
    else if (change.field === 'phoneNumber') patch.phoneNumber = after.phoneNumber;
    else if (change.field === 'contactPerson') patch.contactPerson = after.contactPerson;
    else if (change.field === 'attribute') patch.attributes = after.attributes;
    else if (change.field === 'description') patch.description = after.description;
  }
  return { plan: { ...plan, id, title }, patch };
}

/**
 * Location or imprint of a live listing: sent to each of its publications as the values given. The
 * spec shows no way to read a publication's street, city or imprint back, so "before" is unknown;
 * the values are still checked by the draft rules (a postal code of five digits, ...).
 */
function planPublications(
  listing: BulkListing,
  edit: Extract<BulkEdit, { kind: 'imprint' | 'location' }>,
): { plan: BulkRowPlan; patch: BulkListingPatch | null } {
  const { uuid: id, title } = listing;
  if (edit.kind === 'imprint' && edit.imprintUuid.trim() === '')
    return { plan: { id, title, outcome: 'invalid', changes: [], reason: 'imprint-required' }, patch: null };
  const base = listingAsDraft(listing);
  // Blank values, so that every given value counts as a change and is checked by the rules.
  base.publication = {
    street: '',
    city: '',
    district: null,
    postalCode: '',
    availabilityRadiusInKm: null,
    imprintUuid: null,
  };
  const { draft: after, reason } = applyToDraft(base, edit);
  if (reason) return { plan: { id, title, outcome: 'invalid', changes: [], reason }, patch: null };
  const changes = changesOf(base, after).map((change) => ({ ...change, before: null, beforeUnknown: true }));
  const checked = listingAsDraft(listing);
  const issues = validateDraft({
    ...checked,
    publication: { ...checked.publication, ...given(after, edit) },
  }).filter((issue) => issue.field.startsWith('publication.'));
  if (issues.length > 0)
    return {
      plan: { id, title, outcome: 'invalid', changes, reason: 'becomes-invalid', issues },
      patch: null,
    };
  return { plan: { id, title, outcome: 'change', changes }, patch: { publication: given(after, edit) } };
}

/** The publication values an edit gives (only those). */
function given(after: Draft, edit: Extract<BulkEdit, { kind: 'imprint' | 'location' }>) {
  const p = after.publication;
  if (edit.kind === 'imprint') return { imprintUuid: p.imprintUuid ?? '' };
  return {
    ...(edit.street !== undefined && { street: p.street }),
    ...(edit.city !== undefined && { city: p.city }),
    ...(edit.district !== undefined && { district: p.district }),
    ...(edit.postalCode !== undefined && { postalCode: p.postalCode }),
    ...(edit.availabilityRadiusInKm !== undefined && {
      availabilityRadiusInKm: Number(p.availabilityRadiusInKm),
    }),
  };
}

/** True when the listing already carries every value of `patch` (the update has landed). */
export function listingHasPatch(listing: BulkListing, patch: BulkListingPatch): boolean {
  const same = (a: string | null | undefined, b: string | null | undefined) => (a || null) === (b || null);
  if (patch.price && Math.round(listing.adPrice.amount * 100) !== Math.round(patch.price.amount * 100))
    return false;
  if (patch.email !== undefined && listing.email !== patch.email) return false;
  if (patch.phoneNumber !== undefined && !same(listing.phoneNumber, patch.phoneNumber)) return false;
  if (patch.contactPerson !== undefined && !same(listing.contactPerson, patch.contactPerson)) return false;
  if (patch.description !== undefined && listing.description !== patch.description) return false;
  if (patch.title !== undefined && listing.title !== patch.title) return false;
  if (patch.category !== undefined && listing.category !== patch.category) return false;
  if (patch.adType !== undefined && listing.adType !== patch.adType) return false;
  if (patch.customReference !== undefined && !same(listing.customReference, patch.customReference))
    return false;
  if (patch.buyNow !== undefined && (listing.buyNow ?? null) !== (patch.buyNow ?? null)) return false;
  if (patch.attributes !== undefined) {
    const a = Object.entries(listing.attributes).sort(([x], [y]) => x.localeCompare(y));
    const b = Object.entries(patch.attributes).sort(([x], [y]) => x.localeCompare(y));
    if (JSON.stringify(a) !== JSON.stringify(b)) return false;
  }
  return true;
}
