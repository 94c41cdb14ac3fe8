// A failed call becomes a job error in the seller's words: the sentence of its row of the spec's
// Errors table, the suspected fields after a 400 that names none, and the service's own words kept
// apart for Details, never twice.
import { describe, expect, it } from 'vitest';
import { SPEC_ERRORS } from '../../../src/shared/service';
import { judge, jobError } from '../../../src/main/publish/context/failure';
import { ServiceError } from '../../../src/main/service-client';
import { httpErrorMessage } from '../../../src/main/service-client/messages';

const at = new Date('2025-01-02T03:04:05Z');

function missingData(): ServiceError {
  const facts = { operation: 'createPublication' as const, problem: 'bad-request' as const, status: 400 };
  return new ServiceError({
    ...facts,
    ...SPEC_ERRORS.missingData,
    instance: '/api/v1/listings/l-1/publications',
    message: httpErrorMessage({ ...facts, detail: SPEC_ERRORS.missingData.detail, page: false }),
  });
}

describe('job errors in the seller’s words', () => {
  it('names the suspected fields when a publication is refused with 400 Missing data', () => {
    const verdict = judge(missingData(), at, ['publication.district']);
    expect(verdict.kind).toBe('fail');
    const error = (verdict as Extract<typeof verdict, { kind: 'fail' }>).error;
    expect(error).toMatchObject({
      problem: 'bad-request',
      status: 400,
      remedy: 'fix-draft',
      title: 'Location incomplete',
      detail: 'The service refused to publish the ad because data is missing, without naming the field.',
      whatToDo: 'Check these fields in the draft’s location: District. Then publish again.',
      operation: 'createPublication',
      fields: ['publication.district'],
      serviceTitle: 'Bad Request',
      serviceDetail: 'Missing data',
    });
    // The old "Bad Request (400): … Missing data … (Missing data)" is gone: the service's words are
    // only in serviceTitle and serviceDetail.
    expect(`${error.title} ${error.detail} ${error.whatToDo}`).not.toMatch(/Missing data|Bad Request/);
  });

  it('suspects fields only on a 400', () => {
    const error = new ServiceError({
      operation: 'createPublication',
      problem: 'unauthorized',
      status: 401,
      message: 'refused',
    });
    const verdict = judge(error, at, ['publication.district']);
    expect(verdict).toMatchObject({
      kind: 'fail',
      error: { problem: 'unauthorized', title: 'Access token refused' },
    });
    expect((verdict as { error: { fields?: string[] } }).error.fields).toBeUndefined();
  });

  it('words a token error by its code and keeps the description for Details', () => {
    const error = jobError(
      {
        operation: 'token',
        problem: 'invalid_client',
        status: 400,
        message: 'x',
        detail: 'Client authentication failed',
      },
      at,
    );
    expect(error).toMatchObject({
      title: 'Client ID or secret wrong',
      remedy: 'check-account',
      serviceDetail: 'Client authentication failed',
    });
    expect(error.detail).not.toContain('Client authentication failed');
  });

  it('keeps the client’s message where the table has no row, without repeating the detail', () => {
    const error = jobError(
      {
        operation: 'createListing',
        problem: 'server-error',
        status: 500,
        message: 'The listings service answered 500 Internal Server Error: boom.',
        detail: 'boom',
      },
      at,
    );
    expect(error.detail).toBe('The listings service answered 500 Internal Server Error: boom.');
    expect(error.serviceDetail).toBe('boom');
  });
});
