// The Authorization form found out per account (issue 14.1): a client on the Automatic setting
// works against a service that wants Bearer, the bare token or either, remembers the form that
// worked (the next call sends it at once), follows a service that changes its mind, and says
// plainly when neither form is taken. An explicit setting is honoured as it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox';
import { RefusedInBothForms, type AuthForm } from '../../../src/main/service-client';
import { TOKEN_AUDIENCE } from '../../../src/shared/service';
import { clientFor, failure, hits, start } from './helpers';

const SCHEMES = ['bare', 'bearer', 'both'] as const;
const sandboxes = new Map<string, Sandbox>();

beforeAll(async () => {
  for (const scheme of SCHEMES) sandboxes.set(scheme, await start({ quirks: { authScheme: scheme } }));
});
afterAll(async () => {
  for (const sb of sandboxes.values()) await sb.close();
});
const sandbox = (scheme: (typeof SCHEMES)[number]): Sandbox => sandboxes.get(scheme)!;

describe('Automatic', () => {
  it.each([
    ['bare', 'bare', 1],
    ['bearer', 'bearer', 0],
    ['both', 'bearer', 0],
  ] as const)(
    'a service that wants %s: calls succeed, the form %s is detected after %i refusal(s), then sent at once',
    async (scheme, expected, refusals) => {
      const sb = sandbox(scheme);
      sb.resetStats();
      const detected: AuthForm[] = [];
      const client = clientFor(sb, { authScheme: 'auto', onAuthDetected: (form) => detected.push(form) });
      await expect(client.listListings()).resolves.toBeInstanceOf(Array);
      expect(detected).toEqual([expected]);
      expect(client.authForm()).toBe(expected);
      expect(hits(sb, 'GET /v1/listings')).toEqual(refusals ? { '401': refusals, '200': 1 } : { '200': 1 });

      // The detected form is sent at once: no more refusals, one token for everything.
      const { uuid } = await client.createImprint('Muster GmbH');
      expect(uuid).toBeTruthy();
      await client.listListings();
      expect(hits(sb, 'POST /v1/imprints')).toEqual({ '200': 1 });
      expect(hits(sb, 'GET /v1/listings')['401'] ?? 0).toBe(refusals);
      expect(sb.stats().tokens).toBe(1);
      expect(detected).toEqual([expected]);
    },
  );

  it('a form remembered from before is sent first (a new client of the same account)', async () => {
    const sb = sandbox('bare');
    sb.resetStats();
    const detected: AuthForm[] = [];
    const client = clientFor(sb, {
      authScheme: 'auto',
      detectedAuthForm: 'bare',
      onAuthDetected: (form) => detected.push(form),
    });
    await client.listListings();
    expect(hits(sb, 'GET /v1/listings')).toEqual({ '200': 1 });
    expect(detected).toEqual([]);
  });

  it('a service that changes its form: the stale token is renewed, then the other form is tried', async () => {
    const sb = await start({ quirks: { authScheme: 'bearer' } });
    try {
      const detected: AuthForm[] = [];
      const client = clientFor(sb, { authScheme: 'auto', onAuthDetected: (form) => detected.push(form) });
      await client.listListings();
      expect(detected).toEqual(['bearer']);
      sb.setQuirks({ authScheme: 'bare' });
      sb.resetStats();
      await client.listListings();
      // Refused with the token that had worked (stale: a new one), refused again (fresh: other form).
      expect(hits(sb, 'GET /v1/listings')).toEqual({ '401': 2, '200': 1 });
      expect(sb.stats().tokens).toBe(1);
      expect(detected).toEqual(['bearer', 'bare']);
    } finally {
      await sb.close();
    }
  });

  it('neither form taken: one plain message naming both forms, and the calls stop', async () => {
    // A token of one service is worth nothing at another: every form is refused there.
    const issuer = sandbox('both');
    const other = sandbox('bare');
    other.resetStats();
    const client = clientFor(issuer, { authScheme: 'auto', baseUrl: other.baseUrl });
    const error = await failure(client.listListings());
    expect(error).toMatchObject({ problem: 'unauthorized', status: 401, safeToRepeat: true });
    expect(error.message).toBe(
      'The listings service refused the access token both as “Bearer <token>” and as the bare token, ' +
        'also with a new token. Check the client ID and secret, and that the token service and the ' +
        'listings service URLs belong to the same service.',
    );
    expect(error).toBeInstanceOf(RefusedInBothForms);
    expect((error as RefusedInBothForms).triedForms).toEqual(['bearer', 'bare']);
    // Bearer, the bare token, then the bare token with a new token: three refusals, no more.
    expect(hits(other, 'GET /v1/listings')).toEqual({ '401': 3 });
  });
});

describe('the refusal of the wrong form', () => {
  it.each([
    ['bare', (token: string) => `Bearer ${token}`],
    ['bearer', (token: string) => token],
  ] as const)(
    'a service that wants %s answers the other form as a real one would: 401, a Problem and WWW-Authenticate',
    async (scheme, header) => {
      const sb = sandbox(scheme);
      const { clientId, clientSecret } = sb.clients[0]!;
      const issued = await fetch(`${sb.authUrl}/oidc/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
          audience: TOKEN_AUDIENCE,
        }),
      });
      const { access_token: token } = (await issued.json()) as { access_token: string };
      const response = await fetch(`${sb.baseUrl}/v1/listings`, {
        headers: { authorization: header(token) },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(await response.json()).toMatchObject({
        status: 401,
        title: 'Unauthorized',
        instance: '/api/v1/listings',
      });
    },
  );
});

describe('explicit settings', () => {
  it('Bearer against a service that wants the bare token fails clearly, without switching', async () => {
    const sb = sandbox('bare');
    sb.resetStats();
    const client = clientFor(sb, { authScheme: 'bearer' });
    const error = await failure(client.listListings());
    expect(error).toMatchObject({ problem: 'unauthorized', status: 401 });
    expect(error.message).toMatch(/Authorization header setting\.$/);
    expect(client.authForm()).toBe('bearer');
    // Refused, a new token, refused again in the same form.
    expect(hits(sb, 'GET /v1/listings')).toEqual({ '401': 2 });
    expect(sb.stats().tokens).toBe(2);
  });

  it('the bare token against a service that wants it works at once', async () => {
    const sb = sandbox('bare');
    sb.resetStats();
    await clientFor(sb, { authScheme: 'bare' }).listListings();
    expect(hits(sb, 'GET /v1/listings')).toEqual({ '200': 1 });
  });
});
