// Deleting a listing and pausing or resuming a publication: documented by the service behind the
// spec, not listed in the spec itself, so a service may not offer them. It says so with 405 or 501,
// or with a 404 that is indistinguishable from "no such listing" by status alone; then a read of the
// thing tells: it exists -> the operation is not offered; it is gone -> there is nothing to delete.
// Both calls are idempotent: the client repeats them after a timeout, a reset or a 5xx by itself,
// and an outcome still unclear after that is settled by reading the listing.
import { Publication, servicePaths } from '../../shared/service';
import { callApi } from './api-request';
import type { ApiContext } from './api-request';
import { ServiceError } from './errors';
import { optionalBody } from './responses';

/** What a delete did: 'deleted' now, or 'gone' (it was not there, e.g. an earlier unclear attempt took it). */
export type DeleteOutcome = 'deleted' | 'gone';

/** The requested states the service documents (RESUMED asks for the ad to be live again). */
export type PublicationStateRequest = 'PAUSED' | 'RESUMED';

/** The English words of 'not-offered' per operation (the UI has its own in both languages). */
export const NOT_OFFERED_MESSAGES = {
  deleteListing: 'This service does not offer deleting ads.',
  setPublicationState: 'This service does not offer pausing or resuming ads.',
} as const;

const NOT_OFFERED_STATUSES: ReadonlySet<number> = new Set([405, 501]);
// The outcome of a request that ended like this is unknown: it may have been carried out.
const UNCLEAR: ReadonlySet<string> = new Set(['timeout', 'connection-reset', 'server-error']);

/** The 'not-offered' error of `operation`, keeping the service's own words as details. */
export function notOffered(operation: keyof typeof NOT_OFFERED_MESSAGES, cause: ServiceError): ServiceError {
  return new ServiceError({
    operation,
    problem: 'not-offered',
    ...(cause.status !== undefined && { status: cause.status }),
    ...(cause.title !== undefined && { title: cause.title }),
    ...(cause.detail !== undefined && { detail: cause.detail }),
    ...(cause.instance !== undefined && { instance: cause.instance }),
    safeToRepeat: true,
    message: NOT_OFFERED_MESSAGES[operation],
  });
}

/** Whether the read answered 404 (gone) or 2xx (there); other failures are thrown. */
async function exists(api: ApiContext, call: Parameters<typeof callApi>[1]): Promise<boolean> {
  try {
    await callApi(api, call);
    return true;
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return false;
    throw error;
  }
}

/** `DELETE /v1/listings/{uuid}`; see the top of this file for 404 and unclear outcomes. */
export async function deleteListing(api: ApiContext, uuid: string): Promise<DeleteOutcome> {
  const path = servicePaths.listing(uuid);
  try {
    await callApi(api, { operation: 'deleteListing', path });
    return 'deleted';
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status !== undefined && NOT_OFFERED_STATUSES.has(error.status))
      throw notOffered('deleteListing', error);
    const check = error.status === 404 || UNCLEAR.has(error.problem);
    if (!check) throw error;
    let there: boolean;
    try {
      there = await exists(api, { operation: 'getListing', path });
    } catch {
      // The read failed too: the delete's own failure says more.
      throw error;
    }
    if (!there) {
      api.log?.info?.(`deleteListing ${uuid}: ${error.problem} answered; the listing is gone`, {
        operation: 'deleteListing',
      });
      return 'gone';
    }
    // A 404 for a listing that exists: the service has no such DELETE. An unclear failure with the
    // listing still there: it was not deleted, and the call can be made again.
    throw error.status === 404 ? notOffered('deleteListing', error) : error;
  }
}

/**
 * `PUT …/publications/{publicationUuid}/state?requestedState=…`; returns the publication when the
 * service sends it back (any 2xx with any or no body is success).
 */
export async function setPublicationState(
  api: ApiContext,
  uuid: string,
  publicationUuid: string,
  state: PublicationStateRequest,
): Promise<Publication | undefined> {
  const path = servicePaths.publication(uuid, publicationUuid);
  try {
    const response = await callApi(api, {
      operation: 'setPublicationState',
      path: `${path}/state`,
      searchParams: new URLSearchParams({ requestedState: state }),
    });
    return optionalBody(response, Publication);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status !== undefined && NOT_OFFERED_STATUSES.has(error.status))
      throw notOffered('setPublicationState', error);
    if (error.status !== 404) throw error;
    const there = await exists(api, { operation: 'getPublication', path }).catch(() => false);
    throw there ? notOffered('setPublicationState', error) : error;
  }
}
