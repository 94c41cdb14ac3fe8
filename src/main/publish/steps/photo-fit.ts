// A job's photos made to fit the service's media size limit, which the spec does not give: what the
// account's service attached and refused with 413 is remembered (context/accounts-port.ts), a photo above
// the size known to fit is made smaller before it is sent, and one refused is made smaller than the
// size refused and sent again. The copies live in the job's folder next to the job's link to the
// draft's photo, which is never changed: every copy is made from that original.
import { rm } from 'node:fs/promises';
import { FLOOR_EDGE, noteMediaSize, shrinkBelow, sizeToFit, type MediaLimit } from '../../media/shrink';
import { jobError, StepFailure, type JobContext } from '../context';
import type { JobPhoto } from '../jobs';
import { jobWords } from '../views';

// `smaller-<n>-<the job's link>`: the n-th copy of that photo.
const COPY_NAME = /^smaller-(\d+)-(.+)$/;

/** The sizes the service took and refused, for the photos of one job run. */
export class PhotoSizes {
  // Used when the engine remembers nothing per account (tests of the steps alone).
  private local: MediaLimit | null = null;

  constructor(private readonly ctx: JobContext) {}

  /** What is known of the service's limit. */
  limit(): MediaLimit | null {
    return this.ctx.media?.limit() ?? this.local;
  }

  /** Remembers that a photo of `bytes` was attached (`accepted`) or refused with 413. */
  note(bytes: number, accepted: boolean): void {
    this.local = noteMediaSize(this.local, bytes, accepted);
    this.ctx.media?.note(bytes, accepted);
  }
}

/** The job's link to the draft's photo that `file` (the link or a copy of it) was made from. */
export function originalOf(file: string): string {
  return COPY_NAME.exec(file)?.[2] ?? file;
}

/**
 * Makes the photo's file fit what the service is known to take; `refused`: the service just refused
 * the current one with 413 (then a copy smaller than it is a must, and at the floor the job fails
 * naming the photo and the size the service took). Before an upload, a copy is made only when one
 * fits better than the photo as it is. Resolves true when the photo's file is now a new copy.
 */
export async function fitPhoto(
  ctx: JobContext,
  photo: JobPhoto,
  sizes: PhotoSizes,
  refused: boolean,
): Promise<boolean> {
  const limit = sizes.limit();
  const target = sizeToFit(limit);
  if (target === null || photo.bytes <= target) {
    // Nothing known says it is too large (the account's record changed meanwhile): sent as it is.
    if (refused) ctx.log.info(`Publish job ${ctx.record.id} [photos]: ${photo.name} sent again as it is`);
    return false;
  }
  const original = originalOf(photo.file);
  const count = Number(COPY_NAME.exec(photo.file)?.[1] ?? 0) + 1;
  const name = `smaller-${count}-${original}`;
  const copy = await shrinkBelow(ctx.photoPath(original), photo.mediaType, ctx.photoPath(name), target + 1);
  if (!copy.fits && copy.bytes >= photo.bytes) {
    await rm(ctx.photoPath(name), { force: true });
    if (refused) throw new StepFailure(tooLargeError(ctx, photo, limit));
    return false;
  }
  ctx.log.info(
    `Publish job ${ctx.record.id} [photos]: ${photo.name} made smaller to fit the service: ${photo.bytes} -> ${copy.bytes} bytes (${copy.edge} px, quality ${copy.quality})`,
  );
  const previous = photo.file;
  Object.assign(photo, { file: name, bytes: copy.bytes, ticket: null, uploaded: false, url: null });
  await ctx.save();
  // The copy it replaces is of no use any more (the job's link to the original is kept).
  if (previous !== original) await rm(ctx.photoPath(previous), { force: true });
  return true;
}

function tooLargeError(ctx: JobContext, photo: JobPhoto, limit: MediaLimit | null) {
  const accepted = limit?.acceptedBytes ?? null;
  const took =
    accepted === null ? jobWords('noneAccepted') : jobWords('acceptedUpTo', { size: kb(accepted) });
  // The spec's row (attachMedia 413) gives the seller's title and sentence in the UI's language; the
  // photo and the sizes come with `params` for the UI's own words of what to do.
  const error = jobError(
    {
      operation: 'attachMedia',
      problem: 'photo-too-large',
      status: 413,
      title: 'PAYLOAD_TOO_LARGE',
      detail: 'Media is too large.',
      message: '',
    },
    ctx.now(),
    'fix-draft',
  );
  return {
    ...error,
    detail: jobWords('tooLargeAtFloor', { name: photo.name, edge: FLOOR_EDGE, size: kb(photo.bytes), took }),
    whatToDo: jobWords('crop', { name: photo.name }),
    params: { name: photo.name, bytes: photo.bytes, ...(accepted !== null && { accepted }) },
  };
}

function kb(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}
