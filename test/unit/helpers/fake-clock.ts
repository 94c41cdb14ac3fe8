// A clock for the automation runner that moves only when the test says so (issue 25.9): waits end
// when the time is moved past them (or their signal aborts), never by themselves.
import type { Clock } from '../../../src/main/automation/clock';

export interface FakeClock extends Clock {
  /** Moves the time on by `ms`, ending every wait that is over by then. */
  advance(ms: number): void;
  /** When the waits now pending end (epoch ms), earliest first. */
  pending(): number[];
}

/** A fake clock starting at `start` (epoch ms). */
export function fakeClock(start: number): FakeClock {
  let now = start;
  const waits = new Set<{ at: number; end(): void }>();
  return {
    now: () => now,
    wait(ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal.aborted || ms <= 0) return resolve();
        const entry = {
          at: now + ms,
          end() {
            waits.delete(entry);
            signal.removeEventListener('abort', entry.end);
            resolve();
          },
        };
        waits.add(entry);
        signal.addEventListener('abort', entry.end, { once: true });
      });
    },
    advance(ms) {
      now += ms;
      for (const entry of [...waits]) if (entry.at <= now) entry.end();
    },
    pending: () => [...waits].map((entry) => entry.at).sort((a, b) => a - b),
  };
}
