// Bounds on what runs at once (drafts, uploads): a counting semaphore whose waiters can give up
// (a cancelled job must not hold its place in the line).
import { abortError } from './pause';

export interface Limiter {
  /** Waits for a free slot; resolves with its release function. Rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** Runs `task` inside a slot. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: number;
}

/** A limiter of `limit` slots (at least 1); a function is read at each acquire and release (settings). */
export function createLimiter(limit: number | (() => number)): Limiter {
  const size = () => Math.max(1, Math.floor(typeof limit === 'function' ? limit() : limit));
  let active = 0;
  const waiting: Array<{ grant: () => void }> = [];

  const releaser = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A limit lowered meanwhile: the slot is given up instead of passed on.
      const next = active <= size() ? waiting.shift() : undefined;
      if (next) next.grant();
      else active -= 1;
    };
  };

  const acquire = (signal?: AbortSignal): Promise<() => void> => {
    if (signal?.aborted) return Promise.reject(abortError());
    if (active < size()) {
      active += 1;
      return Promise.resolve(releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        // The slot passes straight from the releasing holder to this waiter; `active` stays the same.
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(releaser());
        },
      };
      const onAbort = () => {
        const index = waiting.indexOf(entry);
        if (index !== -1) waiting.splice(index, 1);
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });
  };

  return {
    acquire,
    async run(task, signal) {
      const release = await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
  };
}

/** Runs tasks one at a time per key (e.g. one listing creation per reference). */
export function createKeyedLock(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, task) => {
    const before = tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
