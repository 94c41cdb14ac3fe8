// Runs tasks one after another. The drafts store funnels every change through one queue so that a
// save, a move to the trash and a compaction of the index never interleave on disk.
import pLimit from 'p-limit';

export interface SerialQueue {
  /** Runs `task` after every task queued before it; resolves or rejects with its outcome. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once every task queued so far has finished. */
  idle(): Promise<void>;
}

/** A new, empty queue: p-limit with one slot (first in, first out). */
export function createSerialQueue(): SerialQueue {
  const one = pLimit(1);
  // The last task queued: it ends after every task before it.
  let last: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = one(task);
      // A failed task must not stop the ones after it; its caller sees the failure.
      last = result.catch(() => undefined);
      return result;
    },
    idle() {
      return last.then(() => undefined);
    },
  };
}
