// The publish benchmark's bound (bench/publish/bound.ts): the chain of calls the service's contract
// makes follow each other, the rounds an account's ceiling of calls at once forces, and the line.
import { describe, expect, it } from 'vitest';
import { NEEDS, longestChain, runBound } from '../../../bench/publish/bound';

describe('the bound of a publish run', () => {
  it('takes the longest chain of the contract: ticket, put, attach, order, publication', () => {
    expect(longestChain()).toBe(5);
    // A ticket that needed the listing would make the chain one longer.
    expect(longestChain({ ...NEEDS, ticket: ['listing'] })).toBe(6);
    expect(longestChain({ a: [], b: ['a'], c: ['a'], d: ['b', 'c'] })).toBe(3);
  });

  it('refuses calls that wait for one another in a circle', () => {
    expect(() => longestChain({ a: ['b'], b: ['a'] })).toThrow(/circle/);
  });

  it('is the chain times the latency for one draft on loopback', () => {
    const bound = runBound({ drafts: 1, photos: 10, imprints: 1, latencyMs: 30, maxInFlight: 16 });
    expect(bound).toMatchObject({ chain: 5, rounds: 5, calls: 24, lineMs: 0, ms: 150 });
    expect(bound.how).toMatch(/5 round trips/);
  });

  it('counts the rounds that the calls at once allow for many drafts', () => {
    // 1 imprint + 50 x (listing, 4 tickets, 4 attaches, order, publication) = 551 calls, 16 at once.
    const bound = runBound({ drafts: 50, photos: 4, imprints: 1, latencyMs: 30, maxInFlight: 16 });
    expect(bound).toMatchObject({ calls: 551, rounds: 35, ms: 1050 });
    expect(bound.how).toMatch(/551 calls \/ 16/);
  });

  it('adds the bytes over the line to the round trips that cannot overlap them', () => {
    // 10 MB at 20 Mbit/s: 4000 ms on the line, plus 5 x 40 ms around it.
    const bound = runBound({
      drafts: 2,
      photos: 8,
      imprints: 1,
      latencyMs: 40,
      maxInFlight: 16,
      mbit: 20,
      bytes: 10_000_000,
    });
    expect(bound.lineMs).toBe(4000);
    expect(bound.ms).toBe(4200);
    expect(bound.how).toMatch(/10 MB \/ 20 Mbit\/s = 4\.00 s \+ 5 round trips/);
    // A line so fast that the rounds are longer: the rounds count.
    const fast = runBound({
      drafts: 50,
      photos: 4,
      imprints: 1,
      latencyMs: 30,
      maxInFlight: 16,
      mbit: 10_000,
      bytes: 1_000_000,
    });
    expect(fast.ms).toBe(1050);
  });
});
