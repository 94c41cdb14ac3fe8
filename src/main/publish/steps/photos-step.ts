// Steps 3 to 5 for every photo at once: an upload ticket, the file streamed from disk to its
// signedPutUrl (within the engine-wide upload limit), and the attach (attach-desk.ts). Tickets and
// uploads start before the listing exists; only the attaches wait for it. A ticket is single use
// and expires, so one that ran out (or was refused by the storage) is simply replaced: an unused
// ticket is no duplicate of anything, and a lost ticket answer just leaves one to expire.
import { setMaxListeners } from 'node:events';
import type { MediaUploadTicket } from '../../../shared/service';
import { ServiceError } from '../../service-client';
import { AttachDesk } from './attach-desk';
import {
  jobError,
  StepFailure,
  checkStopped,
  patiently,
  repeatOrThrow,
  waitToRepeat,
  type JobContext,
} from '../context';
import type { JobPhoto, JobTicket } from '../jobs';
import { isAbortError } from '../pacing';
import { PhotoSizes, fitPhoto } from './photo-fit';
import { jobWords } from '../views';

// More rounds than this for one photo means something is wrong that repeating will not fix.
const MAX_ROUNDS = 20;
// A ticket is used only with this much of its life left: half of it, at most 30 s.
const MAX_TICKET_MARGIN_MS = 30_000;
// When `expireAt` cannot be read, a ticket is trusted for this long.
const FALLBACK_TICKET_LIFE_MS = 60_000;

/**
 * Uploads and attaches every photo that has no URL yet. `listing` resolves with the listing's uuid
 * (it is being created meanwhile).
 */
export async function runPhotos(ctx: JobContext, listing: Promise<string>): Promise<void> {
  // Uploaded photos without a URL at the start are left from an earlier run that stopped or crashed,
  // maybe during their attach: the desk asks about them first.
  const unsure = ctx.record.photos
    .filter((photo) => photo.url === null && photo.uploaded && photo.ticket !== null)
    .map((photo) => photo.photoId);
  // One photo failing for good stops the others; so does a cancel of the job.
  const controller = new AbortController();
  // Every photo's waits and upload listen to it (see jobController in engine.ts).
  setMaxListeners(100, controller.signal);
  const stop = () => controller.abort();
  ctx.signal.addEventListener('abort', stop, { once: true });
  if (ctx.signal.aborted) stop();
  const photoCtx: JobContext = { ...ctx, signal: controller.signal };
  const sizes = new PhotoSizes(photoCtx);
  const desk = listing.then((uuid) => new AttachDesk(photoCtx, uuid, unsure));
  desk.catch(stop);
  let deskReady = false;
  void desk.then(
    () => (deskReady = true),
    () => undefined,
  );
  const open = ctx.record.photos.filter((photo) => photo.url === null);
  try {
    const results = await Promise.allSettled(
      open.map((photo) =>
        photoTask(photoCtx, photo, desk, sizes, () => deskReady).catch((error: unknown) => {
          stop();
          throw error;
        }),
      ),
    );
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    // The cause, not the aborts it set off in the other photos.
    const cause = failures.find((error) => !isAbortError(error)) ?? failures[0];
    if (cause !== undefined) throw cause;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}

async function photoTask(
  ctx: JobContext,
  photo: JobPhoto,
  desk: Promise<AttachDesk>,
  sizes: PhotoSizes,
  deskReady: () => boolean,
): Promise<void> {
  // A round after a 413 sends a strictly smaller copy, so those rounds end by themselves.
  for (let round = 0, refusals = 0; photo.url === null; round += 1) {
    checkStopped(ctx);
    if (round >= MAX_ROUNDS + refusals) {
      throw new StepFailure(
        jobError(
          {
            problem: 'internal',
            message: jobWords('attachFailed', { name: photo.name, rounds: MAX_ROUNDS }),
          },
          ctx.now(),
        ),
      );
    }
    // Made to fit what the service is known to take before it is sent (not again once uploaded).
    if (!photo.uploaded) await fitPhoto(ctx, photo, sizes, false);
    const outcome =
      photo.uploaded || (await uploadPhoto(ctx, photo, deskReady))
        ? await (await desk).attach(photo)
        : 'too-large';
    if (outcome === 'attached') {
      sizes.note(photo.bytes, true);
      return;
    }
    if (outcome === 'too-large') {
      ctx.log.info(
        `Publish job ${ctx.record.id} [photos]: ${photo.name} (${photo.bytes} bytes) refused as too large`,
      );
      sizes.note(photo.bytes, false);
      if (await fitPhoto(ctx, photo, sizes, true)) refusals += 1;
    }
    Object.assign(photo, { ticket: null, uploaded: false, url: null });
    ctx.progress(photo.photoId, 0);
    await ctx.save();
  }
}

// Resolves false when the storage refused the file as too large (413) instead of taking it.
// `attachNext`: the listing exists, so the attach follows at once and its own save (written before
// it is sent) carries `uploaded` too; a crash before that finds the ticket unused and sends the same
// file to it again. Before the listing exists the upload is written down at once, so that a crash
// while the listing is made does not send the file twice.
async function uploadPhoto(ctx: JobContext, photo: JobPhoto, attachNext: () => boolean): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    checkStopped(ctx);
    if (!ticketUsable(photo.ticket, ctx.now().getTime())) await replaceTicket(ctx, photo);
    let failure: unknown;
    let sent = false;
    const upload = async (): Promise<boolean> => {
      // Waiting for a slot can take a while: the ticket may have run low meanwhile.
      const ticket = photo.ticket;
      if (ticket === null || !ticketUsable(ticket, ctx.now().getTime())) return false;
      ctx.progress(photo.photoId, 0);
      await ctx.client.uploadFile(ticket.signedPutUrl, ctx.photoPath(photo.file), {
        contentType: photo.mediaType,
        onProgress: (bytes) => ctx.progress(photo.photoId, bytes),
        signal: ctx.signal,
      });
      return true;
    };
    try {
      sent = await ctx.uploads.run(upload, ctx.signal);
    } catch (error) {
      // Stopped (while waiting for a slot, say): the job stops; there is nothing to judge.
      if (isAbortError(error) && ctx.signal.aborted) throw error;
      failure = error;
    }
    if (sent) {
      photo.uploaded = true;
      if (!attachNext()) await ctx.save();
      return true;
    }
    if (failure === undefined) continue;
    if (failure instanceof ServiceError && failure.problem === 'too-large') return false;
    if (failure instanceof ServiceError && failure.problem === 'ticket-expired') {
      photo.ticket = null;
      continue;
    }
    if (failure instanceof ServiceError && failure.problem === 'file-unreadable') {
      throw new StepFailure(
        jobError(
          {
            problem: 'photo-missing',
            message: jobWords('photoUnreadable', { name: photo.name, message: failure.message }),
          },
          ctx.now(),
        ),
      );
    }
    await waitToRepeat(ctx, repeatOrThrow(ctx, failure), attempt);
  }
}

async function replaceTicket(ctx: JobContext, photo: JobPhoto): Promise<void> {
  const issued = await patiently(ctx, () => ctx.client.createMediaTicket(photo.mediaType));
  photo.ticket = toJobTicket(issued, ctx.now().getTime());
  photo.uploaded = false;
  // On disk before the file is sent: after a crash the upload goes to this ticket again, never to a
  // new one that would leave the first upload on the storage, attached by no one.
  await ctx.save();
}

/** The stored form of a ticket the service issued at `nowMs`. */
export function toJobTicket(ticket: MediaUploadTicket, nowMs: number): JobTicket {
  const expireAt = Date.parse(ticket.expireAt);
  return {
    uuid: ticket.ticketUuid,
    signedPutUrl: ticket.signedPutUrl,
    expireAt: Number.isNaN(expireAt) ? nowMs + FALLBACK_TICKET_LIFE_MS : expireAt,
    issuedAt: nowMs,
  };
}

/** Whether enough of the ticket's life is left to upload with it and attach it. */
export function ticketUsable(ticket: JobTicket | null, nowMs: number): ticket is JobTicket {
  if (ticket === null) return false;
  const margin = Math.min(MAX_TICKET_MARGIN_MS, Math.max(0, (ticket.expireAt - ticket.issuedAt) / 2));
  return ticket.expireAt - nowMs > margin;
}
