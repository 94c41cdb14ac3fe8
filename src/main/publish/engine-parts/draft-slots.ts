// How many drafts publish at once: queued jobs wait here until `pump` hands them to p-limit's slots,
// which the engine does once a whole batch is on disk. The limit (draft-limit.ts: the setting, or
// what the accounts' paces take) is read again at each pump and whenever a slot frees.
import pLimit from 'p-limit';
import type { Entry } from './engine-entry';

export interface DraftSlots {
  /** Marks the job queued; it runs after the next pump. */
  enqueue(entry: Entry): void;
  /** Takes a queued job out before it was handed to a slot (cancelled). */
  drop(entry: Entry): void;
  /** Hands every queued job to the slots. */
  pump(): void;
  /** Reads the limit again: a higher one starts waiting jobs now (the account's pace grew). */
  refresh(): void;
  /** Forgets every job not yet running (the engine closes). */
  clear(): void;
}

/** The limit as it is now (at least 1; it may be read live). */
export function currentLimit(limit: number | (() => number)): number {
  return Math.max(1, Math.floor(typeof limit === 'function' ? limit() : limit));
}

/** Draft slots of `limit()` (at least 1) running `run` for each queued job. */
export function createDraftSlots(
  limit: number | (() => number),
  run: (entry: Entry) => Promise<void>,
  isClosed: () => boolean,
): DraftSlots {
  const current = () => currentLimit(limit);
  const queue = new Set<Entry>();
  const slots = pLimit(current());
  // A job cancelled while it waited (or queued again and run by an earlier turn) is no longer
  // 'queued' when its turn comes: the turn passes on.
  const runQueued = async (entry: Entry): Promise<void> => {
    if (isClosed() || entry.record.state !== 'queued') return;
    // A failure of the run itself is the engine's (it tracks the task), not the slot's.
    await run(entry).catch(() => undefined);
    slots.concurrency = current();
  };
  return {
    enqueue(entry) {
      entry.record.state = 'queued';
      queue.add(entry);
    },
    drop: (entry) => void queue.delete(entry),
    pump() {
      if (isClosed()) return;
      slots.concurrency = current();
      for (const entry of queue) {
        queue.delete(entry);
        void slots(runQueued, entry);
      }
    },
    refresh() {
      if (isClosed()) return;
      const wanted = current();
      if (slots.concurrency !== wanted) slots.concurrency = wanted;
    },
    clear() {
      queue.clear();
      slots.clearQueue();
    },
  };
}
