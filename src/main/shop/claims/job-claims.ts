// The publish engine's claims in a shop (DESIGN.md "Claims"): Publish puts the job in the shop's
// queue (one open job per draft, by the database's unique index), and every desk that holds the
// account's secret claims queued jobs, or jobs whose lease ran out, as far as its draft slots
// allow. A desk hears of the queue's changes on its session's one LISTEN connection (JOBS_CHANNEL),
// reads the queue again whenever that connection reopens, and wakes when a lease it waits for runs
// out: no polling while nothing happens.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import {
  LONE_CLAIM,
  type ClaimedJobs,
  type JobClaim,
  type PublishClaims,
  type QueueOutcome,
} from '../../publish/claims';
import type { JobRecord } from '../../publish/jobs';
import { isOpenJobState } from '../../../shared/domain/publishing';
import { fetchJobPhotos, sendJobPhotos } from '../photos';
import {
  DEFAULT_LEASE,
  leaseClaim,
  type LeaseTiming,
  OPEN_STATES,
  cancelJob,
  claimJob,
  insertJob,
  jobExists,
  mayRunJobs,
  noteLaterLife,
  openJobOf,
  reopenJob,
  type JobRow,
  queueSweep,
  queueRead,
  requeueJob,
} from '../queue';
import { JOBS_CHANNEL } from '../schema';
import { isLinkDown, ShopError, type ShopSession, type ShopMembership } from '../connection';

type ClaimsSession = Pick<ShopSession, 'pool' | 'onLink' | 'onNotice' | 'onListen'>;

export interface ShopClaimsOptions {
  membership: Pick<ShopMembership, 'deskId'>;
  /** The desk's session; claims wait for it (the composition root opens it after the engine). */
  session: ClaimsSession | Promise<ClaimsSession>;
  /** Accounts whose jobs never enter the shop's queue (the desk's own embedded Sandbox). */
  keepsLocal?(accountId: string): boolean;
  /** Calls `listener` when an account (or its secret) changed here; returns the unsubscribe. */
  onAccountChange?(listener: () => void): () => void;
  /** Whether this desk's keychain holds the account's client secret. */
  hasSecret(accountId: string): Promise<boolean>;
  log: {
    info(message: string): void;
    warn(message: string): void;
    error(message: string, error?: unknown): void;
  };
  timing?: Partial<LeaseTiming>;
}

/** The shop's claims, and the queue as this desk last read it. */
export interface ShopClaims extends PublishClaims {
  /** The queue's jobs, newest first, as last read, with their records (absent: not read yet). */
  jobs(): { row: JobRow; record?: JobRecord }[];
  /** Resolves once this desk has read the shop's queue (a command's status waits for it). */
  readOnce(): Promise<void>;
  /** Told whenever the queue was read anew, with the jobs written since; returns the unsubscribe. */
  onJobs(listener: (changed: string[]) => void): () => void;
  /** Whether this desk holds the job's claim now. */
  holds(jobId: string): boolean;
  /** Whether the job is the shop's (in its queue, or waiting here to reach it). */
  inQueue(jobId: string): boolean;
  /** Whether the job waits on this desk to reach the shop's queue (the database is out of reach). */
  waitsForShop(jobId: string): boolean;
  /** Cancels a job of the queue that no desk runs now; false when one does. */
  cancelQueued(jobId: string): Promise<boolean>;
  /** Whether this desk can run the account's jobs (its keychain holds the secret). */
  canRun(accountId: string): Promise<boolean>;
  /** Puts an ended job back into the queue for a desk with the secret (see queue/queue-retry.ts). */
  retryQueued(
    jobId: string,
    confirm?: { confirmDuplicateRisk?: boolean },
  ): Promise<boolean | 'needs-confirmation'>;
  /** The name of the desk that pressed Publish for the job, when another desk did. */
  queuedBy(jobId: string): string | undefined;
  close(): Promise<void>;
}

/** Opens the shop's claims on a session (call `close` after the engine's close). */
export function openShopClaims(options: ShopClaimsOptions): ShopClaims {
  const { membership, log } = options;
  const deskId = membership.deskId;
  const timing: LeaseTiming = { ...DEFAULT_LEASE, ...options.timing };
  const live = new Map<string, JobClaim>();
  const unsent = new Map<string, JobRecord>();
  const queue = queueRead();
  let firstRead = () => undefined as void;
  const readOnce = new Promise<void>((resolve) => (firstRead = resolve));
  let jobs: ClaimedJobs | null = null;
  let closed = false;
  let backlog = false;
  let pool: pg.Pool | undefined;
  const unsubscribe: Array<() => void> = [];
  // The session opens with the sync, after the engine. Until then the desk is as if offline:
  // new jobs wait here to reach the queue, and nothing is claimed (nor waited for).
  const connected = async (): Promise<pg.Pool> => {
    if (closed) throw new Error('The shop claims are closed.');
    if (!pool) throw new ShopError('unreachable', "This desk's shop session is not open yet.");
    return pool;
  };
  void Promise.resolve(options.session).then((session) => {
    if (closed) return;
    pool = session.pool;
    // A notification missed while the link was down must not leave a job waiting: the queue is
    // read again when the LISTEN connection reopens and when the link comes back.
    unsubscribe.push(
      session.onNotice((channel) => {
        if (channel === JOBS_CHANNEL) kick();
      }),
      session.onListen(() => kick()),
      session.onLink((link) => {
        if (link.state === 'connected') kick();
      }),
    );
    kick();
  });

  const secretCache = () => {
    const known = new Map<string, Promise<boolean>>();
    return (accountId: string) => {
      let has = known.get(accountId);
      if (!has) known.set(accountId, (has = options.hasSecret(accountId).catch(() => false)));
      return has;
    };
  };

  // Claims the job in the database (one statement) and, when won, the lease that goes with it.
  const claimIn = async (jobId: string, reopen?: JobRecord) => {
    const db = await connected();
    const askedAt = performance.now();
    const won = reopen
      ? await reopenJob(db, reopen, deskId, timing.leaseMs)
      : await claimJob(db, jobId, deskId, timing.leaseMs);
    if (!won) return null;
    const claim = leaseClaim({
      db,
      jobId,
      deskId,
      fence: won.fence,
      askedAt,
      timing,
      log,
      onEnd(id) {
        live.delete(id);
        if (backlog) kick();
      },
    });
    live.set(jobId, claim);
    log.info(`Shop: this desk runs publish job ${jobId} (fence ${won.fence})`);
    return { claim, body: won.body };
  };

  // A job that another desk queued, or that was left by a desk that stopped: run here from the
  // shop's copy of its record, with its photos.
  const takeOver = async (jobId: string): Promise<void> => {
    if (!jobs) return;
    const won = await claimIn(jobId);
    if (!won) return;
    try {
      await fetchJobPhotos(await connected(), won.body.photos, (name) => jobs!.photoPath(jobId, name));
    } catch (error) {
      log.error(`Shop: publish job ${jobId} cannot run here: its photos could not be fetched`, error);
      await won.claim.release(won.body.record);
      return;
    }
    await jobs.adopt(won.body.record, won.claim);
  };

  /** A job of this desk whose draft already has another open job in the shop ends, taken over by it. */
  const joinExisting = async (record: JobRecord, queued: QueueOutcome): Promise<boolean> => {
    if (!('existing' in queued)) return false;
    log.warn(
      `Shop: publish job ${record.id} of draft ${record.draftId} was pressed while the team was out of reach; ` +
        `desk ${queued.deskName} had pressed Publish for the draft first, so its job ${queued.existing} publishes it`,
    );
    await jobs?.joined(record.id, queued.existing);
    return true;
  };

  const sendUnsent = async () => {
    for (const [id, record] of unsent) {
      if (!jobs) return;
      if (!(await jobExists(await connected(), id)))
        await joinExisting(record, await queueRecord(record, (name) => jobs!.photoPath(id, name)));
      unsent.delete(id);
    }
  };

  const sweep = async (): Promise<void> => {
    await sendUnsent();
    const changed = await queue.read(await connected());
    firstRead();
    if (!jobs) return;
    // This desk's copies of jobs another desk runs follow the shop's (their draft, their notice),
    // so that a Retry here never starts from an older copy.
    for (const row of changed) {
      const record = queue.record(row.id);
      if (record && !live.has(row.id)) await jobs.mirror(record, row.runner !== deskId);
    }
    // A prepare desk watches the queue and claims nothing (issue 37.1): asked each sweep, so a
    // desk whose role changed claims from its next notice on.
    if (!(await mayRunJobs(await connected()))) return;
    const hasSecret = secretCache();
    let room = jobs.room();
    backlog = false;
    let nextMs = Infinity;
    for (const row of [...queue.rows()].reverse()) {
      if (!OPEN_STATES.includes(row.state) || live.has(row.id) || row.account === null) continue;
      const free =
        row.runner === null || row.runner === deskId || row.leaseLeftMs === null || row.leaseLeftMs <= 0;
      if (!(await hasSecret(row.account))) continue;
      if (!free) {
        nextMs = Math.min(nextMs, row.leaseLeftMs ?? Infinity);
        continue;
      }
      if (room <= 0) {
        backlog = true;
        continue;
      }
      await takeOver(row.id);
      if (live.has(row.id)) room -= 1;
    }
    sweeper.wakeIn(nextMs);
  };

  const sweeper = queueSweep({
    sweep,
    ready: () => !closed && pool !== undefined,
    what: 'the publish queue',
    log,
  });
  const kick = sweeper.kick;

  const queueRecord = async (
    record: JobRecord,
    photoPath: (name: string) => string,
  ): Promise<QueueOutcome> => {
    const db = await connected();
    const photos = await sendJobPhotos(db, record, photoPath, deskId);
    // A desk without the account's secret can queue: the job waits for a desk that has it.
    const state = (await options.hasSecret(record.accountId)) ? 'queued' : 'waiting';
    // The draft's open job may end between the refused insert and the read: then try again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const id = await insertJob(db, { body: { record, photos }, deskId, state });
      if (id !== null) {
        kick();
        return { runHere: false };
      }
      const open = await openJobOf(db, record.draftId);
      if (open) return { existing: open.id, deskName: open.deskName };
    }
    throw new Error(`The team's queue refused job ${record.id} of draft ${record.draftId}.`);
  };

  return {
    async queue(record, photoPath) {
      if (options.keepsLocal?.(record.accountId)) return { runHere: true };
      try {
        return await queueRecord(record, photoPath);
      } catch (error) {
        if (!isLinkDown(error)) throw error;
        // Out of reach: the job waits on this desk and goes up once the shop is back.
        log.warn(`Shop: publish job ${record.id} waits to reach the team's queue (${String(error)})`);
        unsent.set(record.id, record);
        return { runHere: false };
      }
    },
    async claim(record) {
      if (options.keepsLocal?.(record.accountId)) return LONE_CLAIM;
      if (closed || live.has(record.id) || unsent.has(record.id)) return null;
      // Whether the shop has the job cannot be told now (out of reach, or at start before the
      // session is open): it waits here and goes up once the link is back, unless the shop has it.
      // A job pressed while offline thus reaches the queue after a restart too.
      const keep = () => {
        if (isOpenJobState(record.state) && jobs) unsent.set(record.id, record);
        return null;
      };
      if (!(await options.hasSecret(record.accountId))) return keep();
      try {
        let won = await claimIn(record.id);
        if (!won && isOpenJobState(record.state) && jobs) {
          // Started before this desk joined the shop: it joins the queue now.
          if (!(await jobExists(await connected(), record.id))) {
            const photoPath = (name: string) => jobs!.photoPath(record.id, name);
            if (await joinExisting(record, await queueRecord(record, photoPath))) return null;
            won = await claimIn(record.id);
          } else won = await claimIn(record.id, record);
        }
        if (!won) return null;
        return { ...won.claim, signal: won.claim.signal, record: won.body.record };
      } catch (error) {
        if (closed) return null;
        if (isLinkDown(error)) return keep();
        throw error;
      }
    },
    attach(engine) {
      jobs = engine;
      kick();
      // A secret typed here may let this desk run jobs that wait for one.
      const unsubscribe = options.onAccountChange?.(kick);
      return () => {
        unsubscribe?.();
        if (jobs === engine) jobs = null;
      };
    },
    jobs: () => queue.jobs(),
    readOnce: () => readOnce,
    onJobs: (listener) => queue.onRead(listener),
    holds: (jobId) => live.has(jobId),
    shared: (accountId) => options.keepsLocal?.(accountId) !== true,
    inQueue: (jobId) => unsent.has(jobId) || queue.rows().some((row) => row.id === jobId),
    waitsForShop: (jobId) => unsent.has(jobId),
    noteLater(record) {
      if (!queue.rows().some((row) => row.id === record.id)) return;
      connected()
        .then((db) => noteLaterLife(db, record.id, record))
        .catch((error: unknown) =>
          log.warn(`Shop: the later life of job ${record.id} stays here (${String(error)})`),
        );
    },
    async cancelQueued(jobId) {
      if (unsent.delete(jobId)) {
        // One kept at a start while offline may be in the shop already: cancelled there too if so.
        await connected()
          .then((db) => cancelJob(db, jobId))
          .catch(() => false);
        return true;
      }
      if (live.has(jobId)) return false;
      const done = await cancelJob(await connected(), jobId);
      if (done) kick();
      return done;
    },
    canRun: (accountId) => options.hasSecret(accountId).catch(() => false),
    async retryQueued(jobId, confirm) {
      const lacks = async (accountId: string) => !(await options.hasSecret(accountId).catch(() => false));
      const done = await requeueJob(await connected(), jobId, confirm, lacks);
      if (done === true) {
        log.info(`Shop: publish job ${jobId} is back in the team's queue (the seller's Retry on this desk)`);
        kick();
      }
      return done;
    },
    queuedBy(jobId) {
      const row = queue.rows().find((candidate) => candidate.id === jobId);
      return row && row.requestedBy !== deskId ? row.requestedByName : undefined;
    },
    async close() {
      closed = true;
      for (const stop of unsubscribe.splice(0)) stop();
      await sweeper.stop();
    },
  };
}
