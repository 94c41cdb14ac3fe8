// Looking for a publication whose create answer was lost: the listing's publications are read
// (GET /v1/listings/{uuid}/publications, a read the spec names without path or shape), and one that
// appeared since the job first asked (not among those the listing had before, not another job's)
// is the job's. A service without that read answers 404 on a listing that exists, 405 or 501: then
// nothing can be looked up and the seller must be asked.
import { ServiceError, type PublicationSummary } from '../../service-client';
import { patiently, type JobContext } from '../context';
import { readListing } from './listing-step';
import { reconcile, type Owners } from '../reconcile';
import type { JobError } from '../jobs';

/** Publications that belong to a job (engine-wide): never taken for another job's lost answer. */
export interface PublicationDeps {
  claimed: Owners;
}

const NOT_OFFERED = new Set([405, 501]);

/** The listing's publications, or 'not-offered' when the service has no such read. */
export async function readPublications(
  ctx: JobContext,
  listingUuid: string,
): Promise<PublicationSummary[] | 'not-offered'> {
  const read = await patiently(ctx, async (): Promise<PublicationSummary[] | 'not-offered' | 404> => {
    try {
      return await ctx.client.listPublications(listingUuid);
    } catch (error) {
      if (error instanceof ServiceError && error.status !== undefined) {
        if (NOT_OFFERED.has(error.status)) return 'not-offered';
        if (error.status === 404) return 404;
      }
      throw error;
    }
  });
  if (read !== 404) return read;
  // A 404 is "Listing not found" or "no such route": the listing itself tells which (a listing that
  // is gone fails the job as 'listing-gone').
  await readListing(ctx, listingUuid);
  return 'not-offered';
}

/**
 * After a lost answer to the publication POST that may have left at `sentAt`: the job's publication
 * if it shows up within the window (reconcile/reconcile.ts), null when it did not, or 'not-offered'.
 */
export async function findPublication(
  ctx: JobContext,
  listingUuid: string,
  sentAt: number,
  deps: PublicationDeps,
  lost?: JobError,
): Promise<PublicationSummary | null | 'not-offered'> {
  const before = new Set(ctx.record.publicationsBefore ?? []);
  const first = await readPublications(ctx, listingUuid);
  if (first === 'not-offered') return 'not-offered';
  let pending: PublicationSummary[] | null = first;
  // One this job claimed is its own (a stopped run's refused save, see reconcile/owners.ts).
  const taken = deps.claimed.others(ctx.record.id);
  const pick = (items: readonly PublicationSummary[]) =>
    items.find((item) => !before.has(item.uuid) && !taken.has(item.uuid)) ?? null;
  return reconcile(
    ctx,
    'publication POST',
    sentAt,
    async () => {
      const items = pending ?? (await readPublications(ctx, listingUuid));
      pending = null;
      // Switched off meanwhile: nothing to see this time; the window goes on.
      return items === 'not-offered' ? null : pick(items);
    },
    lost,
  );
}
