// How a desk reads the shop's queue (publish jobs and bulk edits alike): one sweep at a time; a
// kick while one runs runs it once more afterwards; a failure is logged (a link down only warned,
// the link's return kicks again); and a wake-up just after a lease it waits for could run out.
import type { Log } from '../../log/log';
import { isLinkDown } from '../connection';

export interface QueueSweep {
  /** Sweeps now, or once more after the sweep running. */
  kick(): void;
  /** Kicks `ms` from now (plus a little: by the database's clock the lease is then over). */
  wakeIn(ms: number): void;
  /** Stops waking and waits for the sweep running. */
  stop(): Promise<void>;
}

/** `ready` says whether a sweep can run now (open, with a pool); `what` names the queue in the log. */
export function queueSweep(options: {
  sweep: () => Promise<void>;
  ready: () => boolean;
  what: string;
  log: Pick<Log, 'warn' | 'error'>;
}): QueueSweep {
  const { log, what } = options;
  let sweeping: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let wake: NodeJS.Timeout | undefined;
  const kick = (): void => {
    if (stopped || !options.ready()) return;
    if (sweeping) {
      again = true;
      return;
    }
    sweeping = (async () => {
      do {
        again = false;
        try {
          await options.sweep();
        } catch (error) {
          if (stopped || !options.ready()) return;
          if (isLinkDown(error)) log.warn(`Shop: ${what} cannot be read now (${String(error)})`);
          else log.error(`Shop: reading ${what} failed`, error);
        }
      } while (again && !stopped && options.ready());
    })().finally(() => (sweeping = null));
  };
  return {
    kick,
    wakeIn(ms) {
      clearTimeout(wake);
      if (!Number.isFinite(ms) || stopped || !options.ready()) return;
      wake = setTimeout(kick, Math.max(0, ms) + 50);
      wake.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(wake);
      await sweeping?.catch(() => undefined);
    },
  };
}
