// One job from where its record stands to its publication: imprint, then the listing and the
// photos side by side (only the attaches wait for the listing), the order, the publication. Every
// step skips what the record shows as done, so the same function starts and resumes a job.
import { jobError } from './failure';
import type { ImprintSource } from './imprint-step';
import { StepFailure, checkStopped, type JobContext } from './job-context';
import { ensureListing, type ListingDeps } from './listing-step';
import { orderPhotos } from './order-step';
import { runPhotos } from './photos-step';
import { ensurePublication } from './publication-step';

export interface RunDeps {
  imprints: ImprintSource;
  listings: ListingDeps;
}

// Rounds of "attach, then order" that found the listing changed under the job.
const MAX_ROUNDS = 5;

/** Runs the job up to its publication (tracking is separate: it holds no draft slot). */
export async function runJob(ctx: JobContext, deps: RunDeps): Promise<void> {
  await deps.imprints.ensure(ctx);
  const listing = ensureListing(ctx, deps.listings);
  // Observed below (through runPhotos or directly); this keeps an early failure from going unhandled.
  listing.catch(() => undefined);
  for (let round = 0; !ctx.record.ordered; round += 1) {
    checkStopped(ctx);
    if (round >= MAX_ROUNDS) {
      throw new StepFailure(
        jobError({ problem: 'internal', message: 'The listing’s photos kept changing.' }, ctx.now()),
      );
    }
    if (ctx.record.photos.some((photo) => photo.url === null)) await runPhotos(ctx, listing);
    if ((await orderPhotos(ctx, await listing)) === 'done') break;
  }
  await ensurePublication(ctx, await listing);
}
