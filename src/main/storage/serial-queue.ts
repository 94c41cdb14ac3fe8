// Runs tasks one after another. The drafts store funnels every change through one queue so that a
// save, a move to the trash and a compaction of the index never interleave on disk.

export interface SerialQueue {
  /** Runs `task` after every task queued before it; resolves or rejects with its outcome. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once every task queued so far has finished. */
  idle(): Promise<void>;
}

/** A new, empty queue. */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = tail.then(() => task());
      // A failed task must not stop the ones after it; its caller sees the failure.
      tail = result.catch(() => undefined);
      return result;
    },
    idle() {
      return tail.then(() => undefined);
    },
  };
}
