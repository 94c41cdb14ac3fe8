// One https download with limits, for a feed's table and its photos: a shop's server is a stranger
// to the app, so what it sends is bounded in size and time, its type is checked before the body is
// read, and it may only send the app on to another https address. Every connection, redirects
// included, is checked on the address the host name resolved to: a private, loopback or link-local
// one is refused unless the feed allows it (issue 35.4).
import got, { HTTPError, MaxRedirectsError, ReadError, TimeoutError, type Headers } from 'got';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { splitAccessKey } from './access-key';
import { ACCESS_KEY_MASK } from '../../shared/domain/feeds';

/** Why a download was refused; each caller words it for the seller. */
export type DownloadRefusal =
  | 'not-https'
  | 'credentials-in-url'
  | 'needs-password'
  | 'password-refused'
  | 'not-found'
  | 'http-status'
  | 'too-large'
  | 'cut-off'
  | 'timed-out'
  | 'redirect-loop'
  | 'wrong-type'
  | 'certificate'
  | 'unreachable'
  | 'private-address'
  | 'cancelled';

/** A refused download: the reason, and what the server said where it matters. */
export class DownloadError extends Error {
  constructor(
    readonly reason: DownloadRefusal,
    readonly detail: {
      status?: number;
      type?: string;
      maxBytes?: number;
      seconds?: number;
      cause?: string;
      /** The refused address a host name resolved to. */
      address?: string;
    } = {},
  ) {
    super(`download refused: ${reason}`);
    this.name = 'DownloadError';
  }
}

export interface DownloadOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Whether a response's media type (lower case, without parameters; '' when absent) may be read. */
  accepts(type: string): boolean;
  /** Basic auth; the password is only ever handed to got, never kept or shown. */
  auth?: { user: string; password: string } | undefined;
  /** Certificates to trust besides the system's (a shop's own CA; the tests' throwaway one). */
  ca?: string | Buffer | undefined;
  signal?: AbortSignal | undefined;
  /** The address may resolve to a private, loopback or link-local network (absent: refused). */
  allowPrivateAddresses?: boolean | undefined;
  /** Addresses let through wherever they are (one server of a test, without allowing the others). */
  trustedAddresses?: readonly string[] | undefined;
  /** Request headers besides got's own (a conditional request's validators). */
  headers?: Record<string, string> | undefined;
}

export interface Downloaded {
  bytes: Buffer;
  /** The media type the server named, lower case without parameters ('' when none). */
  type: string;
  /** Where the body came from after redirects. */
  url: string;
}

/** A URL as it may be shown or logged: no user name, password or access key in it. */
export function shownUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    return splitAccessKey(url.href).url.replaceAll(encodeURIComponent(ACCESS_KEY_MASK), ACCESS_KEY_MASK);
  } catch {
    return raw;
  }
}

// One agent of each kind for every download: each checks the resolved address of each connection.
const AGENTS = {
  strict: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: false }),
  lenient: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: true }),
};

function agentFor(options: DownloadOptions): RequestFilteringHttpsAgent {
  if (options.allowPrivateAddresses === true) return AGENTS.lenient;
  const trusted = options.trustedAddresses ?? [];
  if (trusted.length === 0) return AGENTS.strict;
  return new RequestFilteringHttpsAgent({ allowPrivateIPAddress: false, allowIPAddressList: [...trusted] });
}

// request-filtering-agent refuses with a plain Error whose message names the address.
const FILTERED = /^DNS lookup (\S+?)\(.* is not allowed\./;

function privateAddressOf(error: unknown): string | undefined {
  for (let e = error as { message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    const found = typeof e.message === 'string' ? FILTERED.exec(e.message) : null;
    if (found) return found[1];
    if (e.cause === e) break;
  }
  return undefined;
}

/** Parses `raw` as an https URL without credentials in it, or refuses it. */
export function httpsUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DownloadError('not-https');
  }
  if (url.protocol !== 'https:') throw new DownloadError('not-https');
  // A password in the address would end up in settings files and logs; the keychain holds it instead.
  if (url.username !== '' || url.password !== '') throw new DownloadError('credentials-in-url');
  return url;
}

function mediaType(headers: Headers): string {
  const raw = headers['content-type'];
  return (typeof raw === 'string' ? raw : '').split(';')[0]!.trim().toLowerCase();
}

function statusRefusal(status: number, options: DownloadOptions): DownloadError {
  if (status === 401 || status === 403)
    return new DownloadError(options.auth ? 'password-refused' : 'needs-password', { status });
  if (status === 404 || status === 410) return new DownloadError('not-found', { status });
  return new DownloadError('http-status', { status });
}

function refusalOf(error: unknown, options: DownloadOptions, insecureRedirect: boolean): DownloadError {
  if (error instanceof DownloadError) return error;
  if (options.signal?.aborted) return new DownloadError('cancelled');
  if (insecureRedirect) return new DownloadError('not-https');
  const address = privateAddressOf(error);
  if (address !== undefined) return new DownloadError('private-address', { address });
  if (error instanceof TimeoutError)
    return new DownloadError('timed-out', { seconds: Math.ceil(options.timeoutMs / 1000) });
  if (error instanceof MaxRedirectsError) return new DownloadError('redirect-loop');
  // The body stopped before its end (the connection dropped): a part of a table must never pass for all of it.
  if (error instanceof ReadError) return new DownloadError('cut-off', { cause: error.code });
  if (error instanceof HTTPError) return statusRefusal(error.response.statusCode, options);
  const code = (error as { code?: string }).code ?? '';
  if (/CERT|SELF_SIGNED|TLS|SSL|ERR_OSSL/.test(code))
    return new DownloadError('certificate', { cause: code });
  return new DownloadError('unreachable', { cause: code || String((error as Error).message ?? error) });
}

/** A response whose head passed the checks; its body is read (within the limits) from `body`. */
export interface OpenedDownload {
  /** 304: the copy the conditional request named is still current (no body). */
  status: number;
  type: string;
  /** Where the body comes from after redirects. */
  url: string;
  headers: Headers;
  /** The body as it arrives (content encoding undone); throws a DownloadError past the limit. */
  body: AsyncIterable<Buffer>;
}

// A 304 has no body: the stream is closed at once.
async function* nothing(stream: { destroy(): void }): AsyncGenerator<Buffer> {
  stream.destroy();
  yield* [];
}

/** Opens `url` and checks the response's head; throws a DownloadError saying why it could not. */
export async function openDownload(url: URL, options: DownloadOptions): Promise<OpenedDownload> {
  let insecureRedirect = false;
  const stream = got.stream(url, {
    timeout: { request: options.timeoutMs },
    // A scheduled run that fails tries again at its next slot; retrying here would only stretch the time limit.
    retry: { limit: 0 },
    maxRedirects: 5,
    agent: { https: agentFor(options) },
    ...(options.headers && { headers: options.headers }),
    ...(options.auth && { username: options.auth.user, password: options.auth.password }),
    ...(options.ca !== undefined && { https: { certificateAuthority: options.ca } }),
    signal: options.signal,
    hooks: {
      beforeRedirect: [
        (next) => {
          if (next.url instanceof URL && next.url.protocol === 'https:') return;
          insecureRedirect = true;
          throw new DownloadError('not-https');
        },
      ],
    },
  });
  const fail = (error: unknown): never => {
    stream.destroy();
    throw refusalOf(error, options, insecureRedirect);
  };
  const response = await new Promise<{ headers: Headers; statusCode: number }>((resolve, reject) => {
    stream.once('response', resolve);
    stream.once('error', reject);
  }).catch(fail);
  const type = mediaType(response.headers);
  const status = response.statusCode;
  if (status !== 304 && (status < 200 || status > 299)) fail(statusRefusal(status, options));
  const length = Number(response.headers['content-length']);
  // Refused before the body is read: a declared size over the limit, or a type the caller cannot use.
  if (status !== 304 && Number.isFinite(length) && length > options.maxBytes)
    fail(new DownloadError('too-large', { maxBytes: options.maxBytes }));
  if (status !== 304 && !options.accepts(type))
    fail(new DownloadError('wrong-type', { type: type || 'none' }));
  async function* body(): AsyncGenerator<Buffer> {
    let total = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.byteLength;
        // A server may send more than it declared, or declare nothing (or a small gzip that unpacks large).
        if (total > options.maxBytes) throw new DownloadError('too-large', { maxBytes: options.maxBytes });
        yield chunk;
      }
    } catch (error) {
      fail(error);
    } finally {
      stream.destroy();
    }
  }
  return {
    status,
    type,
    url: stream.redirectUrls.at(-1)?.href ?? url.href,
    headers: response.headers,
    body: status === 304 ? nothing(stream) : body(),
  };
}

/** Downloads `url` within the limits into memory; throws a DownloadError saying why it could not. */
export async function download(url: URL, options: DownloadOptions): Promise<Downloaded> {
  const opened = await openDownload(url, options);
  const chunks: Buffer[] = [];
  for await (const chunk of opened.body) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), type: opened.type, url: opened.url };
}
