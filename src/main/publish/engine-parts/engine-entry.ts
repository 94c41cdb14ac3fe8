// What the engine keeps of each job while it is open: the record and the moment's state (bytes
// sent, the wait under way, the task running it).
import type { JobClaim } from '../claims';
import type { JobError, JobRecord } from '../jobs';
import type { LiveState } from '../views';

/** One job in the engine. */
export interface Entry extends LiveState {
  record: JobRecord;
  bytes: Map<string, number>;
  waits: number;
  controller: AbortController | null;
  /** The run or the tracking under way. */
  task: Promise<void> | null;
  cancelRequested: boolean;
  /** The right to run the job on this desk, while it holds it (claims/claims.ts). */
  claim: JobClaim | null;
  /** Its claim given back (the job's last write to the shop), once asked for. */
  released: Promise<void> | null;
}

/** A new entry for `record`, with nothing under way. */
export function newEntry(record: JobRecord): Entry {
  return {
    record,
    bytes: new Map(),
    waits: 0,
    waiting: null,
    held: null,
    nextReadMs: null,
    controller: null,
    task: null,
    cancelRequested: false,
    claim: null,
    released: null,
  };
}

/**
 * Counts the waits of the job's steps (several photos can wait at once): `error` starts one, null
 * ends one; the job shows the latest until none is left.
 */
export function setWaiting(entry: Entry, error: JobError | null, untilMs: number): void {
  if (error) {
    entry.waits += 1;
    entry.waiting = { error, untilMs };
  } else {
    entry.waits = Math.max(0, entry.waits - 1);
    if (entry.waits === 0) entry.waiting = null;
  }
}
