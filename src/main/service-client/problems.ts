// The stable problem codes of ServiceError. The UI translates them, so they are part of the API:
// add new ones at the end, never rename one.
import { TOKEN_ERROR_CODES } from '../../shared/service';

/** Every value of ServiceError.problem. */
export const SERVICE_PROBLEMS = [
  // The token service's own `error` codes, as they come.
  ...TOKEN_ERROR_CODES,
  /** The token service refused with an unlisted error code or another error status. */
  'token-rejected',
  /** No client secret is stored (or it could not be read); nothing was sent. */
  'missing-secret',
  /** DNS failure, connection refused or no route: nothing was sent. */
  'unreachable',
  /** The TLS handshake failed (untrusted or invalid certificate): nothing was sent. */
  'tls',
  /** No complete answer within the time limit. */
  'timeout',
  /** The connection broke before an answer arrived. */
  'connection-reset',
  /** 401 from the listings service even after one token refresh. */
  'unauthorized',
  'forbidden',
  'not-found',
  'too-large',
  'rate-limited',
  'server-error',
  'bad-request',
  'unsupported-media-type',
  /** A 2xx body that is not JSON where JSON is required, or does not match the schema. */
  'invalid-response',
  /** Any other HTTP status. */
  'http',
  /** The storage refused a signed upload URL (403): expired, used, or tampered. Needs a new ticket. */
  'ticket-expired',
  /** The caller cancelled the request (AbortSignal). */
  'aborted',
  /** The local file to upload could not be read. */
  'file-unreadable',
  /** An error the client did not expect (a bug, or an error code it does not know). */
  'unexpected',
  /**
   * The service does not offer an operation the spec does not list (deleting a listing, pausing or
   * resuming a publication): it answered 405 or 501, or 404 for something that exists.
   */
  'not-offered',
] as const;

/** A stable code of what went wrong (see SERVICE_PROBLEMS). */
export type ServiceProblem = (typeof SERVICE_PROBLEMS)[number];

/** The problems of a failed connection (no HTTP status), by error code; undefined when unknown. */
export function problemOfErrorCode(code: string): ServiceProblem | undefined {
  if (UNREACHABLE.has(code)) return 'unreachable';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout';
  if (RESET.has(code)) return 'connection-reset';
  if (code === 'ERR_ABORTED' || code === 'ABORT_ERR') return 'aborted';
  if (FILE.has(code)) return 'file-unreadable';
  if (/^HPE_/.test(code)) return 'invalid-response';
  if (TLS.has(code) || /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_)/.test(code)) return 'tls';
  return undefined;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
]);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);
const FILE = new Set(['ENOENT', 'EACCES', 'EISDIR', 'EPERM', 'ENOTDIR', 'EMFILE', 'ENFILE']);
const TLS = new Set([
  'EPROTO',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'HOSTNAME_MISMATCH',
  'INVALID_CA',
  'INVALID_PURPOSE',
]);
