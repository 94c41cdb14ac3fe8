// The runner's clock port: what time it is, and a wait that a source's change or a stop can cut
// short. Tests give the runner a fake clock; the command line's end-to-end test moves the real one
// with LISTING_DESK_CLOCK_SHIFT_MS, and the soak benchmark (bench/soak) makes it run fast with
// LISTING_DESK_CLOCK_RATE from LISTING_DESK_CLOCK_ORIGIN, so that every desk it starts agrees on
// one virtual time:  virtual = origin + (real − origin) × rate + shift.
// These are read here only and meant for tests alone. Only due times follow this clock (schedules,
// price steps, feed runs); timeouts, leases and the reconcile window stay on the machine's.

/** The time and the waits the runner uses. */
export interface Clock {
  /** Epoch ms. */
  now(): number;
  /** Resolves after `ms` of this clock, or at once when `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  /** How many ms of this clock pass in one real ms (1 when absent): a real span is `ms × rate` of it. */
  rate?: number;
}

// Never one long timer: a machine that slept, or a clock set forward, is caught up within this.
const LONGEST_WAIT_MS = 5 * 60_000;

/** Reads a finite number from the environment, or `fallback`. */
function numberIn(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? value : fallback;
}

/** The clock's settings from the environment: shift (ms), rate (> 0) and origin (epoch ms). */
export function clockSettings(env: NodeJS.ProcessEnv = process.env) {
  const rate = numberIn(env, 'LISTING_DESK_CLOCK_RATE', 1);
  return {
    shift: numberIn(env, 'LISTING_DESK_CLOCK_SHIFT_MS', 0),
    rate: rate > 0 ? rate : 1,
    origin: numberIn(env, 'LISTING_DESK_CLOCK_ORIGIN', 0),
  };
}

/**
 * The machine's clock, shifted by LISTING_DESK_CLOCK_SHIFT_MS and, with LISTING_DESK_CLOCK_RATE,
 * running that many times as fast from LISTING_DESK_CLOCK_ORIGIN (tests only; see the top).
 */
export function systemClock(env: NodeJS.ProcessEnv = process.env, realNow: () => number = Date.now): Clock {
  const { shift, rate, origin } = clockSettings(env);
  return {
    now: () => origin + (realNow() - origin) * rate + shift,
    rate,
    wait: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, Math.min(ms / rate, LONGEST_WAIT_MS)));
        signal.addEventListener('abort', done, { once: true });
      }),
  };
}
