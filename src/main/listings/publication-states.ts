// The publications' states of every listing in a refresh. The service's read of a listing's
// publications (GET /v1/listings/{uuid}/publications, named by the spec without path or shape) is
// asked once per listing, a few at a time. The first read goes alone: a service without that read
// (404 on a listing just listed, 405, 501) then costs one call, not one per listing, and the states
// come from the publish jobs instead. States the read leaves out are filled in from the jobs too.
// A refresh the seller did not ask for (focus, interval, an ad going live) reads only the listings
// whose states may have moved (see `listingsToRead`): with 1,000 live ads, 1,000 reads every few
// minutes would be a burden on the service for states that rarely change by themselves.
import pLimit from 'p-limit';
import type { PublishJobView } from '../../shared/domain/publishing';
import type { ListingExtras, ListingView, PublicationStateView } from '../../shared/ipc/types';
import { ServiceError, type PublicationSummary, type ServiceClient } from '../service-client';

/** How long states read in a background refresh may go unread before all are read again. */
export const FULL_READ_EVERY_MS = 30 * 60_000;

/** Whether a refresh reads every listing's publications ('all') or only those that may have moved. */
export type ReadScope = 'all' | 'changed';

/** A publication still on its way (or in a state the app was not told it asked for). */
function unsettled(p: PublicationStateView): boolean {
  return p.actualState === null || p.requestedState === null || p.actualState !== p.requestedState;
}

/**
 * The listings whose publications a refresh reads: all of them for 'all'; else the new ones, the
 * changed ones, and those with a publication not yet where it was asked to be.
 */
export function listingsToRead(
  listings: readonly ListingView[],
  before: { listings: readonly ListingView[]; extras?: Record<string, ListingExtras> },
  scope: ReadScope,
): string[] {
  if (scope === 'all') return listings.map((l) => l.uuid);
  const old = new Map(before.listings.map((l) => [l.uuid, JSON.stringify(l)]));
  return listings
    .filter((listing) => {
      const known = before.extras?.[listing.uuid];
      if (!known || known.publications.length === 0) return true;
      if (old.get(listing.uuid) !== JSON.stringify(listing)) return true;
      return known.publications.some(unsettled);
    })
    .map((l) => l.uuid);
}

/** Reads of publications at once during a refresh. */
export const PUBLICATION_READS_AT_ONCE = 6;

const NOT_OFFERED = new Set([404, 405, 501]);

/** The states of each listing's publications, and where they came from. */
export interface PublicationStates {
  byListing: Map<string, PublicationStateView[]>;
  from: 'service' | 'jobs';
}

/** The publications the account's jobs made, per listing uuid (the latest job of a publication wins). */
export function statesFromJobs(
  jobs: readonly PublishJobView[],
  accountId: string,
): Map<string, PublicationStateView[]> {
  const byListing = new Map<string, Map<string, PublicationStateView>>();
  for (const job of jobs) {
    if (job.accountId !== accountId || !job.listingUuid || !job.publicationUuid) continue;
    let own = byListing.get(job.listingUuid);
    if (!own) byListing.set(job.listingUuid, (own = new Map()));
    own.set(job.publicationUuid, jobState(job));
  }
  return new Map([...byListing].map(([uuid, own]) => [uuid, [...own.values()]]));
}

/** A job's publication as a row shows it. */
export function jobState(job: PublishJobView): PublicationStateView {
  return {
    uuid: job.publicationUuid ?? '',
    requestedState: job.requestedState,
    actualState: job.actualState,
    adId: job.adId,
  };
}

/** What the service said of a publication, with what it left out taken from the job that made it. */
function merged(item: PublicationSummary, job: PublicationStateView | undefined): PublicationStateView {
  return {
    uuid: item.uuid,
    requestedState: item.requestedState ?? job?.requestedState ?? null,
    actualState: item.actualState ?? job?.actualState ?? null,
    adId: item.adId ?? job?.adId ?? null,
  };
}

/**
 * Reads the publications of `listingUuids`. A listing whose read fails for another reason keeps
 * `previous` (its states at the last refresh) with the jobs' newer word, so one bad read hides nothing.
 */
export async function readPublicationStates(
  client: Pick<ServiceClient, 'listPublications'>,
  listingUuids: readonly string[],
  fromJobs: Map<string, PublicationStateView[]>,
  previous: (listingUuid: string) => PublicationStateView[] | undefined,
  log: { warn(message: string): void },
  /** The listings to read (default: all); the others keep their last known states. */
  toRead: ReadonlySet<string> = new Set(listingUuids),
): Promise<PublicationStates> {
  const byListing = new Map<string, PublicationStateView[]>();
  let notOffered = false;
  let failures = 0;
  const keepPrevious = (uuid: string, jobs: Map<string, PublicationStateView>) => {
    const before = new Map((previous(uuid) ?? []).map((p) => [p.uuid, p]));
    for (const [id, state] of jobs) before.set(id, state);
    byListing.set(uuid, [...before.values()]);
  };
  for (const uuid of listingUuids) {
    if (!toRead.has(uuid)) keepPrevious(uuid, new Map((fromJobs.get(uuid) ?? []).map((p) => [p.uuid, p])));
  }
  const readOne = async (uuid: string): Promise<void> => {
    if (notOffered) return;
    const jobs = new Map((fromJobs.get(uuid) ?? []).map((p) => [p.uuid, p]));
    try {
      const items = await client.listPublications(uuid);
      byListing.set(
        uuid,
        items.map((item) => merged(item, jobs.get(item.uuid))),
      );
    } catch (error) {
      if (error instanceof ServiceError && error.status !== undefined && NOT_OFFERED.has(error.status)) {
        notOffered = true;
        return;
      }
      failures += 1;
      keepPrevious(uuid, jobs);
    }
  };
  const [first, ...rest] = listingUuids.filter((uuid) => toRead.has(uuid));
  if (first !== undefined) await readOne(first);
  const limit = pLimit(PUBLICATION_READS_AT_ONCE);
  await Promise.all(rest.map((uuid) => limit(readOne, uuid)));
  if (failures > 0)
    log.warn(
      `The publications of ${failures} listing(s) could not be read; their last known states are shown`,
    );
  if (notOffered) return { byListing: fromJobs, from: 'jobs' };
  return { byListing, from: 'service' };
}
