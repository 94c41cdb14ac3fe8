// A job held by this desk under a lease with a fencing token (the publish engine's JobClaim). The
// time left is measured on the monotonic clock from when the desk ASKED for the lease (the database
// granted it later, never earlier), so neither a slow answer nor a wall clock set back can stretch
// it. The job stops calling the service a margin before the lease could run out, and at once when
// a renewal or a step record finds the fence gone.
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { JobClaim } from '../../publish/claims';
import type { JobRecord } from '../../publish/jobs';
import { abortError } from '../../publish/pacing';
import { renewLease, writeStep } from './job-queue';

/** How long a lease lasts, when it is renewed, and the margin before its end where calls stop. */
export interface LeaseTiming {
  leaseMs: number;
  renewMs: number;
  marginMs: number;
}

/** A minute's lease renewed every 15 s; calls stop 20 s before it could run out (a request's timeout). */
export const DEFAULT_LEASE: LeaseTiming = { leaseMs: 60_000, renewMs: 15_000, marginMs: 20_000 };

export interface LeaseInput {
  db: Pick<pg.Pool, 'query'>;
  jobId: string;
  deskId: string;
  fence: string;
  /** performance.now() when the claim was asked for. */
  askedAt: number;
  timing: LeaseTiming;
  log: { info(message: string): void; warn(message: string): void };
  /** Told once the claim has ended (given back or lost). */
  onEnd(jobId: string): void;
  clock?: () => number;
  /** What the log calls the job (default 'publish job'). */
  what?: string;
}

/** A job held under a lease, whose records are of type R. */
export type LeaseClaim<R> = Omit<JobClaim, 'save' | 'release' | 'record'> & {
  readonly fence: string;
  save(record: R): Promise<void>;
  release(record: R): Promise<void>;
};

/** The claim of a job this desk just won. */
export function leaseClaim<R extends { state: string } = JobRecord>(input: LeaseInput): LeaseClaim<R> {
  const { db, timing, log } = input;
  const clock = input.clock ?? (() => performance.now());
  const what = input.what ?? 'publish job';
  const job = { id: input.jobId, deskId: input.deskId, fence: input.fence };
  const controller = new AbortController();
  // The job's run, its tracking and every photo's wait listen to it.
  setMaxListeners(100, controller.signal);
  let deadline = input.askedAt + timing.leaseMs;
  let stopTimer: NodeJS.Timeout | undefined;
  let ended = false;

  const stop = (why: string) => {
    if (controller.signal.aborted) return;
    log.info(`Shop: ${what} ${job.id} stops on this desk: ${why}`);
    controller.abort(abortError());
  };
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(stopTimer);
    clearInterval(renewTimer);
    input.onEnd(job.id);
  };
  const armStop = () => {
    clearTimeout(stopTimer);
    stopTimer = setTimeout(
      () => stop('its lease could run out before another call ends'),
      Math.max(0, deadline - timing.marginMs - clock()),
    );
    stopTimer.unref();
  };
  const covers = () => clock() < deadline - timing.marginMs;

  const renewTimer = setInterval(() => {
    const askedAt = clock();
    renewLease(db, job, timing.leaseMs).then(
      (held) => {
        if (!held) return stop('another desk holds it now');
        if (controller.signal.aborted) return;
        deadline = Math.max(deadline, askedAt + timing.leaseMs);
        armStop();
      },
      // The stop timer ends the job in time if the database stays out of reach.
      (error: unknown) => log.warn(`Shop: the lease of job ${job.id} was not renewed (${String(error)})`),
    );
  }, timing.renewMs);
  renewTimer.unref();
  controller.signal.addEventListener('abort', end, { once: true });
  armStop();

  // One write of the job's record at a time, in the order asked: two saves in flight on two pooled
  // connections could commit the older after the newer, and every desk would see the job step back.
  // Saves asked while one is written share the next write, of the newest record asked for.
  let writing: Promise<unknown> = Promise.resolve();
  let queued: { record: R; done: Promise<boolean> } | undefined;
  const write = (record: R, release = false): Promise<boolean> => {
    if (queued && !release) {
      queued.record = record;
      return queued.done;
    }
    const next = { record } as { record: R; done: Promise<boolean> };
    next.done = writing.then(() => {
      if (queued === next) queued = undefined;
      return writeStep(db, job, next.record, release);
    });
    queued = release ? undefined : next;
    writing = next.done.catch(() => undefined);
    return next.done;
  };

  // Resolves when the claim is lost, so that no write hangs on a cut connection past it.
  const lost = new Promise<never>((_resolve, reject) =>
    controller.signal.addEventListener('abort', () => reject(abortError()), { once: true }),
  );
  lost.catch(() => undefined);

  return {
    fence: job.fence,
    signal: controller.signal,
    check() {
      if (controller.signal.aborted) throw abortError();
      if (!covers()) {
        stop('its lease could run out before the call ends');
        throw abortError();
      }
    },
    async save(record: R) {
      if (controller.signal.aborted) throw abortError();
      let held: boolean;
      try {
        held = await Promise.race([write(record), lost]);
      } catch (error) {
        // Nothing may be sent that the shop has no record of: the job stops here.
        stop(`its step could not be written (${error instanceof Error ? error.message : String(error)})`);
        throw abortError();
      }
      if (!held) {
        stop('another desk holds it now (its fence moved on)');
        throw abortError();
      }
    },
    async release(record: R) {
      end();
      // Fenced too: a desk that took the job over meanwhile keeps its own record. Out of reach,
      // the lease runs out by itself.
      const written = await write(record, true).catch((error: unknown) => {
        log.warn(`Shop: ${what} ${job.id} could not be given back (${String(error)})`);
        return true;
      });
      if (!written) log.info(`Shop: ${what} ${job.id} was taken over before this desk gave it back`);
    },
  };
}
