// Four eyes (issue 37.4): a desk's request to publish a draft (or change a live ad) waits for another
// desk allowed to publish, which approves it (exactly what the request shows is sent) or sends it
// back with a note; an edit of the draft withdraws it.
import type { Draft } from '../drafts';

export const APPROVAL_KINDS = ['publish', 'change', 'pause', 'end', 'price'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export type ApprovalState = 'waiting' | 'approved' | 'sent-back' | 'withdrawn';

/** The ad as buyers will see it, as the request carries it: what is sent, photos by content hash. */
export interface ApprovalAd {
  title: string;
  description: string;
  price: { type: string; amount: string | number | null };
  category: string;
  attributes: Record<string, string>;
  adType: string;
  location: { postalCode: string; city: string; district: string | null };
  /** In the order buyers see them; `hash` is the sha-256 of the file sent. */
  photos: { id: string; hash: string }[];
  account: string;
  /**
   * A live ad's contact and buy-now as the request carries them (a change may change them); left out
   * of a first publishing's ad and of requests made before they were carried.
   */
  contact?: LiveContact;
}

/** A live ad's contact fields and its buy-now, as a change request carries them. */
export interface LiveContact {
  email: string;
  phoneNumber: string | null;
  contactPerson: string | null;
  customReference: string | null;
  buyNow: boolean | null;
}

const CONTACT_FIELDS = ['email', 'phoneNumber', 'contactPerson', 'customReference', 'buyNow'] as const;

/** One field that changes against the live ad: its name and both values as text. */
export interface ApprovalChange {
  field: string;
  live: string;
  asked: string;
}

/** A request as every desk of the team sees it. */
export interface ApprovalView {
  id: string;
  kind: ApprovalKind;
  draftId: string | null;
  account: string;
  /** The live ad a change is for. */
  listing: string | null;
  state: ApprovalState;
  ad: ApprovalAd;
  /** The draft as it will be sent (the window shows the buyers' preview of it). */
  draft: Draft | null;
  /** What changes against the live ad (empty for a first publishing). */
  changes: ApprovalChange[];
  askedBy: string;
  askedByName: string;
  askedAt: string;
  decidedByName: string | null;
  decidedAt: string | null;
  note: string | null;
  jobId: string | null;
  /** This desk asked for it (it may not decide it). */
  mine: boolean;
  /** A pause (or resume) or end: what is done to the ad, besides what changes (issue 37.4). */
  action: ApprovalAction | null;
}

/** What a pause or end request does to the live ad. */
export type ApprovalAction =
  { kind: 'pause'; state: 'PAUSED' | 'RESUMED'; publications: string[] } | { kind: 'end'; sold: boolean };

/** The ad of a draft as the request carries it, its photos' hashes in the draft's order. */
export function approvalAd(draft: Draft, account: string, hashes: readonly string[]): ApprovalAd {
  return {
    title: draft.title,
    description: draft.description,
    price: { type: draft.price.type, amount: draft.price.amount },
    category: draft.category,
    attributes: { ...draft.attributes },
    adType: draft.adType,
    location: {
      postalCode: draft.publication.postalCode,
      city: draft.publication.city,
      district: draft.publication.district,
    },
    photos: draft.photos.map((photo, index) => ({ id: photo.id, hash: hashes[index] ?? '' })),
    account,
  };
}

// Objects with their keys sorted: a request read back from jsonb has them in the database's order.
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, inner]) => [key, sorted(inner)]),
        )
      : value;
const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(sorted(value));

/** What changes between two ads, field by field (photos compared by their hashes in order). */
export function approvalChanges(live: ApprovalAd | null, asked: ApprovalAd): ApprovalChange[] {
  if (!live) return [];
  const fields: [string, unknown, unknown][] = [
    ['title', live.title, asked.title],
    ['description', live.description, asked.description],
    ['price', live.price, asked.price],
    ['category', live.category, asked.category],
    ['adType', live.adType, asked.adType],
    ['location', live.location, asked.location],
    ['photos', live.photos.map((p) => p.hash), asked.photos.map((p) => p.hash)],
  ];
  const keys = new Set([...Object.keys(live.attributes), ...Object.keys(asked.attributes)]);
  for (const key of [...keys].sort())
    fields.push([`attributes.${key}`, live.attributes[key], asked.attributes[key]]);
  // Compared where both carry them: a request made before they were carried is not "changed".
  if (live.contact && asked.contact)
    for (const key of CONTACT_FIELDS) fields.push([key, live.contact[key], asked.contact[key]]);
  return fields
    .map(([field, before, after]) => ({ field, live: text(before), asked: text(after) }))
    .filter((change) => change.live !== change.asked);
}

/** The fields of a live ad a change request may change: the live edit form's (its photos apart). */
export interface LiveAskPatch {
  title?: string;
  description?: string;
  price?: { type: string; amount: number };
  category?: string;
  attributes?: Record<string, string>;
  adType?: string;
  email?: string;
  phoneNumber?: string | null;
  contactPerson?: string | null;
  customReference?: string | null;
  buyNow?: boolean | null;
}

/** What a desk asks to do to a live ad (issue 37.4): change it, change its price, pause or resume it, end it. */
export type LiveAsk =
  | { kind: 'change'; listing: string; accountId?: string | undefined; patch: LiveAskPatch }
  | { kind: 'price'; listing: string; accountId?: string | undefined; amount: number }
  | {
      kind: 'pause';
      listing: string;
      accountId?: string | undefined;
      state: 'PAUSED' | 'RESUMED';
      /** One publication, or all the ad has when left out. */
      publication?: string | undefined;
    }
  | { kind: 'end'; listing: string; accountId?: string | undefined; sold?: boolean | undefined };

/** A live listing's fields as the request compares them. */
export interface LiveListingFields {
  uuid: string;
  title: string;
  description: string;
  category: string;
  attributes: Record<string, string>;
  adType: string;
  adPrice: { type: string; amount: number };
  urls: string[];
  email?: string;
  phoneNumber?: string | null;
  contactPerson?: string | null;
  customReference?: string | null;
  buyNow?: boolean | null;
}

/** The listing's contact fields as a request carries them (none where the listing was read without them). */
function contactOf(listing: LiveListingFields): LiveContact | undefined {
  if (listing.email === undefined) return undefined;
  return {
    email: listing.email,
    phoneNumber: listing.phoneNumber || null,
    contactPerson: listing.contactPerson || null,
    customReference: listing.customReference || null,
    buyNow: listing.buyNow ?? null,
  };
}

/** A live ad as a request carries it: its photos by their addresses (a live ad's are not hashed here). */
export function listingAd(listing: LiveListingFields, account: string): ApprovalAd {
  return {
    title: listing.title,
    description: listing.description,
    price: { type: listing.adPrice.type, amount: listing.adPrice.amount },
    category: listing.category,
    attributes: { ...listing.attributes },
    adType: listing.adType,
    location: { postalCode: '', city: '', district: null },
    photos: listing.urls.map((url) => ({ id: url, hash: url })),
    account,
    ...(contactOf(listing) && { contact: contactOf(listing) }),
  };
}

/** The live ad with a change applied, as buyers will see it afterwards. */
export function changedAd(live: ApprovalAd, patch: LiveAskPatch): ApprovalAd {
  const base: LiveContact = live.contact ?? {
    email: '',
    phoneNumber: null,
    contactPerson: null,
    customReference: null,
    buyNow: null,
  };
  const contact: LiveContact | undefined = CONTACT_FIELDS.some((key) => patch[key] !== undefined)
    ? {
        email: patch.email ?? base.email,
        phoneNumber: patch.phoneNumber !== undefined ? patch.phoneNumber : base.phoneNumber,
        contactPerson: patch.contactPerson !== undefined ? patch.contactPerson : base.contactPerson,
        customReference: patch.customReference !== undefined ? patch.customReference : base.customReference,
        buyNow: patch.buyNow !== undefined ? patch.buyNow : base.buyNow,
      }
    : live.contact;
  return {
    ...live,
    ...(contact && { contact }),
    ...(patch.adType !== undefined && { adType: patch.adType }),
    ...(patch.title !== undefined && { title: patch.title }),
    ...(patch.description !== undefined && { description: patch.description }),
    ...(patch.price !== undefined && { price: { type: patch.price.type, amount: patch.price.amount } }),
    ...(patch.category !== undefined && { category: patch.category }),
    ...(patch.attributes !== undefined && { attributes: { ...patch.attributes } }),
  };
}

/** The fields of `patch` that differ from the live listing (an empty object: nothing changes). */
export function patchAgainst(listing: LiveListingFields, patch: LiveAskPatch): LiveAskPatch {
  const out: LiveAskPatch = {};
  if (patch.title !== undefined && patch.title !== listing.title) out.title = patch.title;
  if (patch.description !== undefined && patch.description !== listing.description)
    out.description = patch.description;
  if (
    patch.price !== undefined &&
    (patch.price.type !== listing.adPrice.type ||
      Math.round(patch.price.amount * 100) !== Math.round(listing.adPrice.amount * 100))
  )
    out.price = patch.price;
  if (patch.category !== undefined && patch.category !== listing.category) out.category = patch.category;
  if (patch.adType !== undefined && patch.adType !== listing.adType) out.adType = patch.adType;
  if (patch.email !== undefined && patch.email !== listing.email) out.email = patch.email;
  for (const key of ['phoneNumber', 'contactPerson', 'customReference'] as const)
    if (patch[key] !== undefined && (patch[key] || null) !== (listing[key] || null)) out[key] = patch[key];
  if (patch.buyNow !== undefined && (patch.buyNow ?? null) !== (listing.buyNow ?? null))
    out.buyNow = patch.buyNow;
  if (
    patch.attributes !== undefined &&
    JSON.stringify(Object.entries(patch.attributes).sort()) !==
      JSON.stringify(Object.entries(listing.attributes).sort())
  )
    out.attributes = patch.attributes;
  return out;
}

/** The live listing's values of the fields `patch` names (what the change expects to find). */
export function liveValuesOf(listing: LiveListingFields, patch: LiveAskPatch): LiveAskPatch {
  return {
    ...(patch.title !== undefined && { title: listing.title }),
    ...(patch.description !== undefined && { description: listing.description }),
    ...(patch.price !== undefined && { price: { ...listing.adPrice } }),
    ...(patch.category !== undefined && { category: listing.category }),
    ...(patch.attributes !== undefined && { attributes: { ...listing.attributes } }),
    ...(patch.adType !== undefined && { adType: listing.adType }),
    ...(patch.email !== undefined && { email: listing.email ?? '' }),
    ...(patch.phoneNumber !== undefined && { phoneNumber: listing.phoneNumber ?? null }),
    ...(patch.contactPerson !== undefined && { contactPerson: listing.contactPerson ?? null }),
    ...(patch.customReference !== undefined && { customReference: listing.customReference ?? null }),
    ...(patch.buyNow !== undefined && { buyNow: listing.buyNow ?? null }),
  };
}
