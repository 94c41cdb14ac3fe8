// One HTTP exchange with got, reduced to status, headers and body text. got's own retries, redirects
// and status errors are off: retries and error mapping follow the rules in retry.ts and
// response-errors.ts, and a redirect must not carry the access token elsewhere.
import got from 'got';
import type { Delays, Got, OptionsOfTextResponseBody } from 'got';
import type { IncomingHttpHeaders } from 'node:http';
import { toServiceError } from './errors';
import type { OperationName } from './operations';

/** A response with its body read as text. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request: method, absolute URL and what got needs besides. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  searchParams?: URLSearchParams;
}

/** Sends one request; connection failures become ServiceErrors of `operation`. */
export type HttpSend = (operation: OperationName, request: HttpRequest) => Promise<RawResponse>;

/** A got instance of the client: no retries, no redirects, no status errors, the given timeouts. */
export function createGot(timeout: Partial<Delays>): Got {
  return got.extend({
    retry: { limit: 0 },
    followRedirect: false,
    throwHttpErrors: false,
    timeout,
    headers: { 'user-agent': 'ListingDesk', accept: 'application/json' },
  });
}

/** An HttpSend over `client` (see createGot). */
export function createHttpSend(client: Got, timeoutMs: number): HttpSend {
  return async (operation, request) => {
    const options: OptionsOfTextResponseBody = {
      method: request.method,
      headers: request.headers,
      json: request.json,
      form: request.form,
      searchParams: request.searchParams,
      responseType: 'text',
    };
    try {
      const response = await client(request.url, options);
      return { status: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      throw toServiceError(error, operation, { url: request.url, timeoutMs });
    }
  };
}
