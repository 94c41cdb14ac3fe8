// One job from where its record stands to its publication: the imprint, the listing and the photos
// side by side (only the attaches wait for the listing, only the publication for the imprint), the
// order, the publication. Every step skips what the record shows as done, so the same function
// starts and resumes a job.
import { setMaxListeners } from 'node:events';
import { jobError, StepFailure, checkStopped, type JobContext } from '../context';
import type { ImprintSource } from './imprint-step';
import { ensureListing, type ListingDeps } from './listing-step';
import { orderPhotos } from './order-step';
import { isAbortError } from '../pacing';
import { runPhotos } from './photos-step';
import type { PublicationDeps } from './publication-read';
import { ensurePublication } from './publication-step';
import { jobWords } from '../views';

export interface RunDeps {
  imprints: ImprintSource;
  listings: ListingDeps;
  publications: PublicationDeps;
}

// Rounds of "attach, then order" that found the listing changed under the job.
const MAX_ROUNDS = 5;

/** Runs the job up to its publication (tracking is separate: it holds no draft slot). */
export async function runJob(ctx: JobContext, deps: RunDeps): Promise<void> {
  // Nothing is sent for a job that could not be published in the end (see imprint-step.ts).
  deps.imprints.check(ctx);
  // The steps stop together: on a cancel or a stop, and when the imprint fails for good.
  const controller = new AbortController();
  // Every photo's waits and upload listen to it (see jobController in engine.ts).
  setMaxListeners(100, controller.signal);
  const stop = () => controller.abort();
  ctx.signal.addEventListener('abort', stop, { once: true });
  if (ctx.signal.aborted) stop();
  const job: JobContext = { ...ctx, signal: controller.signal };
  // Only the publication needs the imprint (spec: it must exist before the publication is created),
  // so it is made while the listing and the photos go on.
  let imprintFailure: unknown;
  const imprint = deps.imprints.ensure({ ...job, step: 'imprint' });
  imprint.catch((error: unknown) => {
    imprintFailure = error;
    stop();
  });
  try {
    const listingUuid = await listingAndPhotos(job, deps);
    await imprint;
    await ensurePublication({ ...job, step: 'publication' }, listingUuid, deps.publications);
  } catch (error) {
    stop();
    // The aborts a failed imprint set off in the other steps are not the cause: the imprint is.
    if (isAbortError(error) && imprintFailure !== undefined && !ctx.signal.aborted) throw imprintFailure;
    throw error;
  } finally {
    // The job ends with nothing of it still under way (e.g. a shared imprint creation).
    await Promise.allSettled([imprint]);
    ctx.signal.removeEventListener('abort', stop);
  }
}

// The listing and the photos, up to the order of the photos; resolves with the listing's uuid.
async function listingAndPhotos(ctx: JobContext, deps: RunDeps): Promise<string> {
  const listing = ensureListing({ ...ctx, step: 'listing' }, deps.listings);
  // Observed below (through runPhotos or directly); this keeps an early failure from going unhandled.
  listing.catch(() => undefined);
  for (let round = 0; !ctx.record.ordered; round += 1) {
    checkStopped(ctx);
    if (round >= MAX_ROUNDS) {
      throw new StepFailure(
        jobError({ problem: 'internal', message: jobWords('photosKeptChanging') }, ctx.now()),
      );
    }
    if (ctx.record.photos.some((photo) => photo.url === null))
      await runPhotos({ ...ctx, step: 'photos' }, listing).catch(async (error: unknown) => {
        // A listing that failed stops the photos: its failure is the cause, not their aborts (an
        // abort alone would leave the job "running" as if the engine had stopped).
        if (isAbortError(error)) await listing;
        throw error;
      });
    if ((await orderPhotos({ ...ctx, step: 'order' }, await listing)) === 'done') break;
  }
  return listing;
}
