// English messages of ServiceError. They are what a user reads when the UI has no translation for
// the problem code, so they say what happened and what to do, and never quote raw HTML or secrets.
import { STATUS_CODES } from 'node:http';
import { isIdempotent, serviceName } from './operations';
import type { OperationName } from './operations';
import type { ServiceProblem } from './problems';
import { describeErrorCode } from './problems';

const MAX_DETAIL = 300;

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

/** What the user can do about an HTTP error problem (empty when the status says it all). */
function hint(problem: ServiceProblem, retryAfterMs: number | undefined): string {
  switch (problem) {
    case 'bad-request':
      return 'The request was not accepted as sent.';
    case 'unauthorized':
      return 'The access token was refused even after a new one was fetched. Check the client ID and the Authorization header setting.';
    case 'forbidden':
      return 'This account may not do this.';
    case 'too-large':
      return 'The file is larger than the service allows.';
    case 'unsupported-media-type':
      return 'Only JPEG and PNG images are accepted.';
    case 'rate-limited':
      return retryAfterMs === undefined
        ? 'Too many requests; try again later.'
        : `Too many requests; try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s.`;
    case 'server-error':
      return 'Try again later.';
    case 'ticket-expired':
      return 'The upload link has expired, was used already or is not valid; a new upload ticket is needed.';
    default:
      return '';
  }
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
  const lead = `The ${serviceName(facts.operation)} answered ${statusText(facts.status)}`;
  let first: string;
  if (facts.page) {
    const gateway = [502, 503, 504].includes(facts.status) ? ' (a proxy or gateway problem)' : '';
    first = `${lead} with a page instead of data${gateway}.`;
  } else {
    first = sentence(facts.detail ? `${lead}: ${clip(facts.detail)}` : lead);
  }
  const more = hint(facts.problem, facts.retryAfterMs);
  return more ? `${first} ${more}` : first;
}

/** Message of a 2xx answer whose body is not the data expected. */
export function invalidResponseMessage(operation: OperationName, status: number, why: string): string {
  return `The ${serviceName(operation)} answered ${statusText(status)} but ${why}. The service may have changed or a proxy may be in the way.`;
}

/** Messages of the token service's error codes (the description goes into `detail`). */
const TOKEN_MESSAGES: Record<string, string> = {
  invalid_request: 'The token service rejected the sign-in request as incomplete or malformed.',
  invalid_client: 'The client ID or secret is wrong.',
  invalid_grant:
    'The token service refused the grant (invalid_grant). Check the audience the client asks for.',
  unauthorized_client: 'This client is not allowed to sign in with client credentials.',
  unsupported_grant_type: 'The token service does not support signing in with client credentials.',
};

/** Message of a token error response with `error` = `code`. */
export function tokenErrorMessage(code: string, description: string | undefined): string {
  const known = TOKEN_MESSAGES[code];
  if (known) return code === 'invalid_request' && description ? `${known} (${clip(description)})` : known;
  const why = description ? `: ${clip(description)}` : '';
  return sentence(`The token service refused to issue an access token (${clip(code)})${why}`);
}

/** Message when no client secret is available. */
export function missingSecretMessage(unreadable: boolean): string {
  return unreadable
    ? 'The client secret could not be read from the secret store. Enter it again in the account settings.'
    : 'No client secret is stored for this account. Enter it in the account settings.';
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
  const at = facts.host ? ` at ${facts.host}` : '';
  // Only a POST may have done its work without the client learning so.
  const maybeDone = isIdempotent(facts.operation)
    ? ''
    : ' The request may or may not have been carried out; check before repeating it.';
  switch (facts.problem) {
    case 'unreachable':
      return `The ${service}${at} cannot be reached (${describeErrorCode(facts.code)}). Check the address and the network connection.`;
    case 'tls':
      return `A secure connection to the ${service}${at} could not be established (${describeErrorCode(facts.code)}). Its certificate may be self-signed, expired or issued for another name.`;
    case 'timeout': {
      const within =
        facts.timeoutMs === undefined ? 'in time' : `within ${Math.round(facts.timeoutMs / 100) / 10} s`;
      return `The ${service} did not answer ${within}.${maybeDone}`;
    }
    case 'connection-reset':
      return `The connection to the ${service} broke before an answer arrived.${maybeDone}`;
    case 'aborted':
      return facts.operation === 'uploadFile' ? 'The upload was cancelled.' : 'The request was cancelled.';
    case 'file-unreadable':
      return `The file to upload could not be read (${describeErrorCode(facts.code)}).`;
    case 'invalid-response':
      return `The ${service} sent an answer that is not valid HTTP (${facts.code}).`;
    default: {
      const what = facts.original ? `: ${clip(facts.original)}` : '';
      return sentence(`Unexpected error while talking to the ${service} (${facts.code})${what}`);
    }
  }
}
