// The one place every create and update of a listing passes (issue 33.4): each account's service
// client, watched. A 2xx teaches the known-good store the category and values sent; a 400 gets the
// likely cause (the parts sent that are not known good, by the catalog's labels) on its error, so the
// publish job, a live edit, a bulk or feed change and the command line all word it, and it reaches
// the log here. The listings a call answers with tell which path each listing has, so that an update
// that sends no category is judged in the listing's own.
import type { CatalogView } from '../../shared/domain/catalog';
import type { Listing, ListingUpdateRequest } from '../../shared/service';
import type { Log } from '../log/log';
import { ServiceError, withLikelyCause, type ServiceClient } from '../service-client';
import type { KnownGoodStore } from './known-good-store';
import { likelyCauseOf, type RefusedParts } from './refusal-causes';

export interface WatchDeps {
  store: KnownGoodStore;
  view(): CatalogView;
  log: Pick<Log, 'warn' | 'info'>;
}

/** The client of `accountId`, learning from what the service takes and naming what it may refuse. */
export function watchListingWrites(accountId: string, client: ServiceClient, deps: WatchDeps): ServiceClient {
  const { store } = deps;
  const seen = (listing: Listing | undefined) => {
    if (!listing) return;
    const full = store.resolve(accountId, listing.category, listing.uuid);
    if (full !== undefined) store.notePath(accountId, listing.uuid, full);
  };
  const refused = (error: unknown, parts: Omit<RefusedParts, 'accountId'>, operation: string): unknown => {
    if (!(error instanceof ServiceError) || error.status !== 400) return error;
    const likelyCause = likelyCauseOf(deps.view(), store, { accountId, ...parts });
    const fields = { account: accountId, operation, category: parts.path ?? null };
    if (!likelyCause) {
      deps.log.info(`${operation} refused (400); its category and attributes are known good`, fields);
      return error;
    }
    deps.log.warn(`${operation} refused (400); likely cause: ${likelyCause.en}`, fields);
    return withLikelyCause(error, likelyCause);
  };
  const updatedPath = (uuid: string, request: ListingUpdateRequest) =>
    request.category != null ? request.category.trim() : store.pathOf(accountId, uuid);

  return {
    ...client,
    async createListing(request) {
      const path = request.category.trim();
      try {
        const answer = await client.createListing(request);
        store.learnAccepted(accountId, { path, attributes: request.attributes });
        store.notePath(accountId, answer.uuid, path);
        return answer;
      } catch (error) {
        throw refused(error, { path, sendsCategory: true, attributes: request.attributes }, 'createListing');
      }
    },
    async updateListing(uuid, request) {
      const path = updatedPath(uuid, request);
      const attributes = request.attributes ?? undefined;
      try {
        const answer = await client.updateListing(uuid, request);
        if (path !== undefined && path !== '') {
          store.learnAccepted(accountId, { path, ...(attributes && { attributes }) });
          store.notePath(accountId, uuid, path);
        }
        return answer;
      } catch (error) {
        const parts = { path, sendsCategory: request.category != null, ...(attributes && { attributes }) };
        throw refused(error, parts, 'updateListing');
      }
    },
    async getListing(uuid) {
      const listing = await client.getListing(uuid);
      seen(listing);
      return listing;
    },
    async readListings() {
      const read = await client.readListings();
      for (const listing of read.listings) seen(listing);
      return read;
    },
    async attachMedia(uuid, ticketUuid) {
      const listing = await client.attachMedia(uuid, ticketUuid);
      seen(listing);
      return listing;
    },
  };
}

/** The store and the watch of each account's client, as the composition root wires them. */
export function knownGoodWatch(
  store: KnownGoodStore,
  view: () => CatalogView,
  log: Pick<Log, 'warn' | 'info'>,
): (accountId: string, client: ServiceClient) => ServiceClient {
  return (accountId, client) => watchListingWrites(accountId, client, { store, view, log });
}
