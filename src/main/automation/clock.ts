// The runner's clock port: what time it is, and a wait that a source's change or a stop can cut
// short. Tests give the runner a fake clock; the command line's end-to-end test moves the real one
// with LISTING_DESK_CLOCK_SHIFT_MS (read here only, and meant for tests alone: it makes `worker`
// act as if that many ms had passed).

/** The time and the waits the runner uses. */
export interface Clock {
  /** Epoch ms. */
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
}

// Never one long timer: a machine that slept, or a clock set forward, is caught up within this.
const LONGEST_WAIT_MS = 5 * 60_000;

/** The machine's clock, shifted by LISTING_DESK_CLOCK_SHIFT_MS (tests only). */
export function systemClock(env: NodeJS.ProcessEnv = process.env): Clock {
  const shift = Number(env.LISTING_DESK_CLOCK_SHIFT_MS ?? 0);
  const offset = Number.isFinite(shift) ? shift : 0;
  return {
    now: () => Date.now() + offset,
    wait: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, Math.min(ms, LONGEST_WAIT_MS)));
        signal.addEventListener('abort', done, { once: true });
      }),
  };
}
