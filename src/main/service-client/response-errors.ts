// Error responses as ServiceErrors. Bodies come in every form: the full error object, a reduced one,
// nothing, an HTML page from a proxy, or XML from the file storage; each yields a readable message.
import { ErrorObject } from '../../shared/service';
import { ServiceError } from './errors';
import type { RawResponse } from './http';
import { httpErrorMessage } from './messages';
import type { OperationName } from './operations';
import type { ServiceProblem } from './problems';
import { parseRetryAfter } from './retry-after';

/** What could be read from an error body. */
export interface ErrorBody {
  /** The body is an HTML page rather than data. */
  page: boolean;
  title?: string;
  detail?: string;
  instance?: string;
  /** The parsed JSON, when the body was JSON (for callers with their own formats). */
  json?: unknown;
}

/** The problem code of an HTTP error status. */
export function problemOfStatus(operation: OperationName, status: number): ServiceProblem {
  // A signed upload URL that the storage refuses cannot be fixed by repeating: it needs a new ticket.
  if (operation === 'uploadFile' && (status === 401 || status === 403)) return 'ticket-expired';
  const known = STATUS_PROBLEMS[status];
  if (known) return known;
  return status >= 500 ? 'server-error' : 'http';
}

const STATUS_PROBLEMS: Record<number, ServiceProblem> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  413: 'too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
};

/** The ServiceError of a non-2xx response to `operation`. */
export function errorFromResponse(
  operation: OperationName,
  response: RawResponse,
  nowMs: number,
  problem: ServiceProblem = problemOfStatus(operation, response.status),
): ServiceError {
  const body = readErrorBody(response);
  const retryAfterMs = parseRetryAfter(response.headers['retry-after'], nowMs);
  const { status } = response;
  return new ServiceError({
    operation,
    problem,
    status,
    title: body.title,
    detail: body.detail,
    instance: body.instance,
    retryAfterMs,
    message: httpErrorMessage({
      operation,
      problem,
      status,
      detail: body.detail,
      page: body.page,
      retryAfterMs,
    }),
  });
}

/** Reads whatever an error body offers. */
export function readErrorBody(response: RawResponse): ErrorBody {
  const type = String(response.headers['content-type'] ?? '').toLowerCase();
  const text = response.body.trim();
  if (text === '') return { page: false };
  if (type.includes('html') || /^<(!doctype|html|head|body)\b/i.test(text)) return { page: true };
  if (type.includes('json') || text.startsWith('{')) return readJsonError(text);
  if (type.includes('xml') || text.startsWith('<')) return readXmlError(text);
  // A short plain-text line is shown as the detail; anything longer is not meant for people.
  return text.length <= 200 && !text.includes('\n') ? { page: false, detail: text } : { page: false };
}

function readJsonError(text: string): ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { page: false };
  }
  const parsed = ErrorObject.safeParse(json);
  if (!parsed.success) return { page: false, json };
  const { title, detail, instance } = parsed.data;
  return {
    page: false,
    json,
    title: title || undefined,
    detail: detail || parsed.data.localizedDetail || undefined,
    instance: instance || undefined,
  };
}

// S3-style storages answer `<Error><Code>…</Code><Message>…</Message></Error>`.
function readXmlError(text: string): ErrorBody {
  const tag = (name: string): string | undefined =>
    new RegExp(`<${name}>([^<]{1,300})</${name}>`).exec(text)?.[1]?.trim() || undefined;
  return { page: false, title: tag('Code'), detail: tag('Message') };
}
