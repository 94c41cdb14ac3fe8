// Wire format of listings, named as in the spec's "Listing" sections. Responses are loose objects so
// that a field the service adds later never breaks a client; requests follow the spec's field tables.
import { z } from 'zod';

/** Price object: `price` in requests, `adPrice` in responses (same structure). */
export const AdPrice = z.looseObject({
  type: z.string(),
  amount: z.number(),
});
export type AdPrice = z.infer<typeof AdPrice>;

/** Listing as returned by rows 3, 4, 6 and 7 of the Endpoints table. */
export const Listing = z.looseObject({
  uuid: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  attributes: z.record(z.string(), z.string()),
  adType: z.string(),
  adPrice: AdPrice,
  userId: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullish(),
  customReference: z.string().nullish(),
  contactPerson: z.string().nullish(),
  buyNow: z.boolean().nullish(),
  urls: z.array(z.string()),
});
export type Listing = z.infer<typeof Listing>;

/** A listing as the service returns it (see shared/service Listing); unknown fields are kept. */
export interface ListingView {
  uuid: string;
  title: string;
  description: string;
  category: string;
  attributes: Record<string, string>;
  adType: string;
  adPrice: { type: string; amount: number };
  userId: string;
  email: string;
  phoneNumber?: string | null;
  customReference?: string | null;
  contactPerson?: string | null;
  buyNow?: boolean | null;
  urls: string[];
}

/** Body of `GET /v1/listings`: all listings of the authenticated user. */
export const ListingList = z.array(Listing);
export type ListingList = z.infer<typeof ListingList>;

/** An item of `GET /v1/listings` the schema does not accept: named, never allowed to hide the others. */
export interface UnreadableListing {
  /** Its place in the service's answer (0-based). */
  index: number;
  /** Its uuid, when it has one that is text. */
  uuid: string | null;
  /** Its title and reference, when they are text (to help the seller recognise it). */
  title: string | null;
  customReference: string | null;
  /** What is wrong with it, for the log, e.g. "adPrice: Invalid input: expected object, received string". */
  problem: string;
  /** The fields missing or of the wrong type (top-level names; empty when the item is no object). */
  fields: string[];
}

/** The listings that could be read, and those that could not. */
export interface ListingsRead {
  listings: Listing[];
  unreadable: UnreadableListing[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Splits the items of a list answer into readable listings and named unreadable ones. */
export function splitListings(items: readonly unknown[]): ListingsRead {
  const out: ListingsRead = { listings: [], unreadable: [] };
  items.forEach((item, index) => {
    const parsed = Listing.safeParse(item);
    if (parsed.success) {
      out.listings.push(parsed.data);
      return;
    }
    const fields = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    // The first few issues name the fields at fault; the rest are counted.
    const issues = parsed.error.issues;
    const said = issues
      .slice(0, 3)
      .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    out.unreadable.push({
      index,
      uuid: text(fields.uuid),
      title: text(fields.title),
      customReference: text(fields.customReference),
      problem: said.length > 0 ? `${said.join('; ')}${more}` : 'not a listing',
      fields: [...new Set(issues.map((issue) => String(issue.path[0] ?? '')).filter((f) => f !== ''))],
    });
  });
  return out;
}

/** Body of `GET /v1/listings` read item by item: an array whose items are each read on their own. */
export const ListingListTolerant = z.array(z.unknown()).transform((items) => splitListings(items));

/** Body of `POST /v1/listings`. */
export const ListingCreateRequest = z.object({
  title: z.string(),
  category: z.string(),
  description: z.string(),
  attributes: z.record(z.string(), z.string()),
  adType: z.string(),
  price: z.object({ type: z.string(), amount: z.number() }),
  email: z.string(),
  phoneNumber: z.string().nullish(),
  customReference: z.string().nullish(),
  contactPerson: z.string().nullish(),
  buyNow: z.boolean().nullish(),
  urls: z.string().nullish(),
});
export type ListingCreateRequest = z.infer<typeof ListingCreateRequest>;

/** Body of `PUT /v1/listings/{uuid}`: every field optional and nullable. */
export const ListingUpdateRequest = z.object({
  title: z.string().nullish(),
  category: z.string().nullish(),
  description: z.string().nullish(),
  attributes: z.record(z.string(), z.string()).nullish(),
  adType: z.string().nullish(),
  price: z.object({ type: z.string(), amount: z.number() }).nullish(),
  email: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  customReference: z.string().nullish(),
  contactPerson: z.string().nullish(),
  buyNow: z.boolean().nullish(),
});
export type ListingUpdateRequest = z.infer<typeof ListingUpdateRequest>;

/** Response `{uuid}` of the create operations (listing, publication, imprint). */
export const UuidResponse = z.looseObject({ uuid: z.string() });
export type UuidResponse = z.infer<typeof UuidResponse>;
