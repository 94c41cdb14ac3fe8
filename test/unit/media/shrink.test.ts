// The pure rules of media/shrink.ts: the ladder of edges, and what is remembered of a service's
// media limit from the sizes it attached and refused.
import { describe, expect, it } from 'vitest';
import { FLOOR_EDGE, ladderEdges, noteMediaSize, sizeToFit } from '../../../src/main/media/shrink';

describe('ladderEdges', () => {
  it('steps down to the floor and never below it', () => {
    expect(ladderEdges(4000)).toEqual([4000, 3200, 2560, 2048, 1638, 1310, 1048, FLOOR_EDGE]);
    expect(ladderEdges(1600)).toEqual([1600, 1280, FLOOR_EDGE]);
  });
  it('keeps a photo already at or below the floor at its size', () => {
    expect(ladderEdges(800)).toEqual([800]);
    expect(ladderEdges(FLOOR_EDGE)).toEqual([FLOOR_EDGE]);
  });
});

describe('the remembered limit', () => {
  it('knows no limit before a 413', () => {
    const limit = noteMediaSize(null, 500_000, true);
    expect(limit).toEqual({ acceptedBytes: 500_000, refusedBytes: null });
    expect(sizeToFit(limit)).toBeNull();
  });
  it('keeps the largest accepted and the smallest refused size', () => {
    let limit = noteMediaSize(null, 230_000, false);
    limit = noteMediaSize(limit, 200_000, false);
    limit = noteMediaSize(limit, 40_000, true);
    limit = noteMediaSize(limit, 55_000, true);
    limit = noteMediaSize(limit, 250_000, false);
    expect(limit).toEqual({ acceptedBytes: 55_000, refusedBytes: 200_000 });
    // Well below the refusal, as that leaves more than what was taken.
    expect(sizeToFit(limit)).toBe(170_000);
    expect(sizeToFit(noteMediaSize(limit, 62_000, false))).toBe(55_000);
  });
  it('forgets a side the service contradicts (its limit changed)', () => {
    const refused = { acceptedBytes: 50_000, refusedBytes: 60_000 };
    expect(noteMediaSize(refused, 70_000, true)).toEqual({ acceptedBytes: 70_000, refusedBytes: null });
    expect(noteMediaSize(refused, 40_000, false)).toEqual({ acceptedBytes: null, refusedBytes: 40_000 });
  });
});
