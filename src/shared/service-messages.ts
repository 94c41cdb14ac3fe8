// The seller's sentences for the service's errors: every row of the spec's Errors table and every
// error code of the token service, in English and German. The service's own title and detail are
// terse and English ("Bad Request", "Missing data"); they stay available as details, and these
// sentences say what happened and what to do. Pure data and functions, shared by main and renderer.
import type { DraftLanguage } from './domain/drafts';
import { draftFieldLabel, fillPlaceholders } from './domain/drafts';
import { TOKEN_ERROR_CODES } from './service/token';
import {
  SERVICE_MESSAGE_TEXTS,
  type ServiceMessageKey,
  type ServiceMessageText,
} from './service-message-texts';

export type { ServiceMessageKey, ServiceMessageText } from './service-message-texts';

/** One row of the spec's Errors table, as written there, and the client operations it concerns. */
export interface SpecErrorRow {
  endpoint: string;
  status: number;
  title: string;
  detail: string;
  operations: readonly string[];
}

/** The spec's Errors table ("Errors" section of the listing-service spec), row by row. */
export const SPEC_ERROR_ROWS: readonly SpecErrorRow[] = [
  {
    endpoint: 'POST `/v1/media`',
    status: 400,
    title: 'Bad Request',
    detail: 'Failed to read request',
    operations: ['createMediaTicket'],
  },
  {
    endpoint: 'POST `/v1/media`',
    status: 415,
    title: 'Unsupported Media Type',
    detail: 'Unsupported media type',
    operations: ['createMediaTicket'],
  },
  {
    endpoint: 'POST `/v1/listings`',
    status: 400,
    title: 'Bad Request',
    detail: 'Failed to read request',
    operations: ['createListing'],
  },
  {
    endpoint: 'GET, PUT `/v1/listings/{uuid}`',
    status: 404,
    title: 'Not Found',
    detail: 'Listing not found',
    operations: ['getListing', 'updateListing'],
  },
  {
    endpoint: 'POST `/v1/listings/{uuid}/media`',
    status: 404,
    title: 'Not Found',
    detail: 'Ticket not found/expired.',
    operations: ['attachMedia'],
  },
  {
    endpoint: 'POST `/v1/listings/{uuid}/media`',
    status: 413,
    title: 'PAYLOAD_TOO_LARGE',
    detail: 'Media is too large.',
    operations: ['attachMedia'],
  },
  {
    endpoint: 'PUT `/v1/listings/{uuid}/media/order`',
    status: 400,
    title: 'Bad Request',
    detail: 'Invalid ordering',
    operations: ['orderMedia'],
  },
  {
    endpoint: 'DELETE `/v1/listings/{uuid}/media`',
    status: 404,
    title: 'Not Found',
    detail: 'Could not remove media.',
    operations: ['deleteMedia'],
  },
  {
    endpoint: 'POST `/v1/listings/{uuid}/publications`',
    status: 400,
    title: 'Bad Request',
    detail: 'Missing data',
    operations: ['createPublication'],
  },
  {
    endpoint: 'PUT `/v1/listings/{uuid}/publications/{publicationUuid}`',
    status: 400,
    title: 'BAD_REQUEST',
    detail: 'Mismatch',
    operations: ['updatePublication'],
  },
  {
    endpoint: 'GET `/v1/listings/{listingUuid}/publications/{publicationUuid}`',
    status: 404,
    title: 'Not Found',
    detail: 'Not found',
    operations: ['getPublication'],
  },
  {
    endpoint: 'POST `/v1/imprints`',
    status: 400,
    title: 'Bad Request',
    detail: 'Failed to read request',
    operations: ['createImprint'],
  },
];

/** What is known of a failed call: enough to find its sentence. */
export interface ServiceFailure {
  /** The client operation (ServiceError.operation), when a call of the service failed. */
  operation?: string;
  /** The problem code (ServiceError.problem; for token errors the token service's `error`). */
  problem: string;
  status?: number;
  /** Draft fields the app suspects (dotted paths, e.g. `publication.district`). */
  fields?: readonly string[];
  /** The likely cause of a refusal, in each language (issue 33.4: a category or value the catalog does not know). */
  likelyCause?: LikelyCause;
}

/** The likely cause of a refusal, worded in each language by main (it needs the catalog and the account). */
export interface LikelyCause {
  en: string;
  de: string;
}

/** The key of the sentence for `failure`, or undefined when neither the table nor the token codes cover it. */
export function serviceMessageKey(failure: ServiceFailure): ServiceMessageKey | undefined {
  if ((TOKEN_ERROR_CODES as readonly string[]).includes(failure.problem)) {
    return `token.${failure.problem}` as ServiceMessageKey;
  }
  if (failure.operation === undefined || failure.status === undefined) return undefined;
  const key = `${failure.operation}.${failure.status}`;
  return key in SERVICE_MESSAGE_TEXTS.en ? (key as ServiceMessageKey) : undefined;
}

/** A seller's sentence: a short title, what happened and what to do. */
export interface ServiceMessage {
  key: ServiceMessageKey;
  title: string;
  what: string;
  todo: string;
}

/** The sentence for `failure` in `language`, with suspected fields named; undefined when none fits. */
export function serviceMessage(failure: ServiceFailure, language: DraftLanguage): ServiceMessage | undefined {
  const key = serviceMessageKey(failure);
  if (key === undefined) return undefined;
  const text: ServiceMessageText = SERVICE_MESSAGE_TEXTS[language][key];
  const fields = (failure.fields ?? []).map((field) => draftFieldLabel(field, language));
  const todo =
    fields.length > 0 && text.todoFields
      ? fillPlaceholders(text.todoFields, { fields: fields.join(', ') }, language)
      : text.todo;
  const cause = failure.likelyCause?.[language];
  const what =
    cause && text.cause ? `${text.what} ${fillPlaceholders(text.cause, { cause }, language)}` : text.what;
  return { key, title: text.title, what, todo };
}

/** The sentence as one line of text ("What happened. What to do."), for logs and plain messages. */
export function serviceMessageLine(failure: ServiceFailure, language: DraftLanguage): string | undefined {
  const message = serviceMessage(failure, language);
  return message && `${message.what} ${message.todo}`;
}

/**
 * The service's own words for the "Details" disclosure: status, title and detail once each (a
 * detail equal to the title is not repeated), e.g. "400 · Bad Request · Missing data".
 */
export function serviceDetails(facts: { status?: number; title?: string; detail?: string }): string {
  const parts: string[] = [];
  if (facts.status !== undefined) parts.push(String(facts.status));
  const title = facts.title?.trim();
  const detail = facts.detail?.trim();
  if (title) parts.push(title);
  if (detail && detail.toLowerCase() !== title?.toLowerCase()) parts.push(detail);
  return parts.join(' · ');
}
