// The draft: an ad prepared offline, stored as one JSON file. The stored shape accepts INCOMPLETE
// drafts (a seller saves half-typed ads all day); the rules that make a draft publishable live in
// draft-validation.ts, so a rule can change without making stored files unreadable.
import { z } from 'zod';
import { draftStatuses } from './draft-choices';
import { draftScheduleSchema } from '../publishing';
import { newPriceRuleRecord, priceRuleOrigins, priceRuleRecordSchema, priceRuleSchema } from '../price-rules';

/** Version of the stored draft; bump it with a migration in `parseStoredDraft`. */
export const DRAFT_VERSION = 1;

/** The only `adType` the spec shows; others are allowed because the spec does not list them. */
export const DEFAULT_AD_TYPE = 'OFFER';
/** The only price `type` the spec shows; others are allowed for the same reason. */
export const DEFAULT_PRICE_TYPE = 'FIXED';

// The statuses' list ('ended' included) is in draft-choices.ts, zod-free for the renderer.
export { draftStatuses };
export const draftStatusSchema = z.enum(draftStatuses);
export type DraftStatus = z.infer<typeof draftStatusSchema>;

/** Draft ids are UUIDs; the pattern also keeps ids safe to use as file names. */
export const draftIdSchema = z.guid();

// Guards against abuse (a renderer sending megabytes), not rules: a seller's over-long text must
// still be saved so that nothing typed is lost; validation then says what is too long.
const STORED_TEXT_MAX = 1_000_000;
const STORED_SHORT_MAX = 10_000;
const longText = z.string().max(STORED_TEXT_MAX);
const shortText = z.string().max(STORED_SHORT_MAX);

/** A photo path relative to the data folder, e.g. `photos/<draftId>/<photoId>.jpg`. */
export const photoPathSchema = z
  .string()
  .max(500)
  .refine(isSafePhotoPath, { message: 'must be a path under photos/ inside the data folder' });

// The publish engine streams these files to the service: a path that escapes the data folder
// would let a hostile renderer upload any file of the seller's machine.
function isSafePhotoPath(value: string): boolean {
  const parts = value.split('/');
  return (
    parts.length >= 3 &&
    parts[0] === 'photos' &&
    parts.every((part) => part !== '' && part !== '.' && part !== '..' && !/[\\:\0]/.test(part))
  );
}

export const draftPhotoSchema = z.object({
  id: z.string().min(1).max(100),
  file: photoPathSchema,
  thumb: photoPathSchema,
  mediaType: z.enum(['image/jpeg', 'image/png']),
  width: z.int().positive(),
  height: z.int().positive(),
  bytes: z.int().nonnegative(),
  originalName: z.string().max(1000),
  /** How the photo looks (main/media/photo-hash.ts), to name a photo added twice; absent on older drafts. */
  hash: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
});
export type DraftPhoto = z.infer<typeof draftPhotoSchema>;

/** A new photo `photoId` that looks like photo `sameAs`; `identical` when it is the very same image. */
export interface PhotoDuplicate {
  photoId: string;
  sameAs: string;
  identical: boolean;
}

/** A dropped file that did not become a photo, and why (English message; `code` to translate). */
export interface PhotoRefusal {
  name: string;
  code: string;
  message: string;
  /** The format of an 'unsupported' file, e.g. "CR2", for advice in the UI's language (issue 16). */
  label?: string;
}

// The UI holds the raw text of number fields ('-1', 'abc', '12,50'), so it is stored as typed.
const rawNumber = z.union([z.number(), z.string().max(100)]).nullable();

export const draftPriceSchema = z.object({ type: shortText, amount: rawNumber });
export type DraftPrice = z.infer<typeof draftPriceSchema>;

export const draftPublicationSchema = z.object({
  street: shortText,
  city: shortText,
  district: shortText.nullable(),
  postalCode: shortText,
  availabilityRadiusInKm: rawNumber,
  imprintUuid: shortText.nullable(),
});
export type DraftPublication = z.infer<typeof draftPublicationSchema>;

// A listing field's value as compared with the live ad (live-values.ts); the price first, so that
// an unreadable amount ('abc') is read as a price and not as a map of texts.
const liveValueSchema = z.union([
  z.object({ type: shortText, amount: rawNumber }).strict(),
  longText,
  z.boolean(),
  z.null(),
  z.array(z.string().max(4096)).max(1000),
  z.record(shortText, shortText),
]);

/** Where the draft lives on the service once published (filled by the publish engine). */
export const draftRemoteSchema = z
  .object({
    listingUuid: z.string().max(200).optional(),
    publicationUuid: z.string().max(200).optional(),
    /** The listing's media URL of each of the draft's photos (by photo id), once attached. */
    photoUrls: z.record(z.string().max(100), z.string().max(4096)).optional(),
    /** The ad as draft and listing last agreed on (issue 23.1); absent on links made before. */
    base: z
      .object({
        fields: z.record(z.string().max(50), liveValueSchema),
        urls: z.array(z.string().max(4096)).max(1000).nullable(),
      })
      .optional(),
    /** Fields changed on both sides to different values, until the seller picks. */
    conflicts: z
      .array(z.object({ field: z.string().max(50), draft: liveValueSchema, live: liveValueSchema }))
      .max(100)
      .optional(),
  })
  .nullable();
export type DraftRemote = z.infer<typeof draftRemoteSchema>;

/** A desk of the shop that made a change, and when (ISO time): issue 24.4. */
export const shopAuthorSchema = z.object({
  desk: z.string().max(200),
  deskName: z.string().max(200),
  at: z.iso.datetime(),
});

// A draft field's value as the shop merge compares it: a listing value, or a bare number (the radius).
const shopValueSchema = z.union([liveValueSchema, z.number()]);

/** A field two desks changed apart to different values: every value with the desk that made it. */
export const shopConflictSchema = z.object({
  field: z.string().max(STORED_SHORT_MAX + 100),
  values: z
    .array(z.object({ value: shopValueSchema, by: shopAuthorSchema }))
    .min(2)
    .max(50),
});

/** What the shop's merge left on a draft for the seller (absent on drafts that never met a shop). */
export const draftShopSchema = z
  .object({
    conflicts: z.array(shopConflictSchema).max(200).optional(),
    /** The draft was deleted on this desk while edited on another and came back: who deleted it. */
    restored: shopAuthorSchema.optional(),
  })
  .optional();
export type DraftShop = z.infer<typeof draftShopSchema>;

const userFields = {
  title: longText,
  /** Slash-separated path of the marketplace's category names, e.g. `Familie_Kind_Baby/Spielzeug`. */
  category: shortText,
  description: longText,
  attributes: z.record(shortText, shortText),
  adType: shortText,
  price: draftPriceSchema,
  email: shortText,
  phoneNumber: shortText.nullable(),
  customReference: shortText.nullable(),
  contactPerson: shortText.nullable(),
  buyNow: z.boolean().nullable(),
  publication: draftPublicationSchema,
  photos: z.array(draftPhotoSchema).max(1000),
};

const { photos: _photos, ...editableFields } = userFields;

/** What the editor saves: every field the seller types (photos have their own calls). */
export const draftFieldsSchema = z.object({ id: draftIdSchema, ...editableFields }).strict();
export type DraftFields = z.infer<typeof draftFieldsSchema>;

/** The stored draft (version 1). */
export const draftSchema = z.object({
  version: z.literal(DRAFT_VERSION),
  id: draftIdSchema,
  accountId: z.string().max(200).nullable(),
  status: draftStatusSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ...userFields,
  remote: draftRemoteSchema,
  shop: draftShopSchema,
  /** When the draft is to be published by itself (issue 25.4); absent or null: not scheduled. */
  schedule: draftScheduleSchema.nullable().optional(),
  /** The ad's price rule and what it did (issue 25.5); absent: none. */
  priceRule: priceRuleRecordSchema.optional(),
});
export type Draft = z.infer<typeof draftSchema>;

/** What a new draft may be started with (account defaults, a template): any user field, partly. */
export const draftInitSchema = z.object({
  accountId: z.string().max(200).nullable().optional(),
  title: userFields.title.optional(),
  category: userFields.category.optional(),
  description: userFields.description.optional(),
  attributes: userFields.attributes.optional(),
  adType: userFields.adType.optional(),
  price: draftPriceSchema.partial().optional(),
  email: userFields.email.optional(),
  phoneNumber: userFields.phoneNumber.optional(),
  customReference: userFields.customReference.optional(),
  contactPerson: userFields.contactPerson.optional(),
  buyNow: userFields.buyNow.optional(),
  publication: draftPublicationSchema.partial().optional(),
  /** A price rule the new draft starts with (from its template or its feed). */
  priceRule: z
    .object({ rule: priceRuleSchema, origin: z.enum(priceRuleOrigins) })
    .strict()
    .optional(),
});
export type DraftInit = z.infer<typeof draftInitSchema>;

/** A new, empty draft with the spec's defaults, filled from `init`. */
export function newDraft(init: DraftInit, { id, now }: { id: string; now: Date }): Draft {
  const at = now.toISOString();
  return {
    version: DRAFT_VERSION,
    id,
    accountId: init.accountId ?? null,
    status: 'draft',
    createdAt: at,
    updatedAt: at,
    title: init.title ?? '',
    category: init.category ?? '',
    description: init.description ?? '',
    attributes: { ...init.attributes },
    adType: init.adType ?? DEFAULT_AD_TYPE,
    price: { type: init.price?.type ?? DEFAULT_PRICE_TYPE, amount: init.price?.amount ?? null },
    email: init.email ?? '',
    phoneNumber: init.phoneNumber ?? null,
    customReference: init.customReference ?? null,
    contactPerson: init.contactPerson ?? null,
    buyNow: init.buyNow ?? null,
    publication: {
      street: init.publication?.street ?? '',
      city: init.publication?.city ?? '',
      district: init.publication?.district ?? null,
      postalCode: init.publication?.postalCode ?? '',
      availabilityRadiusInKm: init.publication?.availabilityRadiusInKm ?? null,
      imprintUuid: init.publication?.imprintUuid ?? null,
    },
    photos: [],
    remote: null,
    ...(init.priceRule && { priceRule: newPriceRuleRecord(init.priceRule.rule, init.priceRule.origin, now) }),
  };
}

/** Parses a stored draft of any known version into the current one; throws on anything else. */
export function parseStoredDraft(value: unknown): Draft {
  // Version 1 is the only version so far; later versions migrate older files here.
  return draftSchema.parse(value);
}

/** The folder (relative to the data folder) that holds a draft's photos. */
export function draftPhotoFolder(draftId: string): string {
  return `photos/${draftId}`;
}

/** True when every photo of the draft lies in the draft's own photo folder. */
export function photosBelongToDraft(draft: Pick<Draft, 'id' | 'photos'>): boolean {
  const prefix = `${draftPhotoFolder(draft.id)}/`;
  return draft.photos.every((photo) => photo.file.startsWith(prefix) && photo.thumb.startsWith(prefix));
}
