// What is live on the service, as the app manages it after publishing: changes to a listing (only
// the fields that changed), its photos, its publications, and how a published draft and its live
// listing differ. Plain data; main does the calls (src/main/live/).
import { z } from 'zod';
import type { ListingView } from '../../service/listing';
import type { ServiceProblem } from '../../service/service-problem';
import type { PhotoRefusal } from '../drafts';
import { LISTING_FIELDS } from './listing-fields';

const text = (max: number) => z.string().max(max);

/** The fields of a listing update the app sends: each optional; only changed ones are sent. */
export const listingPatchSchema = z
  .object({
    title: text(1000),
    category: text(1000),
    description: text(100_000),
    attributes: z.record(text(200), text(1000)),
    adType: text(100),
    price: z.object({ type: text(100), amount: z.number().nonnegative().finite() }).strict(),
    email: text(320),
    phoneNumber: text(100).nullable(),
    customReference: text(200).nullable(),
    contactPerson: text(200).nullable(),
    buyNow: z.boolean().nullable(),
  })
  .partial()
  .strict();
export type ListingPatch = z.infer<typeof listingPatchSchema>;

/** A publication's location and imprint as the update request takes them (all optional). */
export const publicationPatchSchema = z
  .object({
    street: text(300),
    city: text(200),
    district: text(200).nullable(),
    postalCode: text(20),
    availabilityRadiusInKm: z.int().min(0).max(2_147_483_647),
    imprintUuid: text(200),
  })
  .partial()
  .strict();
export type PublicationPatch = z.infer<typeof publicationPatchSchema>;

/** Problems of managing what is live, each with its own advice in the UI. */
export const LIVE_PROBLEMS = [
  /** 404 "Listing not found": gone on the service; a linked draft can be unlinked. */
  'listing-not-found',
  /** 400 "Invalid ordering": the photos changed meanwhile; reload them and try again. */
  'invalid-ordering',
  /** 404 "Could not remove media.": already gone; reload. */
  'media-not-removed',
  /** 400 "Mismatch <uuid>": the publication does not belong to this listing. */
  'publication-mismatch',
  /** 404 on a publication read: it no longer exists. */
  'publication-not-found',
  /** 413 "Media is too large." even after scaling the photo down. */
  'media-too-large',
] as const;
export type LiveProblem = (typeof LIVE_PROBLEMS)[number];

/** A publication of a listing, as last read from the service (unknown states shown as they come). */
export interface PublicationView {
  listingUuid: string;
  uuid: string;
  requestedState: string | null;
  actualState: string | null;
  adId: number | null;
  postalCode: string | null;
  /** Why the service rejected it, when it said. */
  reason: string | null;
  /** When it was last read (ISO), null if it could not be read now. */
  checkedAt: string | null;
  /** Why it could not be read now. */
  problem?: ServiceProblem;
}

/** The outcome of adding photos to a live listing: the listing as the service now has it. */
export interface ListingPhotosResult {
  listing: ListingView;
  added: number;
  refused: PhotoRefusal[];
}

/** How a published draft and its live listing stand to each other. */
export interface DraftLiveDiff {
  draftId: string;
  listingUuid: string | null;
  /**
   * 'unlinked': never published (or unlinked); 'same': nothing to send; 'differs': see fields and
   * photos; 'gone': the listing no longer exists; 'unknown': the service could not be asked.
   */
  state: 'unlinked' | 'same' | 'differs' | 'gone' | 'unknown';
  /** Names of the listing fields whose draft value differs (e.g. 'price', 'title'). */
  fields: string[];
  photos: { added: number; removed: number; reordered: boolean };
  /** Each field in conflict, then each the draft would send, with both values (issue 23.1). */
  rows: LiveDiffRow[];
  /** What was just taken from the live ad into the draft (field names, 'photos', 'photoOrder'). */
  fromLive: string[];
  problem?: ServiceProblem;
}

/** A value as the comparison shows it: a field's value, a photo count, or photo numbers in order. */
export type LiveRowValue =
  | string
  | number
  | boolean
  | null
  | string[]
  | Record<string, string>
  | { type: string; amount: number | string | null };

/** One field of a published draft and its live ad: which way it goes, or a conflict to pick. */
export interface LiveDiffRow {
  /** A listing field, 'photos' (the set: counts) or 'photoOrder' (photo numbers in order). */
  field: string;
  /** 'to-live': Publish changes sends the draft's value; 'conflict': changed on both sides. */
  way: 'to-live' | 'conflict';
  live: LiveRowValue;
  draft: LiveRowValue;
}

/** A field of a linked draft in conflict with its live ad (the merge's fields and 'photoOrder'). */
export const CONFLICT_FIELDS = [...LISTING_FIELDS, 'photoOrder'] as const;
