// One photo onto a live listing: an upload ticket, the file streamed to its signedPutUrl, the
// attach. A ticket that ran out or was refused is replaced by a new one without bothering the
// seller. The attach is a POST: after a lost answer it is not sent blindly again; the listing is
// read first, and a URL it did not show before is the photo's. A 413 gets smaller copies (see
// media/shrink.ts) until one fits or the floor is reached.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Listing } from '../../shared/service';
import { noteMediaSize, shrinkBelow, sizeToFit, type MediaLimit } from '../media/shrink';
import type { StoredMediaType } from '../media/sniff';
import { ServiceError, type ServiceClient } from '../service-client';
import { backoffDelay, type Backoff } from '../service-client/backoff';

// More rounds than this for one photo means something is wrong that repeating will not fix.
const MAX_ROUNDS = 6;
// Time given to the service after an attach whose answer was lost, before looking at the listing.
const SETTLE_MS = 500;
// Waits between ticket requests whose answer was lost (the app's one backoff).
const TICKET_BACKOFF: Backoff = { baseMs: 500, maxMs: 2_000 };

/** A photo file to attach. */
export interface PhotoToAttach {
  /** Absolute path of the stored photo (never changed here). */
  file: string;
  mediaType: StoredMediaType;
  /** The name the seller knows it by. */
  name: string;
}

/** How it went: the listing after the attach and the photo's URL, or too large even scaled down. */
export type AttachResult = { ok: true; listing: Listing; url: string } | { ok: false; tooLarge: true };

/** Options of attachPhoto. */
export interface AttachOptions {
  /** A folder for the smaller copy made after a 413 (the caller removes it). */
  workDir: string;
  /** Pause after a lost answer, in ms (tests). */
  settleMs?: number;
  /** What the account's service is known to take: a photo above it is made smaller before upload. */
  limit?: MediaLimit | null;
  /** Told every size the service attached (`accepted`) or refused with 413, to remember for the account. */
  onSize?(bytes: number, accepted: boolean): void;
}

// The failures after which the attach may or may not have happened.
const UNSURE = new Set(['timeout', 'connection-reset', 'server-error', 'invalid-response']);

/**
 * Uploads `photo` and attaches it to listing `listingUuid`, which showed `before` just now.
 * Throws the ServiceError of anything it cannot get past (a 404 of the listing read: it is gone).
 */
export async function attachPhoto(
  client: ServiceClient,
  listingUuid: string,
  photo: PhotoToAttach,
  before: readonly string[],
  options: AttachOptions,
): Promise<AttachResult> {
  const known = new Set(before);
  const newUrl = (listing: Listing): string | undefined => listing.urls.filter((u) => !known.has(u)).at(-1);
  let file = photo.file;
  let bytes = (await stat(file)).size;
  let limit = options.limit ?? null;
  let copies = 0;
  // Makes a copy within what the service takes; false when none is smaller than the one refused.
  const smaller = async (): Promise<boolean> => {
    const target = sizeToFit(limit);
    if (target === null || bytes <= target) return true;
    copies += 1;
    const dest = path.join(options.workDir, `smaller-${copies}-${path.basename(photo.file)}`);
    const copy = await shrinkBelow(photo.file, photo.mediaType, dest, target + 1);
    if (!copy.fits && copy.bytes >= bytes) return false;
    file = dest;
    bytes = copy.bytes;
    return true;
  };
  if (!(await smaller())) return { ok: false, tooLarge: true };
  // A 413 round makes the photo strictly smaller, so those rounds end by themselves: not counted.
  for (let round = 0; round < MAX_ROUNDS + copies; round += 1) {
    const ticket = await createTicket(client, photo.mediaType);
    try {
      await client.uploadFile(ticket.signedPutUrl, file, { contentType: photo.mediaType });
    } catch (error) {
      // The storage refused the signed URL (expired or used): a new ticket, nothing else.
      if (error instanceof ServiceError && error.problem === 'ticket-expired') continue;
      throw error;
    }
    for (let attempt = 0; attempt < MAX_ROUNDS; attempt += 1) {
      let failure: unknown;
      try {
        const listing = await client.attachMedia(listingUuid, ticket.ticketUuid);
        const url = newUrl(listing);
        options.onSize?.(bytes, true);
        if (url !== undefined) return { ok: true, listing, url };
        // An answer without a new URL: read the listing as it is now to be sure.
        failure = undefined;
      } catch (error) {
        failure = error;
      }
      if (failure instanceof ServiceError && failure.problem === 'too-large') {
        limit = noteMediaSize(limit, bytes, false);
        options.onSize?.(bytes, false);
        if (!(await smaller())) return { ok: false, tooLarge: true };
        break;
      }
      const unsure = failure instanceof ServiceError && UNSURE.has(failure.problem);
      const ticketGone = failure instanceof ServiceError && failure.problem === 'not-found';
      if (failure !== undefined && !unsure && !ticketGone) throw failure;
      if (unsure) await sleep((options.settleMs ?? SETTLE_MS) * (attempt + 1));
      // The listing tells whether an attach whose answer was lost went through (its ticket is then
      // used up, hence the 404), or whether the ticket simply ran out; a 404 here: listing gone.
      const listing = await client.getListing(listingUuid);
      const url = newUrl(listing);
      if (url !== undefined) return { ok: true, listing, url };
      if (!unsure) break;
      // Not attached: the same ticket is sent again (a used one would answer 404).
    }
  }
  throw new Error(`The photo ${photo.name} could not be attached after ${MAX_ROUNDS} tries.`);
}

// A ticket request is a POST, but one whose answer was lost only leaves an unused ticket to expire:
// asking again is harmless.
async function createTicket(client: ServiceClient, mediaType: string) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await client.createMediaTicket(mediaType);
    } catch (error) {
      if (attempt >= 2 || !(error instanceof ServiceError) || !UNSURE.has(error.problem)) throw error;
      await sleep(backoffDelay(attempt, TICKET_BACKOFF, error.retryAfterMs, Math.random));
    }
  }
}
