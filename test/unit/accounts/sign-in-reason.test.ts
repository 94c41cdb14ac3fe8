// Why an account cannot sign in, read from the failure of its token request or listings read: a
// 404 of the token service is a wrong token address (never an ad that is missing), a refused
// client a refused secret, and only a connection that fails or a failing service pass by themselves.
import { describe, expect, it } from 'vitest';
import { isPassingReason, isSignInFailure, signInReasonOf } from '../../../src/main/accounts/sign-in-check';
import { ServiceError, type ServiceErrorInit } from '../../../src/main/service-client';

const error = (init: Omit<ServiceErrorInit, 'message'>) => new ServiceError({ message: 'x', ...init });

describe('signInReasonOf', () => {
  it.each([
    ['token 404', error({ operation: 'token', problem: 'not-found', status: 404 }), 'token-address'],
    ['token 405', error({ operation: 'token', problem: 'http', status: 405 }), 'token-address'],
    [
      'token HTML page',
      error({ operation: 'token', problem: 'invalid-response', status: 200 }),
      'token-address',
    ],
    [
      'invalid_client',
      error({ operation: 'token', problem: 'invalid_client', status: 400 }),
      'secret-refused',
    ],
    ['token 401', error({ operation: 'token', problem: 'token-rejected', status: 401 }), 'secret-refused'],
    ['no secret', error({ operation: 'token', problem: 'missing-secret' }), 'no-secret'],
    ['refused connection', error({ operation: 'token', problem: 'unreachable' }), 'unreachable'],
    ['token 503', error({ operation: 'token', problem: 'server-error', status: 503 }), 'service-error'],
    [
      'listings 404',
      error({ operation: 'listListings', problem: 'not-found', status: 404 }),
      'listings-address',
    ],
    [
      'listings 401',
      error({ operation: 'listListings', problem: 'unauthorized', status: 401 }),
      'access-refused',
    ],
    ['listings timeout', error({ operation: 'listListings', problem: 'timeout' }), 'unreachable'],
  ] as const)('%s', (_, failure, reason) => {
    expect(signInReasonOf(failure)).toBe(reason);
  });

  it('counts only lasting token failures as a failed sign-in of a job', () => {
    expect(isSignInFailure(error({ operation: 'token', problem: 'not-found', status: 404 }))).toBe(true);
    expect(isSignInFailure(error({ operation: 'token', problem: 'unreachable' }))).toBe(false);
    expect(isSignInFailure(error({ operation: 'createListing', problem: 'not-found', status: 404 }))).toBe(
      false,
    );
    expect(isSignInFailure(new Error('no service error'))).toBe(false);
    expect(isPassingReason('unreachable')).toBe(true);
    expect(isPassingReason('token-address')).toBe(false);
  });
});
