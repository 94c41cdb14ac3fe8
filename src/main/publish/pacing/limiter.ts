// Bounds on what runs at once (uploads across all jobs), on p-limit. p-limit cannot take a waiting
// call out of its line, so a call whose job is cancelled while it waits rejects at once and, when
// its turn comes, gives it up without running (a cancelled job must not hold a slot).
import pLimit, { type LimitFunction } from 'p-limit';
import { abortError } from './pause';

export interface Limiter {
  /** Runs `task` inside a slot; rejects at once if `signal` aborts while it waits for one. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: number;
}

/** A limiter of `limit` slots (at least 1); a function is read at each call (settings). */
export function createLimiter(limit: number | (() => number)): Limiter {
  const size = () => Math.max(1, Math.floor(typeof limit === 'function' ? limit() : limit));
  const slots = pLimit(size());
  return {
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      // A lowered limit lets the calls under way finish; the next waits until fewer run.
      const wanted = size();
      if (slots.concurrency !== wanted) slots.concurrency = wanted;
      if (!signal) return slots(task);
      if (signal.aborted) return Promise.reject(abortError());
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => reject(abortError());
        signal.addEventListener('abort', onAbort, { once: true });
        slots(async () => {
          signal.removeEventListener('abort', onAbort);
          if (signal.aborted) return undefined;
          return task();
        }).then((value) => resolve(value as T), reject);
      });
    },
    get active() {
      return slots.activeCount;
    },
  };
}

/** Runs tasks one at a time per key (e.g. one listing creation per reference): p-limit with one slot per key. */
export function createKeyedLock(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const locks = new Map<string, LimitFunction>();
  return (key, task) => {
    let lock = locks.get(key);
    if (!lock) locks.set(key, (lock = pLimit(1)));
    const held = lock;
    const result = held(task);
    // Forgotten once nothing holds or waits for it (a later task of the key gets a new one).
    void result
      .catch(() => undefined)
      .then(() => {
        if (held.activeCount === 0 && held.pendingCount === 0 && locks.get(key) === held) locks.delete(key);
      });
    return result;
  };
}
