// One https download with limits, for a feed's table and its photos: a shop's server is a stranger
// to the app, so what it sends is bounded in size and time, its type is checked before the body is
// read, and it may only send the app on to another https address.
import got, { HTTPError, MaxRedirectsError, ReadError, TimeoutError, type Headers } from 'got';

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
}

export interface Downloaded {
  bytes: Buffer;
  /** The media type the server named, lower case without parameters ('' when none). */
  type: string;
  /** Where the body came from after redirects. */
  url: string;
}

/** A URL as it may be shown or logged: no user name or password in it. */
export function shownUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return raw;
  }
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

/** Downloads `url` within the limits; throws a DownloadError saying why it could not. */
export async function download(url: URL, options: DownloadOptions): Promise<Downloaded> {
  let insecureRedirect = false;
  const stream = got.stream(url, {
    timeout: { request: options.timeoutMs },
    // A scheduled run that fails tries again at its next slot; retrying here would only stretch the time limit.
    retry: { limit: 0 },
    maxRedirects: 5,
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
  let type = '';
  // got wraps an error handed to destroy(), so the refusal is kept here as it was made.
  let refused: DownloadError | undefined;
  const refuse = (refusal: DownloadError) => {
    refused ??= refusal;
    stream.destroy(refusal);
  };
  stream.on('response', (response: { headers: Headers; statusCode: number }) => {
    type = mediaType(response.headers);
    const status = response.statusCode;
    if (status < 200 || status > 299) return refuse(statusRefusal(status, options));
    const length = Number(response.headers['content-length']);
    // Refused before the body is read: a declared size over the limit, or a type the caller cannot use.
    if (Number.isFinite(length) && length > options.maxBytes)
      refuse(new DownloadError('too-large', { maxBytes: options.maxBytes }));
    else if (!options.accepts(type)) refuse(new DownloadError('wrong-type', { type: type || 'none' }));
  });
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.byteLength;
      // A server may send more than it declared, or declare nothing.
      if (total > options.maxBytes) throw new DownloadError('too-large', { maxBytes: options.maxBytes });
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    throw refused ?? refusalOf(error, options, insecureRedirect);
  }
  if (refused) throw refused;
  return { bytes: Buffer.concat(chunks), type, url: stream.redirectUrls.at(-1)?.href ?? url.href };
}
