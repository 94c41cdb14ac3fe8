// Helpers of the sandbox suite: real HTTP on loopback with Node's fetch, no injection.
import { Listing, MediaUploadTicket, TokenResponse, UuidResponse } from '../../../src/shared/service';
import type { ClientConfig, Sandbox, SandboxOptions } from '../../../src/sandbox';
import { startSandbox } from '../../../src/sandbox';

/** A response with its body read (parsed as JSON when it is JSON). */
export interface Res {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** Reads a fetch response into a Res. */
export async function read(response: Response): Promise<Res> {
  const text = await response.text();
  let body: unknown = undefined;
  if (text !== '' && /json/.test(response.headers.get('content-type') ?? '')) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, body };
}

/** Short lifetimes so that the suite stays fast. */
export const FAST: SandboxOptions = { validationDelayMs: 50 };

/** Starts a sandbox on a free loopback port. */
export function start(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, ...FAST, ...options });
}

/** Posts a form to the token endpoint. */
export async function tokenRequest(sb: Sandbox, form: Record<string, string>): Promise<Res> {
  return read(
    await fetch(`${sb.authUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }),
  );
}

/** A valid access token of `client` (default: the sandbox's first client). */
export async function getToken(sb: Sandbox, client?: ClientConfig): Promise<string> {
  const { clientId, clientSecret } = client ?? sb.clients[0]!;
  const res = await tokenRequest(sb, {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
    audience: 'consumer-goods-api',
  });
  return TokenResponse.parse(res.body).access_token;
}

/** Options of one listings-service call. */
export interface CallOptions {
  body?: unknown;
  /** A raw body sent as is (with Content-Type application/json unless `headers` says otherwise). */
  raw?: string;
  headers?: Record<string, string>;
  /** Authorization header value; default `Bearer <token>`, null = none. */
  auth?: string | null;
  signal?: AbortSignal;
}

/** A client of one sandbox with one token. */
export class Api {
  constructor(
    readonly sb: Sandbox,
    readonly token: string,
  ) {}

  /** Logs in as `client` (default: the first client). */
  static async login(sb: Sandbox, client?: ClientConfig): Promise<Api> {
    return new Api(sb, await getToken(sb, client));
  }

  /** Calls `{baseUrl}{path}`. */
  async call(method: string, path: string, options: CallOptions = {}): Promise<Res> {
    const headers: Record<string, string> = {};
    const auth = options.auth === undefined ? `Bearer ${this.token}` : options.auth;
    if (auth !== null) headers.authorization = auth;
    let body: string | undefined;
    if (options.raw !== undefined || options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.raw ?? JSON.stringify(options.body);
    }
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.sb.baseUrl}${path}`, {
      method,
      headers,
      body,
      signal: options.signal,
    });
    return read(response);
  }

  /** Creates an imprint; returns its uuid. */
  async imprint(content = 'Muster GmbH, Musterstr. 1, 12345 Musterstadt'): Promise<string> {
    const res = await this.call('POST', '/v1/imprints', { body: { content } });
    return UuidResponse.parse(res.body).uuid;
  }

  /** Creates a listing (fields may be overridden); returns its uuid. */
  async listing(overrides: Record<string, unknown> = {}): Promise<string> {
    const res = await this.call('POST', '/v1/listings', { body: { ...listingBody(), ...overrides } });
    if (res.status !== 200) throw new Error(`create listing: ${res.status} ${res.text}`);
    return UuidResponse.parse(res.body).uuid;
  }

  /** Requests an upload ticket. */
  async ticket(mediaType = 'image/png'): Promise<MediaUploadTicket> {
    const res = await this.call('POST', '/v1/media', { body: { mediaType } });
    return MediaUploadTicket.parse(res.body);
  }

  /** Ticket, upload and attach of one image; returns the listing after attaching. */
  async addImage(listingUuid: string, bytes: Uint8Array = PNG): Promise<Listing> {
    const ticket = await this.ticket();
    const put = await upload(ticket.signedPutUrl, bytes);
    if (put.status !== 200) throw new Error(`upload: ${put.status}`);
    const res = await this.call('POST', `/v1/listings/${listingUuid}/media`, {
      body: { ticketUuid: ticket.ticketUuid },
    });
    return Listing.parse(res.body);
  }
}

/** PUTs bytes to a signed URL, as the app does. */
export async function upload(url: string, bytes: Uint8Array, contentType = 'image/png'): Promise<Res> {
  return read(
    await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': contentType },
      body: new Uint8Array(bytes),
    }),
  );
}

/** A valid listing create request. */
export function listingBody(): Record<string, unknown> {
  return {
    title: 'Kinderwagen',
    category: 'Familie/Baby & Kind/Kinderwagen',
    description: 'Gut erhalten.',
    attributes: { condition: 'like_new', versand: 'ja' },
    adType: 'OFFER',
    price: { type: 'FIXED', amount: 120.5 },
    email: 'seller@example.com',
    phoneNumber: null,
    customReference: 'draft-1',
    contactPerson: 'Erika Mustermann',
    buyNow: false,
  };
}

/** A valid publication create request. */
export function publicationBody(imprintUuid: string): Record<string, unknown> {
  return {
    availabilityRadiusInKm: 10,
    street: 'Musterstr. 1',
    city: 'Berlin',
    district: 'Mitte',
    postalCode: '10115',
    imprintUuid,
  };
}

/** A 1x1 PNG image. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** The full error object the sandbox sends for `instance`. */
export function fullError(
  status: number,
  title: string,
  detail: string,
  instance: string,
): Record<string, unknown> {
  return {
    type: 'about:blank',
    title,
    status,
    detail,
    instance,
    properties: null,
    localizedTitle: '',
    localizedDetail: '',
    localizedMessage: '',
  };
}
