// Tokens: each token error code mapped to its problem, the secret's absence, caching, renewal before
// expiry, one refresh after a 401, single flight for concurrent callers, and no secret in errors.
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IncomingMessage } from 'node:http';
import type { Sandbox } from '../../../src/sandbox';
import { createServiceClient } from '../../../src/main/service-client';
import type { ServiceClient } from '../../../src/main/service-client';
import { FAST_RETRY, clientFor, failure, hits, httpServer, start } from './helpers';
import type { LocalServer } from './helpers';
import { Api } from '../sandbox/helpers';

const SECRET = 'correct-horse-battery-staple';
let sb: Sandbox;

beforeAll(async () => {
  sb = await start({
    clients: [
      { clientId: 'app', clientSecret: SECRET },
      { clientId: 'locked', clientSecret: 'pw', allowedGrant: false },
    ],
  });
});
afterAll(() => sb.close());

describe('token errors from the sandbox', () => {
  it('invalid_client for a wrong secret; the listings call is never sent', async () => {
    sb.resetStats();
    const client = clientFor(sb, { getSecret: async () => 'wrong' });
    const error = await failure(client.listListings());
    expect(error).toMatchObject({
      operation: 'token',
      problem: 'invalid_client',
      status: 400,
      detail: 'Client authentication failed.',
      safeToRepeat: true,
      message: 'The client ID or secret is wrong.',
    });
    expect(hits(sb, 'POST /oidc/token')).toEqual({ '400': 1 });
    expect(hits(sb, 'GET /v1/listings')).toEqual({});
  });

  it('invalid_client for an unknown client id', async () => {
    const client = clientFor(sb, { clientId: 'nobody' });
    expect(await failure(client.fetchToken())).toMatchObject({ problem: 'invalid_client' });
  });

  it('invalid_request for an empty client id, with the service description', async () => {
    const error = await failure(clientFor(sb, { clientId: '' }).fetchToken());
    expect(error).toMatchObject({
      problem: 'invalid_request',
      status: 400,
      detail: 'Missing parameter: client_id',
    });
    expect(error.message).toBe(
      'The token service rejected the sign-in request as incomplete or malformed. (Missing parameter: client_id)',
    );
  });

  it('unauthorized_client for a client not allowed to use the grant', async () => {
    const client = clientFor(sb, { clientId: 'locked', getSecret: async () => 'pw' });
    expect(await failure(client.fetchToken())).toMatchObject({
      problem: 'unauthorized_client',
      message: 'This client is not allowed to sign in with client credentials.',
    });
  });

  it('missing-secret when none is stored or it cannot be read; nothing is sent', async () => {
    sb.resetStats();
    for (const getSecret of [
      async () => undefined,
      async () => '',
      () => Promise.reject(new Error('locked')),
    ]) {
      const error = await failure(clientFor(sb, { getSecret }).listListings());
      expect(error).toMatchObject({ operation: 'token', problem: 'missing-secret', safeToRepeat: true });
    }
    expect(sb.stats().requests).toEqual({});
  });

  it('keeps the secret and the token out of errors and logs', async () => {
    const warnings: string[] = [];
    const wrong = 'wrong-but-still-secret';
    const error = await failure(
      clientFor(sb, { getSecret: async () => wrong, log: { warn: (m) => warnings.push(m) } }).fetchToken(),
    );
    const client = clientFor(sb, {
      log: { warn: (m) => warnings.push(m) },
      retry: { ...FAST_RETRY, limit: 1 },
    });
    sb.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 503, times: 2 });
    const failed = await failure(client.listListings());
    expect(failed.problem).toBe('server-error');
    expect(warnings.length).toBeGreaterThan(0);
    const everything = [inspect(error, { depth: null }), inspect(failed, { depth: null }), ...warnings].join(
      '\n',
    );
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // no JWT
  });
});

describe('token errors the sandbox cannot produce for a correct client', () => {
  let server: LocalServer;
  let answers: Array<{ status: number; body: string; type?: string }> = [];
  const forms: URLSearchParams[] = [];

  beforeAll(async () => {
    server = await httpServer((request, response) => {
      void readBody(request).then((body) => {
        forms.push(new URLSearchParams(body));
        const answer = answers.shift() ?? { status: 500, body: '' };
        response
          .writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' })
          .end(answer.body);
      });
    });
  });
  afterAll(() => server.close());

  const client = (): ServiceClient =>
    createServiceClient({
      authUrl: server.url,
      baseUrl: server.url,
      clientId: 'app',
      authScheme: 'bearer',
      getSecret: async () => SECRET,
      retry: FAST_RETRY,
    });
  const tokenError = (error: string, description?: string) => ({
    status: 400,
    body: JSON.stringify({ error, error_description: description }),
  });

  it('sends the client-credentials form the spec gives', async () => {
    forms.length = 0;
    answers = [
      { status: 200, body: JSON.stringify({ access_token: 'a.b.c', token_type: 'bearer', expires_in: 60 }) },
    ];
    expect(await client().fetchToken()).toEqual({ expiresIn: 60 });
    expect(Object.fromEntries(forms[0]!)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'app',
      client_secret: SECRET,
      audience: 'consumer-goods-api',
    });
  });

  it.each([
    ['invalid_grant', 'invalid_grant'],
    ['unsupported_grant_type', 'unsupported_grant_type'],
    ['access_denied', 'token-rejected'],
  ])('400 %s -> %s', async (code, problem) => {
    answers = [tokenError(code, 'Because.')];
    const error = await failure(client().fetchToken());
    expect(error).toMatchObject({ operation: 'token', problem, status: 400, detail: 'Because.' });
    expect(error.message).not.toMatch(/undefined/);
  });

  it('401 with an OAuth error body is read like 400', async () => {
    answers = [{ status: 401, body: JSON.stringify({ error: 'invalid_client' }) }];
    expect(await failure(client().fetchToken())).toMatchObject({ problem: 'invalid_client', status: 401 });
  });

  it('400 without an error body is token-rejected with a sensible message', async () => {
    answers = [{ status: 400, body: '' }];
    const error = await failure(client().fetchToken());
    expect(error).toMatchObject({ problem: 'token-rejected', status: 400 });
    expect(error.message).toBe('The token service answered 400 Bad Request.');
  });

  it('5xx is repeated (a token request creates nothing); then the token is used', async () => {
    forms.length = 0;
    answers = [
      { status: 503, body: '' },
      { status: 500, body: '' },
      { status: 200, body: JSON.stringify({ access_token: 'tok', token_type: 'bearer', expires_in: 60 }) },
    ];
    expect(await client().fetchToken()).toEqual({ expiresIn: 60 });
    expect(forms).toHaveLength(3);
  });

  it('a 200 that is not a token response is invalid-response', async () => {
    answers = [{ status: 200, body: '<html>login</html>', type: 'text/html' }];
    const page = await failure(client().fetchToken());
    expect(page).toMatchObject({ operation: 'token', problem: 'invalid-response', status: 200 });
    expect(page.message).not.toContain('<');
    answers = [{ status: 200, body: JSON.stringify({ token_type: 'bearer', expires_in: 60 }) }];
    const shape = await failure(client().fetchToken());
    expect(shape).toMatchObject({ problem: 'invalid-response' });
    expect(shape.message).toContain("'access_token'");
  });
});

describe('caching and renewal', () => {
  it('one token serves many calls; fetchToken forces a new one; concurrent fetchTokens share one', async () => {
    const client = clientFor(sb);
    sb.resetStats();
    await client.listListings();
    await Promise.all([client.listListings(), client.listListings(), client.listListings()]);
    expect(sb.stats().tokens).toBe(1);
    await client.fetchToken();
    expect(sb.stats().tokens).toBe(2);
    await Promise.all([client.fetchToken(), client.fetchToken(), client.fetchToken()]);
    expect(sb.stats().tokens).toBe(3);
  });
});

describe('a token that runs out mid-run (lifetime 1 s)', () => {
  let short: Sandbox;
  let renewing: ServiceClient;
  let frozen: ServiceClient;
  let frozenNow = 0;

  beforeAll(async () => {
    short = await start({ tokenTtlSeconds: 1 });
    renewing = clientFor(short);
    // This client's clock stands still, so it keeps using its token until the service refuses it.
    frozenNow = Date.now();
    frozen = clientFor(short, { now: () => frozenNow });
    await renewing.listListings();
    await frozen.listListings();
    expect(short.stats().tokens).toBe(2);
    // Both tokens have expired once one issued after them is refused (exp is rounded up to whole seconds).
    const probe = await Api.login(short);
    await vi.waitFor(async () => expect((await probe.call('GET', '/v1/listings')).status).toBe(401), {
      timeout: 10_000,
      interval: 100,
    });
    short.resetStats();
  });
  afterAll(() => short.close());

  it('renews before expiry: ten concurrent calls cost one token request and no 401', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => renewing.listListings()));
    expect(results).toHaveLength(10);
    expect(short.stats().tokens).toBe(1);
    expect(hits(short, 'GET /v1/listings')).toEqual({ '200': 10 });
  });

  it('after a 401, ten concurrent calls share one new token and each is repeated once', async () => {
    short.resetStats();
    const results = await Promise.all(Array.from({ length: 10 }, () => frozen.listListings()));
    expect(results).toHaveLength(10);
    expect(short.stats().tokens).toBe(1);
    expect(hits(short, 'POST /oidc/token')).toEqual({ '200': 1 });
    expect(hits(short, 'GET /v1/listings')).toEqual({ '401': 10, '200': 10 });
  });
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
  });
}
