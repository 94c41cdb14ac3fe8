// Access tokens: HS256 JWTs signed with a per-instance key (persisted with the data dir, so tokens
// survive a restart), and their check on the listings endpoints.
import { randomUUID } from 'node:crypto';
// jose is loaded with the first token, not with the app: the app's start is shorter (issue 18.5).
const loadJose = () => import('jose');
import { TOKEN_AUDIENCE } from '../shared/service';
import type { TokenResponse } from '../shared/service';
import { problems } from './errors';
import type { AuthScheme } from './quirks';

const CACHE_LIMIT = 10_000;
const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/** Issues and checks the sandbox's access tokens. */
export class TokenService {
  // Verified tokens, so a hot path of requests does not re-verify the signature each time.
  private readonly verified = new Map<string, { clientId: string; expMs: number }>();

  constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: () => number,
    private readonly clientExists: (clientId: string) => boolean,
  ) {}

  /** A token response for `clientId`. */
  async issue(clientId: string): Promise<TokenResponse> {
    const ttl = this.ttlSeconds();
    const nowMs = Date.now();
    // `exp` is in whole seconds; rounding up keeps the token valid for at least `expires_in` seconds.
    const exp = Math.ceil((nowMs + ttl * 1000) / 1000);
    const { SignJWT } = await loadJose();
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(clientId)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(nowMs / 1000))
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(this.key);
    return { access_token: token, token_type: 'bearer', expires_in: Math.max(1, Math.floor(ttl)) };
  }

  /**
   * The client id of the token in an Authorization header, or a 401 Problem. `scheme` is the quirk:
   * with 'bare' a "Bearer x" header is taken whole as the token (and so fails), with 'bearer' a bare
   * token is refused as a malformed header.
   */
  async authenticate(header: string | undefined, scheme: AuthScheme): Promise<string> {
    if (header === undefined || header.trim() === '') throw problems.missingToken();
    const match = BEARER.exec(header);
    let token: string;
    if (match && scheme !== 'bare') token = match[1] ?? '';
    else if (scheme === 'bearer')
      throw problems.unauthorized('Authorization header must use the Bearer scheme');
    else token = header.trim();
    const cached = this.verified.get(token);
    if (cached) {
      if (Date.now() >= cached.expMs) throw problems.unauthorized('Access token expired');
      return this.known(cached.clientId);
    }
    let clientId: string;
    let expMs: number;
    const { jwtVerify, errors: joseErrors } = await loadJose();
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: TOKEN_AUDIENCE,
      });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new Error('claims');
      clientId = payload.sub;
      expMs = payload.exp * 1000;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw problems.unauthorized('Access token expired');
      throw problems.unauthorized('Invalid access token');
    }
    if (this.verified.size >= CACHE_LIMIT) this.verified.clear();
    this.verified.set(token, { clientId, expMs });
    return this.known(clientId);
  }

  private known(clientId: string): string {
    // A token of a client that is no longer configured (e.g. after a restart) is not honoured.
    if (!this.clientExists(clientId)) throw problems.unauthorized('Invalid access token');
    return clientId;
  }
}
