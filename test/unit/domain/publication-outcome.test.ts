import { describe, expect, it } from 'vitest';
import {
  judgeRead,
  rejectionReasonOf,
  stateMeaning,
  type SettleMemory,
} from '../../../src/shared/domain/publishing/publication-outcome';

const rule = { windowMs: 30_000, reads: 3 };

// Feeds reads [state, atMs] through the rule and returns the verdicts.
function run(reads: Array<[string | null, number]>, requested: string | null = 'PUBLISHED') {
  let memory: SettleMemory = {};
  return reads.map(([state, at]) => {
    const judged = judgeRead(memory, requested, state, at, rule);
    memory = judged.memory;
    return judged.verdict;
  });
}

describe('publication outcome', () => {
  it('knows the states it can word, and no others', () => {
    expect(stateMeaning('PUBLISHED')).toBe('live');
    expect(stateMeaning('PENDING_VALIDATION')).toBe('review');
    expect(stateMeaning('IN_REVIEW')).toBe('review');
    expect(stateMeaning('REJECTED')).toBe('rejected');
    expect(stateMeaning('PAUSED')).toBe('paused');
    for (const state of ['NOT_APPROVED', 'DECLINED', 'toString', '', null, undefined])
      expect(stateMeaning(state)).toBeNull();
  });

  it('an unknown state after the first pending one needs the seller after three reads over 30 s', () => {
    expect(
      run([
        ['PENDING_VALIDATION', 0],
        ['NOT_APPROVED', 1000],
        ['NOT_APPROVED', 16_000],
        ['NOT_APPROVED', 31_000],
      ]),
    ).toEqual(['open', 'open', 'open', 'needs-seller']);
  });

  it('three reads are not enough inside the window, nor a long window with two reads', () => {
    expect(
      run([
        ['A', 0],
        ['B', 1],
        ['B', 2],
        ['B', 3],
        ['B', 29_000],
      ]).at(-1),
    ).toBe('open');
    expect(
      run([
        ['A', 0],
        ['B', 1],
        ['B', 60_000],
      ]).at(-1),
    ).toBe('open');
  });

  it('a change starts the count again; the first pending state and known review states never settle', () => {
    expect(
      run([
        ['A', 0],
        ['B', 0],
        ['B', 20_000],
        ['C', 30_000],
        ['C', 40_000],
        ['C', 59_000],
      ]).at(-1),
    ).toBe('open');
    expect(
      run([
        ['A', 0],
        ['A', 40_000],
        ['A', 80_000],
        ['A', 120_000],
      ]).at(-1),
    ).toBe('open');
    expect(
      run([
        ['A', 0],
        ['IN_REVIEW', 1],
        ['IN_REVIEW', 40_000],
        ['IN_REVIEW', 80_000],
      ]).at(-1),
    ).toBe('open');
  });

  it('the requested state settles, a known rejection needs the seller at once, no state is open', () => {
    expect(run([['PUBLISHED', 0]])).toEqual(['settled']);
    expect(run([['PAUSED', 0]], 'PAUSED')).toEqual(['settled']);
    expect(run([['REJECTED', 0]])).toEqual(['needs-seller']);
    expect(
      run([
        [null, 0],
        [null, 40_000],
        [null, 80_000],
        [null, 120_000],
      ]),
    ).toEqual(['open', 'open', 'open', 'open']);
    // A read without requestedState is taken as asking for the spec's PUBLISHED.
    expect(run([['PUBLISHED', 0]], null)).toEqual(['settled']);
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
