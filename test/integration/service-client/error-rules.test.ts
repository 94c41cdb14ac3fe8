// The client's pure rules, with inputs the sandbox never sends: Retry-After forms, backoff bounds,
// which failures are repeated, safeToRepeat, unknown errors and odd error bodies.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ServiceError,
  SERVICE_PROBLEMS,
  defaultSafeToRepeat,
  toServiceError,
} from '../../../src/main/service-client';
import type { OperationName, ServiceProblem } from '../../../src/main/service-client';
import { errorFromResponse, readErrorBody } from '../../../src/main/service-client/response-errors';
import { parseRetryAfter } from '../../../src/main/service-client/retry-after';
import { backoffDelay } from '../../../src/main/service-client/backoff';
import { shouldRetry, withRetries } from '../../../src/main/service-client/retry';
import { renewalMarginMs } from '../../../src/main/service-client/token-provider';

const NOW = Date.parse('2025-01-01T12:00:00Z');

describe('Retry-After', () => {
  it.each([
    ['7', 7_000],
    [' 0 ', 0],
    ['Wed, 01 Jan 2025 12:00:30 GMT', 30_000],
    ['Wed, 01 Jan 2025 11:00:00 GMT', 0],
    ['-1', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j -> %j ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('backoff (one for the client and the publish jobs)', () => {
  const backoff = { baseMs: 100, maxMs: 1_000 };

  it('doubles from the base with jitter between half and all of it, capped', () => {
    expect(backoffDelay(0, backoff, undefined, () => 0)).toBe(50);
    expect(backoffDelay(0, backoff, undefined, () => 0.999)).toBe(100);
    expect(backoffDelay(2, backoff, undefined, () => 0)).toBe(200);
    expect(backoffDelay(10, backoff, undefined, () => 0.999)).toBe(1_000);
    expect(backoffDelay(5_000, backoff, undefined, () => 0)).toBe(500);
  });

  it('uses Retry-After instead, capped by the maximum unless told otherwise', () => {
    expect(backoffDelay(0, backoff, 300, () => 0.5)).toBe(300);
    expect(backoffDelay(0, backoff, 60_000, () => 0.5)).toBe(1_000);
    expect(backoffDelay(0, backoff, -5, () => 0.5)).toBe(0);
    expect(backoffDelay(0, backoff, 60_000, () => 0.5, 10 * 60_000)).toBe(60_000);
    expect(backoffDelay(0, backoff, 3_600_000, () => 0.5, 10 * 60_000)).toBe(600_000);
  });

  it('is what the client waits between repeats', async () => {
    const waits: number[] = [];
    const busy = new ServiceError({ operation: 'listListings', problem: 'rate-limited', message: 'm' });
    const env = {
      retry: { limit: 2, baseDelayMs: 10, maxDelayMs: 40 },
      random: () => 0,
      log: {
        warn: (_line: string, fields?: Record<string, unknown>) => waits.push(fields?.delayMs as number),
      },
    };
    await expect(withRetries('listListings', env, () => Promise.reject(busy))).rejects.toBe(busy);
    expect(waits).toEqual([
      backoffDelay(0, { baseMs: 10, maxMs: 40 }, undefined, () => 0),
      backoffDelay(1, { baseMs: 10, maxMs: 40 }, undefined, () => 0),
    ]);
    expect(waits).toEqual([5, 10]);
  });
});

const error = (operation: OperationName, problem: ServiceProblem, status?: number) =>
  new ServiceError({ operation, problem, status, message: 'm' });

describe('which failures are repeated', () => {
  it.each<[OperationName, ServiceProblem, number | undefined, boolean]>([
    ['listListings', 'server-error', 503, true],
    ['listListings', 'server-error', 501, false],
    ['updateListing', 'connection-reset', undefined, true],
    ['deleteMedia', 'timeout', undefined, true],
    ['uploadFile', 'server-error', 500, true],
    ['token', 'server-error', 502, true],
    ['createListing', 'rate-limited', 429, true],
    ['createListing', 'unreachable', undefined, true],
    ['createListing', 'server-error', 500, false],
    ['createListing', 'connection-reset', undefined, false],
    ['createListing', 'timeout', undefined, false],
    ['attachMedia', 'server-error', 503, false],
    ['getListing', 'not-found', 404, false],
    ['getListing', 'tls', undefined, false],
    ['getListing', 'invalid-response', 200, false],
    ['uploadFile', 'ticket-expired', 403, false],
  ])('%s %s %s -> %s', (operation, problem, status, expected) => {
    expect(shouldRetry(error(operation, problem, status))).toBe(expected);
  });
});

describe('safeToRepeat', () => {
  it.each<[OperationName, ServiceProblem, number | undefined, boolean]>([
    ['getListing', 'timeout', undefined, true],
    ['updatePublication', 'server-error', 500, true],
    ['token', 'connection-reset', undefined, true],
    ['createListing', 'rate-limited', 429, true],
    ['createListing', 'bad-request', 400, true],
    ['createListing', 'unreachable', undefined, true],
    ['createListing', 'tls', undefined, true],
    ['createListing', 'server-error', 503, false],
    ['createListing', 'timeout', undefined, false],
    ['createPublication', 'connection-reset', undefined, false],
    ['createImprint', 'invalid-response', 200, false],
    ['uploadFile', 'ticket-expired', 403, false],
  ])('%s %s %s -> %s', (operation, problem, status, expected) => {
    expect(defaultSafeToRepeat(operation, problem, status)).toBe(expected);
    expect(error(operation, problem, status).safeToRepeat).toBe(expected);
  });
});

describe('toServiceError', () => {
  it('returns a ServiceError as it is', () => {
    const original = error('getListing', 'not-found', 404);
    expect(toServiceError(original, 'listListings')).toBe(original);
  });

  it('maps error codes of any origin', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(toServiceError(reset, 'createListing')).toMatchObject({
      problem: 'connection-reset',
      safeToRepeat: false,
      systemCode: 'ECONNRESET',
    });
    expect(toServiceError(new DOMException('stop', 'AbortError'), 'getListing').problem).toBe('aborted');
  });

  it('keeps an unknown error as unexpected, with its message and cause', () => {
    const bug = new TypeError('x is not a function');
    const mapped = toServiceError(bug, 'getListing');
    expect(mapped).toMatchObject({ problem: 'unexpected', safeToRepeat: true, cause: bug });
    expect(mapped.message).toBe(
      'Unexpected error while talking to the listings service (UNKNOWN): x is not a function.',
    );
    expect(toServiceError('a string', 'createListing')).toMatchObject({
      problem: 'unexpected',
      safeToRepeat: false,
    });
  });

  it('treats a schema failure as invalid-response', () => {
    const zodError = z.object({ a: z.string() }).safeParse({}).error;
    expect(toServiceError(zodError, 'getListing')).toMatchObject({
      problem: 'invalid-response',
      message: 'The listings service sent data in an unexpected shape.',
    });
  });

  it('every problem code is distinct', () => {
    expect(new Set(SERVICE_PROBLEMS).size).toBe(SERVICE_PROBLEMS.length);
  });
});

describe('error bodies', () => {
  const response = (status: number, body: string, type?: string) => ({
    status,
    headers: type ? { 'content-type': type } : {},
    body,
  });

  it.each([
    [
      'an HTML page without a content type',
      response(503, '<!DOCTYPE html><html><h1>Down</h1></html>'),
      { page: true },
    ],
    [
      'a short plain text',
      response(500, 'upstream timed out', 'text/plain'),
      { page: false, detail: 'upstream timed out' },
    ],
    ['a long text', response(500, 'x'.repeat(500), 'text/plain'), { page: false }],
    ['JSON that is not an object', response(500, '[1,2]', 'application/json'), { page: false }],
    ['broken JSON', response(500, '{"title": ', 'application/json'), { page: false }],
    [
      'an error object with only status',
      response(400, '{"status":400}', 'application/json'),
      { page: false },
    ],
    [
      'S3-style XML',
      response(
        403,
        '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Expired.</Message></Error>',
      ),
      { page: false, title: 'AccessDenied', detail: 'Expired.' },
    ],
  ])('%s', (_name, raw, expected) => {
    expect(readErrorBody(raw)).toMatchObject(expected);
  });

  it('messages never contain markup, and the HTML title is not taken as data', () => {
    const page = errorFromResponse(
      'getListing',
      response(504, '<html><title>504 Gateway Time-out</title></html>', 'text/html'),
      NOW,
    );
    expect(page.message).toBe(
      'The listings service answered 504 Gateway Timeout with a page instead of data (a proxy or gateway problem). Try again later.',
    );
    const notFound = errorFromResponse('getListing', response(404, '<html>nope</html>', 'text/html'), NOW);
    expect(notFound.message).toBe('The listings service answered 404 Not Found with a page instead of data.');
  });

  it('a 429 tells when to try again, an unknown status is http', () => {
    const limited = errorFromResponse(
      'createListing',
      { status: 429, headers: { 'retry-after': '20' }, body: '' },
      NOW,
    );
    expect(limited).toMatchObject({ problem: 'rate-limited', retryAfterMs: 20_000, safeToRepeat: true });
    expect(limited.message).toBe(
      'The listings service answered 429 Too Many Requests. Too many requests; try again in 20 s.',
    );
    expect(errorFromResponse('getListing', response(418, ''), NOW)).toMatchObject({
      problem: 'http',
      status: 418,
    });
    expect(errorFromResponse('getListing', response(302, ''), NOW).problem).toBe('http');
  });

  it('control characters and overlong details are cleaned from messages', () => {
    const body = JSON.stringify({
      status: 400,
      title: 'Bad Request',
      detail: `line1\nline2\u0007${'y'.repeat(400)}`,
    });
    const mapped = errorFromResponse('createListing', response(400, body, 'application/json'), NOW);
    expect(mapped.message).not.toContain('\n');
    expect(mapped.message).not.toContain('\u0007');
    expect(mapped.message.length).toBeLessThan(400);
  });
});

describe('token renewal margin', () => {
  it('is 10% of the lifetime, at most a minute', () => {
    expect(renewalMarginMs(2)).toBe(200);
    expect(renewalMarginMs(300)).toBe(30_000);
    expect(renewalMarginMs(3600)).toBe(60_000);
  });
});
