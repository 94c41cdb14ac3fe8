// The operations of the listing service client: their names (as ServiceError reports them), their
// HTTP methods and which service answers them, so that retry and error rules are spelled once.

/** Every call the client makes, named as ServiceError.operation reports it. */
export const OPERATION_METHODS = {
  token: 'POST',
  createMediaTicket: 'POST',
  createListing: 'POST',
  listListings: 'GET',
  getListing: 'GET',
  updateListing: 'PUT',
  attachMedia: 'POST',
  orderMedia: 'PUT',
  deleteMedia: 'DELETE',
  createPublication: 'POST',
  updatePublication: 'PUT',
  getPublication: 'GET',
  listPublications: 'GET',
  createImprint: 'POST',
  uploadFile: 'PUT',
  // Not in the spec's table; the service behind it documents them (issue 15).
  deleteListing: 'DELETE',
  setPublicationState: 'PUT',
} as const;

/** Name of one client operation. */
export type OperationName = keyof typeof OPERATION_METHODS;

/** HTTP method of an operation. */
export type HttpMethod = (typeof OPERATION_METHODS)[OperationName];

/**
 * Whether sending the operation twice cannot create a duplicate. GET, PUT and DELETE are idempotent
 * by HTTP's rules; a token request creates nothing but a token, so it counts as idempotent too.
 */
export function isIdempotent(operation: OperationName): boolean {
  return operation === 'token' || OPERATION_METHODS[operation] !== 'POST';
}
