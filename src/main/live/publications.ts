// The publications of live listings as the seller sees them: read fresh from the service (row 11),
// changed with row 10 (204, then read again). The spec has no read of all publications of a listing
// with a known path, so "the publications of a listing" are the ones the app's publish jobs made.
import type { PublicationPatch, PublicationView } from '../../shared/domain/live';
import { rejectionReasonOf } from '../../shared/domain/publishing';
import type { Publication } from '../../shared/service';
import type { ServiceClient } from '../service-client';
import { liveError, liveProblem } from './live-errors';

/** What the publications need of the publish engine. */
export interface PublicationsEngine {
  publicationsOf(listingUuid: string): { publicationUuid: string; accountId: string; jobId: string }[];
  retrack(listingUuid: string, publicationUuid?: string): Promise<number>;
  /** A job by id (safe live edits find a listing's draft through it). */
  get(jobId: string): { draftId: string } | undefined;
}

/** The view of a publication just read. */
export function publicationView(listingUuid: string, publication: Publication, now: Date): PublicationView {
  return {
    listingUuid,
    uuid: publication.uuid,
    requestedState: publication.requestedState ?? null,
    actualState: publication.actualState ?? null,
    adId: publication.adId ?? null,
    postalCode: publication.postalCode ?? null,
    reason: rejectionReasonOf(publication),
    checkedAt: now.toISOString(),
  };
}

/** Reads and changes publications through one account's client. */
export class Publications {
  constructor(
    private readonly engine: PublicationsEngine,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** One publication, read now; throws 'publication-not-found' when the service has none. */
  async get(client: ServiceClient, listingUuid: string, uuid: string): Promise<PublicationView> {
    try {
      return publicationView(listingUuid, await client.getPublication(listingUuid, uuid), this.now());
    } catch (error) {
      throw liveError(error);
    }
  }

  /** Every publication the app knows of the listing, each read now; one that cannot be read carries its problem. */
  async ofListing(client: ServiceClient, listingUuid: string): Promise<PublicationView[]> {
    const known = this.engine.publicationsOf(listingUuid);
    return Promise.all(
      known.map(async ({ publicationUuid }): Promise<PublicationView> => {
        try {
          return publicationView(
            listingUuid,
            await client.getPublication(listingUuid, publicationUuid),
            this.now(),
          );
        } catch (error) {
          return {
            listingUuid,
            uuid: publicationUuid,
            requestedState: null,
            actualState: null,
            adId: null,
            postalCode: null,
            reason: null,
            checkedAt: null,
            problem: liveProblem(error),
          };
        }
      }),
    );
  }

  /** Changes a publication (it goes through validation again, and its job follows it), then reads it. */
  async update(
    client: ServiceClient,
    listingUuid: string,
    uuid: string,
    patch: PublicationPatch,
  ): Promise<PublicationView> {
    try {
      await client.updatePublication(listingUuid, uuid, patch);
    } catch (error) {
      throw liveError(error);
    }
    await this.engine.retrack(listingUuid, uuid);
    return this.get(client, listingUuid, uuid);
  }
}
