// Failures below HTTP: a closed port and an unknown host ('unreachable'), no answer in time
// ('timeout'), and a certificate that is not trusted ('tls', against a self-signed HTTPS server
// whose certificate openssl makes at test time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox';
import { clientFor, closedPortUrl, failure, hits, selfSignedServer, start, tempDir } from './helpers';
import type { LocalServer, TempDir } from './helpers';

let sb: Sandbox;
let dir: TempDir;
let tls: LocalServer;

beforeAll(async () => {
  sb = await start();
  dir = await tempDir();
  tls = await selfSignedServer(dir.path);
});
afterAll(async () => {
  await tls.close();
  await sb.close();
  await dir.remove();
});

const once = { limit: 0, baseDelayMs: 1, maxDelayMs: 1 };

describe('unreachable', () => {
  it('a closed port: connection refused', async () => {
    const url = await closedPortUrl();
    const error = await failure(clientFor(sb, { baseUrl: url, retry: once }).listListings());
    expect(error).toMatchObject({
      operation: 'listListings',
      problem: 'unreachable',
      systemCode: 'ECONNREFUSED',
      safeToRepeat: true,
      message: `The listings service at ${new URL(url).host} cannot be reached (connection refused). Check the address and the network connection.`,
    });
    expect(error.status).toBeUndefined();
  });

  it('a token service on a closed port fails the call with operation token', async () => {
    const error = await failure(
      clientFor(sb, { authUrl: await closedPortUrl(), retry: once }).getListing('x'),
    );
    expect(error).toMatchObject({ operation: 'token', problem: 'unreachable' });
    expect(error.message).toMatch(/^The token service at .* cannot be reached/);
  });

  it('a host name that does not resolve', async () => {
    const error = await failure(
      clientFor(sb, { baseUrl: 'http://listing-desk-test.invalid/api', retry: once }).listListings(),
    );
    expect(error.problem).toBe('unreachable');
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(error.systemCode);
  });
});

describe('timeout', () => {
  it('a GET that gets no answer within timeoutMs', async () => {
    const client = clientFor(sb, { timeoutMs: 100, retry: once });
    await client.fetchToken();
    sb.faults.add({ route: 'GET /v1/listings/:uuid', kind: 'delay', ms: 400, times: 1 });
    const error = await failure(client.getListing('x'));
    expect(error).toMatchObject({ operation: 'getListing', problem: 'timeout', safeToRepeat: true });
    expect(error.message).toBe('The listings service did not answer within 0.1 s.');
  });
});

describe('tls', () => {
  it('a self-signed certificate on the listings service', async () => {
    sb.resetStats();
    const error = await failure(clientFor(sb, { baseUrl: `${tls.url}/api`, retry: once }).listListings());
    expect(error).toMatchObject({ operation: 'listListings', problem: 'tls', safeToRepeat: true });
    expect(error.systemCode).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
    expect(error.message).toMatch(
      /^A secure connection to the listings service at 127\.0\.0\.1:\d+ could not be established/,
    );
    // The token came from the (plain HTTP) sandbox; the listings request never got through.
    expect(hits(sb, 'POST /oidc/token')).toEqual({ '200': 1 });
  });

  it('a self-signed certificate on the token service is not repeated', async () => {
    const warnings: string[] = [];
    const client = clientFor(sb, { authUrl: tls.url, log: { warn: (m) => warnings.push(m) } });
    expect(await failure(client.fetchToken())).toMatchObject({ operation: 'token', problem: 'tls' });
    expect(warnings).toEqual([]);
  });
});
