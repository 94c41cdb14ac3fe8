// Access tokens of the client-credentials flow: fetched once, reused until shortly before
// `expires_in` runs out, dropped when the listings service refuses one (401). Concurrent callers
// share one request, so a burst of calls with an expired token costs one token request.
import { CLIENT_CREDENTIALS, TOKEN_AUDIENCE, TOKEN_PATH, TokenResponse } from '../../shared/service';
import { ServiceError } from './errors';
import type { HttpSend } from './http';
import { missingSecretMessage } from './messages';
import { parseBody, isSuccess } from './responses';
import { withRetries } from './retry';
import type { RetryEnv } from './retry';
import { errorFromTokenResponse } from './token-errors';
import { joinUrl } from './urls';

/** Where and how to get tokens. */
export interface TokenProviderOptions {
  authUrl: string;
  clientId: string;
  /** The client secret, read at each token request; undefined when none is stored. */
  getSecret: () => Promise<string | undefined>;
  send: HttpSend;
  retryEnv: RetryEnv;
  /** Clock in ms (injectable for tests). */
  now: () => number;
}

/** A token as issued. */
export interface IssuedToken {
  accessToken: string;
  /** Lifetime in seconds, as the token service said. */
  expiresIn: number;
}

/** Renew a token this long before it expires: 10% of its lifetime, at most a minute. */
export function renewalMarginMs(expiresInSeconds: number): number {
  return Math.min(60_000, expiresInSeconds * 100);
}

/** Supplies access tokens (see the top of this file). */
export class TokenProvider {
  private cached: { token: string; renewAtMs: number } | null = null;
  private inflight: Promise<IssuedToken> | null = null;
  // The last token the listings service took: a 401 to it means it went stale, while a 401 to a
  // token never accepted may mean the Authorization form is wrong (see api-request.ts).
  private acceptedToken: string | null = null;

  constructor(private readonly options: TokenProviderOptions) {}

  /** A valid access token: the cached one, or a fresh one shared with concurrent callers. */
  async getToken(): Promise<string> {
    const cached = this.cached;
    if (cached && this.options.now() < cached.renewAtMs) return cached.token;
    return (await this.refresh()).accessToken;
  }

  /** Fetches a new token now, or joins the request already under way. */
  refresh(): Promise<IssuedToken> {
    this.inflight ??= this.request().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** Notes that the listings service accepted `token`. */
  accepted(token: string): void {
    this.acceptedToken = token;
  }

  /** Whether the listings service has accepted `token` before (a stale token, when refused now). */
  wasAccepted(token: string): boolean {
    return this.acceptedToken === token;
  }

  /** Forgets `token` after the service refused it; a newer token fetched meanwhile is kept. */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = null;
  }

  private async request(): Promise<IssuedToken> {
    const { options } = this;
    // Which case this is (first token, renewal before expiry, after a 401) is said by the caller's line.
    options.retryEnv.log?.info?.(
      this.cached ? 'token: renewing the access token before it expires' : 'token: fetching an access token',
      { operation: 'token' },
    );
    const secret = await this.secret();
    const form = {
      grant_type: CLIENT_CREDENTIALS,
      client_id: options.clientId,
      client_secret: secret,
      audience: TOKEN_AUDIENCE,
    };
    const url = joinUrl(options.authUrl, TOKEN_PATH);
    // The lifetime counts from before the request, so network time never stretches it.
    let startedAt = 0;
    const body = await withRetries('token', options.retryEnv, async () => {
      startedAt = options.now();
      const response = await options.send('token', { method: 'POST', url, form });
      if (!isSuccess(response.status)) throw errorFromTokenResponse(response, options.now());
      return parseBody('token', response, TokenResponse);
    });
    const expiresIn = Math.max(0, body.expires_in);
    this.cached = {
      token: body.access_token,
      renewAtMs: startedAt + expiresIn * 1000 - renewalMarginMs(expiresIn),
    };
    return { accessToken: body.access_token, expiresIn };
  }

  private async secret(): Promise<string> {
    let secret: string | undefined;
    try {
      secret = await this.options.getSecret();
    } catch (error) {
      throw new ServiceError({
        operation: 'token',
        problem: 'missing-secret',
        message: missingSecretMessage(true),
        cause: error,
      });
    }
    if (!secret) {
      throw new ServiceError({
        operation: 'token',
        problem: 'missing-secret',
        message: missingSecretMessage(false),
      });
    }
    return secret;
  }
}
