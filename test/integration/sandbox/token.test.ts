// The token endpoint and authentication on the listings endpoints.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { TokenErrorResponse, TokenResponse } from '../../../src/shared/service';
import type { Sandbox } from '../../../src/sandbox';
import { Api, fullError, read, start, tokenRequest } from './helpers';

let sb: Sandbox;
const good = {
  grant_type: 'client_credentials',
  client_id: 'app',
  client_secret: 's3cret',
  audience: 'consumer-goods-api',
};

beforeAll(async () => {
  sb = await start({
    clients: [
      { clientId: 'app', clientSecret: 's3cret' },
      { clientId: 'locked', clientSecret: 'pw', allowedGrant: false },
    ],
    tokenTtlSeconds: 120,
  });
});
afterAll(() => sb.close());

describe('POST {authUrl}/oidc/token', () => {
  it('issues a signed JWT with exp, token_type bearer and expires_in', async () => {
    const res = await tokenRequest(sb, good);
    expect(res.status).toBe(200);
    const token = TokenResponse.parse(res.body);
    expect(token.token_type).toBe('bearer');
    expect(token.expires_in).toBe(120);
    const claims = decodeJwt(token.access_token);
    expect(claims).toMatchObject({ sub: 'app', aud: 'consumer-goods-api' });
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(119);
    expect(typeof claims.jti).toBe('string');
    expect(sb.stats().requests['POST /oidc/token']?.['200']).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['invalid_request: a missing parameter', { ...good, audience: '' }, 'invalid_request'],
    [
      'invalid_request: client_secret absent',
      { grant_type: 'client_credentials', client_id: 'app', audience: 'consumer-goods-api' },
      'invalid_request',
    ],
    ['unsupported_grant_type', { ...good, grant_type: 'password' }, 'unsupported_grant_type'],
    ['invalid_client: unknown client', { ...good, client_id: 'nobody' }, 'invalid_client'],
    ['invalid_client: wrong secret', { ...good, client_secret: 'wrong' }, 'invalid_client'],
    ['unauthorized_client', { ...good, client_id: 'locked', client_secret: 'pw' }, 'unauthorized_client'],
    ['invalid_grant: other audience', { ...good, audience: 'other-api' }, 'invalid_grant'],
  ])('400 %s', async (_name, form, code) => {
    const res = await tokenRequest(sb, form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(TokenErrorResponse.parse(res.body).error).toBe(code);
    expect(typeof TokenErrorResponse.parse(res.body).error_description).toBe('string');
  });

  it('400 invalid_request for a body that is not form-encoded', async () => {
    const res = await read(
      await fetch(`${sb.authUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(good),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request' });
  });
});

describe('authentication on the listings endpoints', () => {
  it('401 with an error object and WWW-Authenticate for a missing token', async () => {
    const api = await Api.login(sb);
    const res = await api.call('GET', '/v1/listings', { auth: null });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(res.body).toEqual(
      fullError(
        401,
        'Unauthorized',
        'Full authentication is required to access this resource',
        '/api/v1/listings',
      ),
    );
  });

  it('401 for a malformed or forged token', async () => {
    const api = await Api.login(sb);
    const [head, payload] = api.token.split('.');
    for (const auth of ['Bearer not-a-jwt', `${head}.${payload}.AAAA`, 'Basic YXBwOnMzY3JldA==']) {
      const res = await api.call('GET', '/v1/listings/x', { auth });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ title: 'Unauthorized', status: 401, instance: '/api/v1/listings/x' });
    }
  });

  it('401 "Access token expired" once the token has expired, and a new token works', async () => {
    sb.configure({ tokenTtlSeconds: 0.2 });
    try {
      const api = await Api.login(sb);
      expect((await api.call('GET', '/v1/listings')).status).toBe(200);
      // exp is in whole seconds (rounded up), so the token lives between 0.2 and 1.2 s here.
      const res = await vi.waitFor(
        async () => {
          const answer = await api.call('GET', '/v1/listings');
          expect(answer.status).toBe(401);
          return answer;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(res.body).toMatchObject({ detail: 'Access token expired' });
      expect(res.headers.get('www-authenticate')).toContain('invalid_token');
      expect((await (await Api.login(sb)).call('GET', '/v1/listings')).status).toBe(200);
    } finally {
      sb.configure({ tokenTtlSeconds: 120 });
    }
  });

  it('counts issued tokens', async () => {
    const before = sb.stats().tokens;
    await Api.login(sb);
    expect(sb.stats().tokens).toBe(before + 1);
  });
});
