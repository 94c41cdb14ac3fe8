// Drafts at once under 'auto' (issue 38.1): the calls at once of the accounts whose jobs are still to
// run, summed, at most MAX_AUTO_DRAFTS; with none, the active account's. A number is the seller's.
import { describe, expect, it } from 'vitest';
import { AccountPace, callsInStride, type PaceView } from '../../../src/main/service-client';
import {
  autoDrafts,
  draftLimitOf,
  MAX_AUTO_DRAFTS,
} from '../../../src/main/publish/engine-parts/draft-limit';
import { newEntry } from '../../../src/main/publish/engine-parts/engine-entry';
import type { JobRecord } from '../../../src/main/publish/jobs/job-record';

const entry = (accountId: string, state: JobRecord['state']) =>
  newEntry({ id: `${accountId}-${state}`, accountId, state } as JobRecord);

describe('autoDrafts', () => {
  it("sums the calls at once of the accounts with jobs to run, read from each account's pace", () => {
    const paces = new Map([
      ['a', new AccountPace({ startConcurrency: 3 })],
      ['b', new AccountPace({ startConcurrency: 5 })],
      ['c', new AccountPace({ startConcurrency: 7 })],
    ]);
    const accounts = {
      callsAtOnce: (id: string) => paces.get(id)!.view().concurrency,
      activeId: () => 'c',
    };
    // Account c's only job is tracking (it holds no slot); a and b have jobs queued and running.
    const entries = [
      entry('a', 'queued'),
      entry('a', 'running'),
      entry('b', 'queued'),
      entry('c', 'tracking'),
    ];
    expect(autoDrafts(entries, accounts)).toBe(3 + 5);
    // Finished jobs count for nothing: with none to run, the active account's pace.
    expect(autoDrafts([entry('a', 'published'), entry('b', 'failed')], accounts)).toBe(7);
  });

  it('is at least 1 and at most MAX_AUTO_DRAFTS; without a pace to read, the pace’s ceiling', () => {
    const entries = ['a', 'b', 'c'].map((id) => entry(id, 'queued'));
    expect(autoDrafts(entries, { callsAtOnce: () => 0, activeId: () => 'a' })).toBe(3);
    expect(autoDrafts(entries, { callsAtOnce: () => 16, activeId: () => 'a' })).toBe(MAX_AUTO_DRAFTS);
    expect(autoDrafts([entry('a', 'queued')], { activeId: () => 'a' })).toBe(16);
  });
});

describe('draftLimitOf', () => {
  it("takes the seller's number as it is set now, and 'auto' (or nothing) as autoDrafts' figure", () => {
    let setting: number | 'auto' = 3;
    const limit = draftLimitOf(
      () => setting,
      () => 11,
    );
    expect(limit()).toBe(3);
    setting = 'auto';
    expect(limit()).toBe(11);
    expect(draftLimitOf(undefined, () => 9)()).toBe(9);
    expect(draftLimitOf(0, () => 9)()).toBe(1);
  });
});

describe('callsInStride', () => {
  const view = (concurrency: number, writeRate: number | null): PaceView => ({
    writesUntil: null,
    readsUntil: null,
    writeRate,
    readRate: null,
    concurrency,
  });

  it('is the calls at once, and no more than the writes a second once the service limited them', () => {
    expect(callsInStride(view(16, null))).toBe(16);
    expect(callsInStride(view(12, 4.2))).toBe(5);
    expect(callsInStride(view(3, 40))).toBe(3);
    expect(callsInStride(view(4, 0.2))).toBe(1);
  });
});
