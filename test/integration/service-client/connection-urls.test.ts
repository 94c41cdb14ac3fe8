// Addresses forgiven (issue 14.2): Test connection takes the token service root with or without
// `/v2`, the whole token URL, and the listings root with or without a trailing `/v1`; it keeps the
// reading that answers. An address that is no service at all fails with what was tried.
import { describe, expect, it } from 'vitest';
import {
  ConnectionFailure,
  ServiceError,
  findConnection,
  type ServiceClient,
} from '../../../src/main/service-client';
import { listingsRootCandidates, tokenRootCandidates } from '../../../src/main/service-client/urls';
import { clientFor, useFixture } from './helpers';

const f = useFixture();

/** A client per reading, on the Automatic setting, as the accounts service builds them. */
const readings = () => {
  const asked: Array<[string, string]> = [];
  const build = (authUrl: string, baseUrl: string): ServiceClient => {
    asked.push([authUrl, baseUrl]);
    return clientFor(f.sb, { authUrl, baseUrl, authScheme: 'auto' });
  };
  return { asked, build };
};

describe('the readings of a typed address', () => {
  it('token service: the root with /v2 first, the whole token URL cut to its root', () => {
    expect(tokenRootCandidates('https://x.example/auth/v2/')).toEqual([
      'https://x.example/auth/v2',
      'https://x.example/auth',
    ]);
    expect(tokenRootCandidates('https://x.example/auth')).toEqual([
      'https://x.example/auth/v2',
      'https://x.example/auth',
    ]);
    expect(tokenRootCandidates(' https://x.example/auth/v2/oidc/token ')).toEqual([
      'https://x.example/auth/v2',
      'https://x.example/auth',
    ]);
  });

  it('listings service: a trailing /v1 is most likely the start of the paths', () => {
    expect(listingsRootCandidates('https://x.example/api/v1/')).toEqual([
      'https://x.example/api',
      'https://x.example/api/v1',
    ]);
    expect(listingsRootCandidates('https://x.example/api')).toEqual(['https://x.example/api']);
  });
});

describe('findConnection against the sandbox', () => {
  const origin = () => new URL(f.sb.authUrl).origin;

  it.each([
    ['the roots as the sandbox names them', (a: string) => a, (b: string) => b],
    ['the token root without /v2', (a: string) => a.replace(/\/v2$/, ''), (b: string) => b],
    ['the whole token URL', (a: string) => `${a}/oidc/token`, (b: string) => b],
    ['the listings root with /v1', (a: string) => a, (b: string) => `${b}/v1/`],
    ['all at once', (a: string) => `${a.replace(/\/v2$/, '')}/`, (b: string) => `${b}/v1`],
  ])('%s: connects and keeps the normalized roots', async (_name, auth, base) => {
    const { build } = readings();
    const found = await findConnection({ authUrl: auth(f.sb.authUrl), baseUrl: base(f.sb.baseUrl) }, build);
    expect(found).toEqual({
      authUrl: f.sb.authUrl,
      baseUrl: f.sb.baseUrl,
      authForm: 'bearer',
      listingCount: 0,
    });
  });

  it('an address that is no service: the most likely reading’s error and every address tried', async () => {
    const { build } = readings();
    const error = await findConnection(
      { authUrl: f.sb.authUrl, baseUrl: `${origin()}/elsewhere/v1` },
      build,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionFailure);
    const failure = error as ConnectionFailure;
    expect(failure.error).toBeInstanceOf(ServiceError);
    expect(failure.error).toMatchObject({ problem: 'not-found', status: 404 });
    expect(failure.tried).toEqual([
      `${origin()}/elsewhere/v1/listings`,
      `${origin()}/elsewhere/v1/v1/listings`,
    ]);
  });

  it('a refusal of the credentials is not a wrong address: no other reading is tried', async () => {
    const asked: string[] = [];
    const error = await findConnection({ authUrl: `${origin()}/auth`, baseUrl: f.sb.baseUrl }, (a, b) => {
      asked.push(a);
      return clientFor(f.sb, { authUrl: a, baseUrl: b, getSecret: async () => 'wrong-secret' });
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionFailure);
    expect((error as ConnectionFailure).error).toMatchObject({
      operation: 'token',
      problem: 'invalid_client',
    });
    expect(asked).toEqual([f.sb.authUrl]);
  });
});
