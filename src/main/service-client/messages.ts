// Messages of ServiceError, in the app's language (main's serviceClient words). They are what a
// seller reads when the window has no sentence of its own for the problem, and what Details and
// the log hold; they say what happened and what to do, and never quote raw HTML or secrets.
import { STATUS_CODES } from 'node:http';
import { mainI18n } from '../i18n';
import { isIdempotent } from './operations';
import type { OperationName } from './operations';
import type { ServiceProblem } from './problems';

const MAX_DETAIL = 300;

/** A word of the serviceClient namespace in the app's language now. */
function say(key: string, values: Record<string, string | number> = {}): string {
  return mainI18n.t(`serviceClient:${key}`, values);
}

/** `text` as one clean line of at most MAX_DETAIL characters (service texts can be anything). */
export function clip(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line;
}

/** `text` ending with a full stop (unless it already ends a sentence). */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** "502 Bad Gateway": the status with its standard reason phrase. */
export function statusText(status: number): string {
  const reason = STATUS_CODES[status];
  return reason ? `${status} ${reason}` : String(status);
}

/** The service that answers an operation, as named in messages. */
function serviceName(operation: OperationName): string {
  if (operation === 'token') return say('service.token');
  if (operation === 'uploadFile') return say('service.uploadFile');
  return say('service.listings');
}

/** A short phrase for a connection error code (the code itself when it has none). */
function describeErrorCode(code: string): string {
  return mainI18n.exists(`serviceClient:code.${code}`) ? say(`code.${code}`) : code;
}

const HINTS: ReadonlySet<ServiceProblem> = new Set([
  'bad-request',
  'unauthorized',
  'forbidden',
  'too-large',
  'unsupported-media-type',
  'rate-limited',
  'server-error',
  'ticket-expired',
]);

/** What the user can do about an HTTP error problem (empty when the status says it all). */
function hint(problem: ServiceProblem, retryAfterMs: number | undefined): string {
  if (problem === 'rate-limited' && retryAfterMs !== undefined)
    return say('hint.rateLimitedIn', { seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
  return HINTS.has(problem) ? say(`hint.${problem}`) : '';
}

/** Facts about an HTTP error response that its message is built from. */
export interface HttpErrorFacts {
  operation: OperationName;
  problem: ServiceProblem;
  status: number;
  /** The service's own explanation (error object detail, XML message, short text), if any. */
  detail?: string;
  /** The body was an HTML page (typically from a proxy) rather than data. */
  page: boolean;
  retryAfterMs?: number;
}

/** Message of an HTTP error status. */
export function httpErrorMessage(facts: HttpErrorFacts): string {
  const lead = say('http.lead', { service: serviceName(facts.operation), status: statusText(facts.status) });
  let first: string;
  if (facts.page) {
    first = say([502, 503, 504].includes(facts.status) ? 'http.pageGateway' : 'http.page', { lead });
  } else {
    first = sentence(facts.detail ? say('http.detail', { lead, detail: clip(facts.detail) }) : lead);
  }
  const more = hint(facts.problem, facts.retryAfterMs);
  return more ? `${first} ${more}` : first;
}

/** Why a 2xx answer is not the data expected. */
export type InvalidWhy =
  { why: 'empty' | 'page' | 'notJson' | 'noPublications' } | { why: 'shape'; path?: string; issue?: string };

/** Message of a 2xx answer whose body is not the data expected. */
export function invalidResponseMessage(operation: OperationName, status: number, reason: InvalidWhy): string {
  let why: string;
  if (reason.why === 'shape') {
    const where = reason.path ? say('invalid.at', { path: reason.path }) : '';
    // The schema's own words (English) stay as they are: they name the data, not the seller's task.
    why = say('invalid.shape', { where }) + (reason.issue ? ` (${reason.issue})` : '');
  } else {
    why = say(`invalid.${reason.why}`);
  }
  return say('invalid.message', { service: serviceName(operation), status: statusText(status), why });
}

/** Message when a response did not match its schema, without more to say. */
export function unexpectedShapeMessage(operation: OperationName): string {
  return say('invalid.shapeOnly', { service: serviceName(operation) });
}

const TOKEN_CODES = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
]);

/** Message of a token error response with `error` = `code`. */
export function tokenErrorMessage(code: string, description: string | undefined): string {
  if (TOKEN_CODES.has(code)) {
    const known = say(`token.${code}`);
    return code === 'invalid_request' && description ? `${known} (${clip(description)})` : known;
  }
  const why = description ? `: ${clip(description)}` : '';
  return sentence(say('token.other', { code: clip(code) }) + why);
}

/** Message when no client secret is available. */
export function missingSecretMessage(unreadable: boolean): string {
  return say(unreadable ? 'missingSecret.unreadable' : 'missingSecret.none');
}

/** Facts about a failed connection that its message is built from. */
export interface TransportFacts {
  operation: OperationName;
  problem: ServiceProblem;
  code: string;
  /** host:port of the request, when known. */
  host?: string;
  timeoutMs?: number;
  /** The original error's message, shown only for unexpected errors. */
  original?: string;
}

/** Message of an error without an HTTP status (connection, TLS, timeout, abort, file). */
export function transportMessage(facts: TransportFacts): string {
  const service = serviceName(facts.operation);
  const at = facts.host ? say('transport.at', { host: facts.host }) : '';
  const code = describeErrorCode(facts.code);
  // Only a POST may have done its work without the client learning so.
  const maybeDone = isIdempotent(facts.operation) ? '' : say('transport.maybeDone');
  switch (facts.problem) {
    case 'unreachable':
    case 'tls':
      return say(`transport.${facts.problem}`, { service, at, code });
    case 'timeout':
      return facts.timeoutMs === undefined
        ? say('transport.timeout', { service, maybeDone })
        : say('transport.timeoutWithin', {
            service,
            maybeDone,
            seconds: Math.round(facts.timeoutMs / 100) / 10,
          });
    case 'connection-reset':
      return say('transport.connection-reset', { service, maybeDone });
    case 'aborted':
      return say(facts.operation === 'uploadFile' ? 'transport.abortedUpload' : 'transport.aborted');
    case 'file-unreadable':
      return say('transport.file-unreadable', { code });
    case 'invalid-response':
      return say('transport.invalid-response', { service, code: facts.code });
    default: {
      const what = facts.original ? `: ${clip(facts.original)}` : '';
      return sentence(say('transport.other', { service, code: facts.code }) + what);
    }
  }
}
