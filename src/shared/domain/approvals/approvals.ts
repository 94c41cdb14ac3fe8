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
}

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
}

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

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

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
  return fields
    .map(([field, before, after]) => ({ field, live: text(before), asked: text(after) }))
    .filter((change) => change.live !== change.asked);
}
