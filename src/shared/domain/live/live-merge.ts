// A draft and its live ad, kept in step in both directions (issue 23.1). The draft's link keeps the
// version of the ad both last agreed on (the base). Against it, each field is merged three ways:
// changed only live -> taken into the draft; changed only in the draft -> a pending change that
// "Publish changes" sends; changed on both sides to different values -> a conflict kept as data
// until the seller picks. The photo set and the photo order are fields too. Pure.
import type { Draft, DraftPhoto } from '../drafts';
import { LISTING_FIELDS, type ListingField } from './listing-fields';
import {
  draftValueOf,
  listingValueOf,
  sameValue,
  withListingValue,
  type ListingShown,
  type LiveValue,
} from './live-values';

/** A field the merge may find in conflict: a listing field or the photos' order. */
export type MergeField = ListingField | 'photoOrder';

/**
 * The ad as the draft and the listing last agreed on. A field missing from `fields` (a draft linked
 * before bases were kept) is not known: where the two differ there, the seller picks.
 */
export interface LiveBase {
  fields: Partial<Record<ListingField, LiveValue>>;
  /** The media URLs agreed on, in their agreed order; null when not known. */
  urls: string[] | null;
}

/** A field changed on both sides to different values. */
export interface LiveConflict {
  field: MergeField;
  draft: LiveValue;
  live: LiveValue;
}

/** Photos of the listing the draft has not got yet, brought in by main: by media URL. */
export type BroughtPhotos = Readonly<Record<string, DraftPhoto>>;

/** What a merge makes of base, draft and listing. */
export interface LiveMerge {
  /** The draft with every change made only live taken in. */
  draft: Draft;
  base: LiveBase;
  conflicts: LiveConflict[];
  /** Fields the draft changed since the base: what Publish changes sends. */
  pending: ListingField[];
  /** Photo changes the draft made since the base. */
  pendingPhotos: { addedIds: string[]; removedUrls: string[]; reordered: boolean };
  /** What came from the live ad into the draft. */
  fromLive: (ListingField | 'photos' | 'photoOrder')[];
}

type PhotoUrls = Readonly<Record<string, string>>;

/** The base a link that has none starts from: nothing known but the photos the app attached. */
export const UNKNOWN_BASE: LiveBase = { fields: {}, urls: null };

/** Media URLs of the listing that the draft neither has nor dropped since the base: to bring in. */
export function liveAddedUrls(
  base: LiveBase,
  photos: readonly { id: string }[],
  photoUrls: PhotoUrls,
  listing: Pick<ListingShown, 'urls'>,
): string[] {
  const mapped = new Set(photos.map((p) => photoUrls[p.id]).filter((u) => u !== undefined));
  const agreed = new Set(base.urls ?? Object.values(photoUrls));
  return listing.urls.filter((url) => !mapped.has(url) && !agreed.has(url));
}

/** The base of an ad just published from `draft` with media `urls` (in order): what was sent. */
export function publishedBase(draft: Draft, urls: string[]): LiveBase {
  const fields: LiveBase['fields'] = {};
  for (const field of LISTING_FIELDS) fields[field] = draftValueOf(draft, field);
  return { fields, urls };
}

/** The link with its photo URLs, base and conflicts (no key for none, so an agreed link reads as before). */
function withLinkState(
  remote: NonNullable<Draft['remote']>,
  photoUrls: Record<string, string>,
  base: LiveBase,
  conflicts: LiveConflict[],
): NonNullable<Draft['remote']> {
  const { conflicts: _was, ...rest } = remote;
  return { ...rest, photoUrls, base, ...(conflicts.length > 0 && { conflicts }) };
}

/** The base the draft's link keeps (nothing known for a link made before bases were kept). */
export function baseOf(draft: Pick<Draft, 'remote'>): LiveBase {
  const base = draft.remote?.base;
  return base ? { fields: base.fields as LiveBase['fields'], urls: base.urls } : UNKNOWN_BASE;
}

/** The conflicts the draft's link keeps. */
export function conflictsOf(draft: Pick<Draft, 'remote'>): LiveConflict[] {
  return (draft.remote?.conflicts ?? []) as LiveConflict[];
}

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => b[i] === x);

/** Merges base, draft and listing (see the top of this file). */
export function mergeLive(
  base: LiveBase,
  draft: Draft,
  listing: ListingShown,
  brought: BroughtPhotos = {},
): LiveMerge {
  let next = draft;
  const fields: LiveBase['fields'] = {};
  const conflicts: LiveConflict[] = [];
  const pending: ListingField[] = [];
  const fromLive: LiveMerge['fromLive'] = [];
  const knownPath = (base.fields.category as string | undefined) ?? draftValueOf(next, 'category');
  for (const field of LISTING_FIELDS) {
    const was = base.fields[field];
    const mine = draftValueOf(next, field);
    const theirs = listingValueOf(listing, field, knownPath as string);
    if (sameValue(mine, theirs)) fields[field] = theirs;
    else if (sameValue(was, mine)) {
      next = withListingValue(next, field, theirs);
      fields[field] = theirs;
      fromLive.push(field);
    } else if (sameValue(was, theirs)) {
      fields[field] = was;
      pending.push(field);
    } else {
      if (was !== undefined) fields[field] = was;
      conflicts.push({ field, draft: mine, live: theirs });
    }
  }
  const photos = mergePhotos(base, draft.photos, next.remote?.photoUrls ?? {}, listing, brought);
  if (photos.conflict) conflicts.push(photos.conflict);
  fromLive.push(...photos.fromLive);
  const merged: LiveBase = { fields, urls: photos.baseUrls };
  const remote = next.remote ? withLinkState(next.remote, photos.photoUrls, merged, conflicts) : next.remote;
  return {
    draft: { ...next, photos: photos.photos, remote },
    base: merged,
    conflicts,
    pending,
    pendingPhotos: photos.pending,
    fromLive,
  };
}

/** The photo set merged URL by URL (never in conflict), then the order of the photos all three have. */
function mergePhotos(
  base: LiveBase,
  photos: readonly DraftPhoto[],
  photoUrls: PhotoUrls,
  listing: Pick<ListingShown, 'urls'>,
  brought: BroughtPhotos,
) {
  const shown = new Set(listing.urls);
  const agreed = new Set(base.urls ?? Object.values(photoUrls));
  const fromLive: ('photos' | 'photoOrder')[] = [];
  const kept: DraftPhoto[] = [];
  const urls: Record<string, string> = {};
  const claimed = new Set<string>();
  for (const photo of photos) {
    const url = photoUrls[photo.id];
    if (url !== undefined && !shown.has(url) && agreed.has(url)) continue; // removed live
    // A URL the listing does not show, or one claimed twice, is sent anew.
    if (url !== undefined && shown.has(url) && !claimed.has(url)) {
      urls[photo.id] = url;
      claimed.add(url);
    }
    kept.push(photo);
  }
  const removedLive = kept.length < photos.length;
  const added: DraftPhoto[] = [];
  for (const url of listing.urls) {
    const photo = brought[url];
    if (claimed.has(url) || agreed.has(url) || !photo) continue;
    added.push(photo);
    urls[photo.id] = url;
    claimed.add(url);
  }
  if (removedLive || added.length > 0) fromLive.push('photos');
  const all = [...kept, ...added];
  const removedUrls = listing.urls.filter((url) => agreed.has(url) && !claimed.has(url));

  // The order is compared on the photos base, draft and listing all have.
  const common = (url: string | undefined): url is string =>
    url !== undefined && shown.has(url) && agreed.has(url) && claimed.has(url);
  const fetched = new Set(added.map((p) => urls[p.id]));
  const mine = all.map((p) => urls[p.id]).filter(common);
  const theirs = listing.urls.filter(common);
  const was = base.urls === null ? null : base.urls.filter(common);
  let conflict: LiveConflict | null = null;
  const same = sameOrder(mine, theirs);
  let takeLive = false;
  let reordered = false;
  if (same) {
    // Photos the draft attached but never agreed on (a push that stopped half-way) are the draft's to place.
    const own = all
      .map((p) => urls[p.id])
      .filter((u): u is string => u !== undefined && claimed.has(u) && !fetched.has(u));
    reordered = !sameOrder(
      own,
      listing.urls.filter((u) => own.includes(u)),
    );
  } else if (was !== null && sameOrder(was, mine)) {
    takeLive = true;
    fromLive.push('photoOrder');
  } else if (was !== null && sameOrder(was, theirs)) reordered = true;
  else conflict = { field: 'photoOrder', draft: mine, live: theirs };

  // Photos the listing shows take its order in the places they hold (those just fetched among them);
  // the draft's own new ones stay put.
  const placing = listing.urls.filter((url) => common(url) || fetched.has(url));
  const placed = takeLive || same ? inListingOrder(all, urls, placing) : all;
  const agreedNow = listing.urls.filter((url) => claimed.has(url) || removedUrls.includes(url));
  const order = takeLive || same ? listing.urls : [...(base.urls ?? mine), ...listing.urls];
  // An order never agreed on stays unknown until the seller picks.
  const baseUrls =
    conflict && base.urls === null ? null : [...new Set(order)].filter((url) => agreedNow.includes(url));
  return {
    photos: placed,
    photoUrls: urls,
    baseUrls,
    conflict,
    fromLive,
    pending: {
      addedIds: placed.filter((p) => urls[p.id] === undefined).map((p) => p.id),
      removedUrls,
      reordered,
    },
  };
}

/** `photos` with those the listing shows put in the listing's order, in the places they hold. */
function inListingOrder(
  photos: readonly DraftPhoto[],
  urls: PhotoUrls,
  listingUrls: readonly string[],
): DraftPhoto[] {
  const shown = new Set(listingUrls);
  const inPlace = (p: DraftPhoto) => urls[p.id] !== undefined && shown.has(urls[p.id]!);
  const byUrl = new Map(photos.filter(inPlace).map((p) => [urls[p.id]!, p]));
  const queue = listingUrls.filter((url) => byUrl.has(url)).map((url) => byUrl.get(url)!);
  return photos.map((photo) => (inPlace(photo) ? queue.shift()! : photo));
}

/**
 * The seller's pick in conflict `field`: 'live' takes the listing's value into the draft, 'draft'
 * keeps the draft's (then a pending change). Either way the listing's value becomes the agreed one.
 * Null when the draft has no such conflict.
 */
export function resolveConflict(draft: Draft, field: MergeField, pick: 'live' | 'draft'): Draft | null {
  const conflicts = conflictsOf(draft);
  const conflict = conflicts.find((c) => c.field === field);
  if (!conflict || !draft.remote) return null;
  const base = baseOf(draft);
  const rest = conflicts.filter((c) => c !== conflict);
  let next = draft;
  let agreed: LiveBase;
  if (field === 'photoOrder') {
    const order = conflict.live as string[];
    const photoUrls = draft.remote.photoUrls ?? {};
    const known = base.urls ?? Object.values(photoUrls);
    agreed = { ...base, urls: [...order, ...known.filter((url) => !order.includes(url))] };
    if (pick === 'live') next = { ...draft, photos: inListingOrder(draft.photos, photoUrls, order) };
  } else {
    agreed = { ...base, fields: { ...base.fields, [field]: conflict.live } };
    if (pick === 'live') next = withListingValue(draft, field, conflict.live);
  }
  return { ...next, remote: withLinkState(draft.remote, draft.remote.photoUrls ?? {}, agreed, rest) };
}
