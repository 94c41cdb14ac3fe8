// The bulk jobs' claims in a shop (issue 24.2, DESIGN.md "Claims"): a bulk edit of live listings
// goes into the shop's queue (listing_desk.jobs, kind 'bulk', no draft) and is run by one desk
// that holds the account's secret, under a lease with a fencing token (queue/job-lease.ts); each
// record is written to the shop only while the fence holds. A desk that takes a job over starts
// from the shop's record, whose ads marked 'sending' are read back before anything is sent
// (bulk-jobs.ts).
// It reads the queue when the publish queue's LISTEN hears of any job, when the link comes back,
// and when a lease it waits for could have run out: no polling. A job started while the database
// is out of reach waits on this desk (its file, kept until it ends, is what survives a restart) and
// goes into the queue once the link is back, as an offline Publish does (issue 24.3).
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { bulkJobRunning, type BulkJob } from '../../../shared/domain/bulk';
import {
  LONE_BULK_CLAIM,
  type BulkClaim,
  type BulkClaims,
  type ClaimedBulkJobs,
} from '../../bulk/bulk-claims';
import { AppError } from '../../errors/app-error';
import { mainI18n } from '../../i18n';
import {
  DEFAULT_LEASE,
  leaseClaim,
  type LeaseTiming,
  OPEN_STATES,
  claimJob,
  mayRunJobs,
  insertJob,
  jobExists,
  reopenBulkJob,
  queueRead,
  queueSweep,
} from '../queue';
import { isLinkDown, ShopError, type ShopSession } from '../connection';

/** A bulk job as the shop's queue keeps it: the job and the queue's state of it. */
type BulkRecord = BulkJob & { state: string };

export interface ShopBulkOptions {
  deskId: string;
  /** This desk's name, shown on the jobs that wait here to reach the shop's queue. */
  deskName: string;
  /** Accounts whose jobs never enter the shop's queue (the desk's own embedded Sandbox). */
  keepsLocal?(accountId: string): boolean;
  /** The desk's session; nothing is claimed before it is open. */
  session: Promise<Pick<ShopSession, 'pool'> & Partial<Pick<ShopSession, 'onLink'>>>;
  /** Runs `listener` whenever the shop's queue may have changed; returns the unsubscribe. */
  onQueue(listener: () => void): () => void;
  /** Whether this desk's keychain holds the account's client secret. */
  hasSecret(accountId: string): Promise<boolean>;
  /** Calls `listener` when an account (or its secret) changed here; returns the unsubscribe. */
  onAccountChange?(listener: () => void): () => void;
  log: {
    info(message: string): void;
    warn(message: string): void;
    error(message: string, e?: unknown): void;
  };
  timing?: Partial<LeaseTiming>;
}

function recordOf(job: BulkJob): BulkRecord {
  const { desk: _shown, ...stored } = job;
  return { ...stored, state: bulkJobRunning(job) ? 'running' : 'done' };
}

function jobOf(record: BulkRecord): BulkJob {
  const { state: _state, ...job } = record;
  return job;
}

/** The shop's claims of bulk jobs (call `close` after the bulk jobs' close). */
export function openShopBulk(options: ShopBulkOptions): BulkClaims & { close(): Promise<void> } {
  const { deskId, log } = options;
  const timing: LeaseTiming = { ...DEFAULT_LEASE, ...options.timing };
  const queue = queueRead<BulkRecord>('bulk');
  // Jobs this desk holds, or is asking for (so that it never claims one twice and moves its own fence).
  const live = new Set<string>();
  let jobs: ClaimedBulkJobs | null = null;
  let changed = (): void => undefined;
  let pool: pg.Pool | undefined;
  let closed = false;
  const unsubscribe: Array<() => void> = [];
  // Jobs this desk could not run for lack of the secret (with their last runner), told once in the log.
  const told = new Set<string>();
  // Jobs started here while the shop was out of reach, in the order they wait to go up.
  const unsent = new Map<string, BulkJob>();

  const unreachable = () => new AppError('unavailable', mainI18n.t('errors:bulkShopUnreachable'));
  const connected = () => {
    if (closed) throw unreachable();
    if (!pool) throw new ShopError('unreachable', "This desk's shop session is not open yet.");
    return pool;
  };

  /** Claims in one statement (or reopens), then holds the lease; null when not to be had. */
  const claimIn = async (
    jobId: string,
    reopen?: BulkRecord,
  ): Promise<{ claim: BulkClaim; record: BulkRecord } | null> => {
    if (live.has(jobId)) return null;
    live.add(jobId);
    try {
      const db = connected();
      const askedAt = performance.now();
      const won = reopen
        ? await reopenBulkJob(db, reopen, deskId, timing.leaseMs).then(
            (reopened) => reopened && { ...reopened, body: { record: reopen } },
          )
        : await claimJob<{ record: BulkRecord }>(db, jobId, deskId, timing.leaseMs);
      if (!won) {
        live.delete(jobId);
        return null;
      }
      const lease = leaseClaim<BulkRecord>({
        db,
        jobId,
        deskId,
        fence: won.fence,
        askedAt,
        timing,
        log,
        what: 'bulk edit',
        onEnd: () => undefined,
      });
      log.info(`Shop: this desk runs bulk edit ${jobId} (fence ${won.fence})`);
      const claim: BulkClaim = {
        signal: lease.signal,
        check: () => lease.check(),
        save: (job) => lease.save(recordOf(job)),
        async release(job) {
          try {
            await lease.release(recordOf(job));
          } finally {
            live.delete(jobId);
            kick();
          }
        },
      };
      return { claim, record: won.body.record };
    } catch (error) {
      live.delete(jobId);
      throw error;
    }
  };

  /** Puts a job in the queue, waiting for a desk with the secret when this one lacks it. */
  const insert = async (job: BulkJob): Promise<void> => {
    const state = (await options.hasSecret(job.accountId)) ? 'queued' : 'waiting';
    const body = { record: recordOf(job), photos: {} };
    // Sent again after an answer lost on the way, the job's id finds its row: it is queued once.
    await insertJob(connected(), { body, deskId, state, kind: 'bulk' });
  };

  /** Keeps a job that cannot reach the queue now; the link's return sends it. */
  const keep = (job: BulkJob, error: unknown): void => {
    log.warn(`Shop: bulk edit ${job.id} waits on this desk to reach the team's queue (${String(error)})`);
    unsent.set(job.id, job);
    changed();
  };

  const sendUnsent = async (): Promise<void> => {
    for (const [id, job] of unsent) {
      await insert(job);
      unsent.delete(id);
      log.info(`Shop: bulk edit ${id}, started while the team was out of reach, is in its queue now`);
    }
  };

  const sweep = async (): Promise<void> => {
    await sendUnsent();
    await queue.read(connected());
    changed();
    if (!jobs) return;
    // A prepare desk claims no bulk edit (issue 37.1); asked each sweep, as the publish queue does.
    if (!(await mayRunJobs(connected()))) return;
    const known = new Map<string, Promise<boolean>>();
    const hasSecret = (id: string) => {
      const asked = known.get(id) ?? options.hasSecret(id).catch(() => false);
      known.set(id, asked);
      return asked;
    };
    let nextMs = Infinity;
    for (const row of [...queue.rows()].reverse()) {
      if (!OPEN_STATES.includes(row.state) || row.account === null) continue;
      if (live.has(row.id) || jobs.runs(row.id)) continue;
      const free =
        row.runner === null || row.runner === deskId || row.leaseLeftMs === null || row.leaseLeftMs <= 0;
      if (!free) {
        nextMs = Math.min(nextMs, row.leaseLeftMs ?? Infinity);
        continue;
      }
      if (!(await hasSecret(row.account))) {
        // Said once for each desk that left it (or for none yet), so a stranded job shows in the log.
        const key = `${row.id} ${row.runner}`;
        if (!told.has(key))
          log.info(
            `Shop: bulk edit ${row.id} waits for a desk whose keychain holds its account's secret ` +
              `(${row.runnerName ? `last run by ${row.runnerName}` : 'not run yet'})`,
          );
        told.add(key);
        continue;
      }
      const won = await claimIn(row.id);
      if (!won) continue;
      if (jobs) jobs.adopt(jobOf(won.record), won.claim);
      else await won.claim.release(jobOf(won.record));
    }
    sweeper.wakeIn(nextMs);
  };

  const sweeper = queueSweep({
    sweep,
    ready: () => !closed && pool !== undefined,
    what: 'the bulk edits',
    log,
  });
  const kick = sweeper.kick;

  void options.session.then((session) => {
    if (closed) return;
    pool = session.pool;
    unsubscribe.push(options.onQueue(kick));
    const onLink = session.onLink?.((link) => {
      if (link.state === 'connected') kick();
    });
    if (onLink) unsubscribe.push(onLink);
    if (options.onAccountChange) unsubscribe.push(options.onAccountChange(kick));
    kick();
  });

  /** Puts a new job in the shop's queue (false: the queue decides where it runs). */
  const queueJob = async (job: BulkJob): Promise<boolean> => {
    if (options.keepsLocal?.(job.accountId)) return true;
    try {
      // A desk without the account's secret can start it: the job waits for a desk that has it.
      await insert(job);
    } catch (error) {
      // Out of reach (or the session not open yet): kept here, as an offline Publish is.
      if (isLinkDown(error)) {
        keep(job, error);
        return false;
      }
      log.error(`Shop: bulk edit ${job.id} could not be put in the team's queue`, error);
      throw new AppError('unavailable', mainI18n.t('errors:bulkShopRefused'));
    }
    kick();
    return false;
  };

  return {
    queue: queueJob,
    async claim(job, reopen) {
      if (options.keepsLocal?.(job.accountId)) return LONE_BULK_CLAIM;
      if (!reopen) {
        // Unfinished jobs are the queue's to hand out; one started before this desk joined joins it
        // now, and one whose fate the shop cannot tell now (offline at start) waits to go up.
        if (unsent.has(job.id)) return null;
        const db = (await options.session).pool;
        try {
          if (!(await jobExists(db, job.id))) await queueJob(job);
        } catch (error) {
          if (!isLinkDown(error)) throw error;
          keep(job, error);
        }
        return null;
      }
      if (!(await options.hasSecret(job.accountId).catch(() => false)))
        throw new AppError('conflict', mainI18n.t('errors:bulkShopNoSecret'));
      const won = await claimIn(job.id, recordOf(job)).catch((error: unknown) => {
        log.error(`Shop: bulk edit ${job.id} could not be opened again`, error);
        throw isLinkDown(error) ? unreachable() : error;
      });
      return won?.claim ?? null;
    },
    async forget(jobId) {
      // Kept in the queue's history (desks may not delete), out of every desk's view.
      await connected().query(
        `update listing_desk.jobs set state = 'dismissed', updated_at = now()
          where id = $1 and kind = 'bulk' and state <> all($2)`,
        [jobId, OPEN_STATES],
      );
      // Read at once: this desk's own view must not show the job again until the next sweep.
      await queue.read(connected());
      kick();
    },
    view(local) {
      const out = new Map(local.map((job) => [job.id, job]));
      for (const id of unsent.keys()) {
        const mine = out.get(id);
        const desk = {
          runner: null,
          requestedBy: options.deskName,
          here: false,
          waiting: false,
          unsent: true,
        };
        if (mine) out.set(id, { ...mine, desk });
      }
      for (const { row, record } of queue.jobs()) {
        if (unsent.has(row.id)) continue;
        if (row.state === 'dismissed') {
          out.delete(row.id);
          continue;
        }
        const mine = out.get(row.id);
        // This desk's copy is the newest while it runs the job; else the shop's is.
        const base = mine && jobs?.runs(row.id) ? mine : record ? jobOf(record) : mine;
        if (!base) continue;
        const here = row.runner === deskId && (jobs?.runs(row.id) ?? false);
        const desk = {
          runner: row.runnerName,
          requestedBy: row.requestedByName,
          here,
          waiting: row.state === 'waiting',
        };
        out.set(row.id, { ...base, desk });
      }
      return [...out.values()];
    },
    attach(bulkJobs, onChanged) {
      jobs = bulkJobs;
      changed = onChanged;
      kick();
      return () => {
        if (jobs === bulkJobs) jobs = null;
        changed = () => undefined;
      };
    },
    async close() {
      closed = true;
      for (const stop of unsubscribe.splice(0)) stop();
      await sweeper.stop();
    },
  };
}
