// The service's error object and the errors the spec's Errors table shows ("as seen").
import { z } from 'zod';

/**
 * Error object of the listings endpoints. Every field is optional because some samples (publication
 * create and update) carry a reduced set, and a proxy in between may send something else entirely.
 */
export const ErrorObject = z.looseObject({
  type: z.string().nullish(),
  title: z.string().nullish(),
  status: z.number().int().nullish(),
  detail: z.string().nullish(),
  instance: z.string().nullish(),
  properties: z.record(z.string(), z.unknown()).nullish(),
  localizedTitle: z.string().nullish(),
  localizedDetail: z.string().nullish(),
  localizedMessage: z.string().nullish(),
});
export type ErrorObject = z.infer<typeof ErrorObject>;

/** Status, title and detail of one row of the spec's Errors table. */
export interface SpecError {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
}

/**
 * Rows of the Errors table whose title and detail the spec gives verbatim. The 415 detail and the
 * publication mismatch detail are only described there, so they are not constants of the contract.
 */
export const SPEC_ERRORS = {
  failedToRead: { status: 400, title: 'Bad Request', detail: 'Failed to read request' },
  listingNotFound: { status: 404, title: 'Not Found', detail: 'Listing not found' },
  ticketNotFound: { status: 404, title: 'Not Found', detail: 'Ticket not found/expired.' },
  mediaTooLarge: { status: 413, title: 'PAYLOAD_TOO_LARGE', detail: 'Media is too large.' },
  invalidOrdering: { status: 400, title: 'Bad Request', detail: 'Invalid ordering' },
  mediaNotRemoved: { status: 404, title: 'Not Found', detail: 'Could not remove media.' },
  missingData: { status: 400, title: 'Bad Request', detail: 'Missing data' },
  publicationNotFound: { status: 404, title: 'Not Found', detail: 'Not found' },
} as const satisfies Record<string, SpecError>;

/** Title of the publication-update mismatch error (its detail is `Mismatch` plus the publication id). */
export const MISMATCH_TITLE = 'BAD_REQUEST';

/** Title of the unsupported-media-type error of `POST /v1/media`. */
export const UNSUPPORTED_MEDIA_TYPE_TITLE = 'Unsupported Media Type';
