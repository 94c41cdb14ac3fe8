import { describe, expect, it } from 'vitest';
import { isRejectedState, rejectionReasonOf } from '../../../src/shared/domain/publication-outcome';

describe('publication outcome', () => {
  it('takes states whose names say "turned down" as rejections, and nothing else', () => {
    for (const state of [
      'REJECTED',
      'rejected',
      'DECLINED',
      'VALIDATION_FAILED',
      'DENIED',
      'BLOCKED',
      'ERROR',
    ])
      expect(isRejectedState(state)).toBe(true);
    for (const state of ['PUBLISHED', 'PENDING_VALIDATION', 'IN_REVIEW', 'UNPUBLISHED', 'QUEUED', ''])
      expect(isRejectedState(state)).toBe(false);
  });

  it('finds a reason in a field the spec does not show, or none', () => {
    expect(rejectionReasonOf({ uuid: 'u', actualState: 'REJECTED', rejectionReason: ' No images. ' })).toBe(
      'No images.',
    );
    expect(rejectionReasonOf({ uuid: 'u', statusMessage: 'Postal code malformed' })).toBe(
      'Postal code malformed',
    );
    expect(rejectionReasonOf({ uuid: 'u', actualState: 'REJECTED', reason: '', detail: 42 })).toBeNull();
  });
});
