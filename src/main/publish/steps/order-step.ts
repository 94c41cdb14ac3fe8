// The order call (row 7): the listing's `urls` in the draft's photo order. It is a PUT, so it is
// repeated freely (also after a crash that came before `ordered` was written). If the service refuses the order (400) or answers with other URLs, the listing
// holds something else than the job's photos: it is read, strangers are removed and missing photos
// go back to be attached again.
import { ServiceError } from '../../service-client';
import { settleAttachments } from '../reconcile';
import {
  jobError,
  StepFailure,
  checkStopped,
  repeatOrThrow,
  waitToRepeat,
  type JobContext,
} from '../context';
import { isGone, listingGone, readListing, removeMedia } from './listing-step';
import { jobWords } from '../views';

// Reconciling more often than this means the listing keeps changing under the job.
const MAX_RECONCILES = 5;

/** Orders the listing's media; 'redo' when photos must be attached again first. */
export async function orderPhotos(ctx: JobContext, listingUuid: string): Promise<'done' | 'redo'> {
  const { record } = ctx;
  const urls = record.photos.map((photo) => photo.url).filter((url): url is string => url !== null);
  if (urls.length !== record.photos.length) return 'redo';
  for (let attempt = 0, reconciles = 0; ; attempt += 1) {
    checkStopped(ctx);
    let answer: string[] | undefined;
    try {
      answer = (await ctx.client.orderMedia(listingUuid, urls)).urls;
    } catch (error) {
      if (isGone(error)) throw listingGone(ctx);
      if (!(error instanceof ServiceError && error.problem === 'bad-request')) {
        await waitToRepeat(ctx, repeatOrThrow(ctx, error), attempt);
        continue;
      }
    }
    if (answer !== undefined && sameOrder(answer, urls)) {
      // Written with the next save (the publication's, before it is sent, or the job's end): an order
      // not on disk after a crash is only sent once more, and the PUT gives the same order again.
      record.ordered = true;
      return 'done';
    }
    if (++reconciles > MAX_RECONCILES) {
      throw new StepFailure(jobError({ problem: 'internal', message: jobWords('orderFailed') }, ctx.now()));
    }
    const listing = await readListing(ctx, listingUuid);
    const known = new Map(record.photos.map((photo) => [photo.photoId, photo.url!]));
    const settled = settleAttachments({ known, answered: new Map(), maybe: new Set() }, listing.urls);
    for (const url of settled.remove) await removeMedia(ctx, listingUuid, url);
    for (const photoId of settled.redo) {
      const photo = record.photos.find((p) => p.photoId === photoId);
      if (photo) Object.assign(photo, { url: null, ticket: null, uploaded: false });
    }
    await ctx.save();
    if (settled.redo.length > 0) return 'redo';
  }
}

function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((url, i) => url === b[i]);
}
