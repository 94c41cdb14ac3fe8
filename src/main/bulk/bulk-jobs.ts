// Bulk edits of live listings as resumable jobs (issue 17.4). A job is made from the listings as
// the service has them at that moment (each ad's update is then a set of absolute values, so sending
// it again could not add 10 % twice), stored as one file under bulk-jobs/, and run ad after ad.
// Before an ad is sent it is marked 'sending' on disk; an ad found 'sending' (after a crash, or a
// failure whose outcome is unknown) is read back first, and only sent when it lacks the change.
// A job runs under a claim (bulk-claims.ts): in a shop, the desk holding its lease runs it, each
// record is written to the shop while the fence holds, and a desk taking it over reads back too.
import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type BulkEdit,
  type BulkJob,
  type BulkJobItem,
  bulkEditSchema,
  bulkJobRunning,
  listingHasPatch,
} from '../../shared/domain/bulk';
import type { ListingPatch } from '../../shared/domain/live';
import { makeFolder, readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import type { LiveContext } from '../live/live-context';
import { liveProblem } from '../live/live-errors';
import { updateRequestOf } from '../live/listing-edits';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { ServiceClient } from '../service-client';
import { claimedClient } from '../publish/claims';
import { isAbortError } from '../publish/pacing';
import { loneBulkClaims, type BulkClaim, type BulkClaims } from './bulk-claims';
import { planJobItems } from './bulk-plan';

/** The bulk jobs of live listings. */
export interface BulkJobs {
  /** Every job, newest first. */
  list(): BulkJob[];
  /** Reads the listings, makes the job, stores it and starts it; answers once it is stored. */
  start(uuids: string[], edit: BulkEdit): Promise<BulkJob>;
  /** Runs the failed ads of a job (or just `uuid`) again. */
  retry(jobId: string, uuid?: string): Promise<BulkJob>;
  /** Forgets a job that is not running. */
  dismiss(jobId: string): Promise<void>;
  /** Called with every job after each change. */
  onChange(listener: (jobs: BulkJob[]) => void): () => void;
  /** Resolves once no job is running (tests). */
  settled(): Promise<void>;
  /** Stops after the ad under way (the job resumes at the next open). */
  close(): Promise<void>;
}

/** An approved change not sent: the ad changed since it was asked for (issue 37.4). */
const changedMeanwhile = () => ({
  problem: 'changed-meanwhile',
  message: mainI18n.t('errors:requestChangedMeanwhile'),
});

function parseJob(value: unknown): BulkJob {
  const job = value as BulkJob;
  if (job?.version !== 1 || typeof job.id !== 'string' || !Array.isArray(job.items))
    throw new Error('not a bulk job');
  return { ...job, edit: bulkEditSchema.parse(job.edit) };
}

/** Opens the bulk jobs of the data folder and resumes those that did not finish (as `claims` allow). */
export async function openBulkJobs(ctx: LiveContext, claims: BulkClaims = loneBulkClaims): Promise<BulkJobs> {
  const dir = path.join(ctx.dataDir, 'bulk-jobs');
  await makeFolder(dir);
  const jobs = new Map<string, BulkJob>();
  const running = new Map<string, Promise<void>>();
  const held = new Map<string, BulkClaim>();
  const listeners = new Set<(jobs: BulkJob[]) => void>();
  let closed = false;

  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.json'))) {
    const read = await readJsonFile(path.join(dir, name), parseJob);
    if (read.state === 'ok') jobs.set(read.value.id, read.value);
    else if (read.state === 'unreadable')
      ctx.log.error(`A bulk job file did not parse; moved aside to ${read.movedAside}`);
  }

  const list = () => claims.view([...jobs.values()]).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const emit = () => {
    const all = list();
    for (const listener of listeners) listener(all);
  };
  const save = async (job: BulkJob) => {
    // The shop's copy first: nothing is sent that the next runner could not read back.
    await held.get(job.id)?.save(job);
    await writeFileAtomic(path.join(dir, `${job.id}.json`), JSON.stringify(job, null, 1));
    emit();
  };
  const setItem = async (job: BulkJob, uuid: string, change: Partial<BulkJobItem>) => {
    job.items = job.items.map((item) => {
      if (item.uuid !== uuid) return item;
      const next = { ...item, ...change };
      if (change.state && change.state !== 'failed') delete next.failure;
      return next;
    });
    await save(job);
  };

  /** Carries out one ad: read back first, send only what is missing. */
  const runItem = async (job: BulkJob, item: BulkJobItem, claim: BulkClaim) => {
    const patch = item.patch!;
    let client;
    try {
      client = claimedClient(ctx.clientOf(job.accountId).client, claim);
    } catch (error) {
      await setItem(job, item.uuid, { state: 'failed', failure: liveProblem(error) });
      return;
    }
    await setItem(job, item.uuid, { state: 'sending', sentAt: new Date().toISOString() });
    if (item.action) {
      await runAction(job, item, client, claim);
      return;
    }
    if (patch.publication) {
      await runPublications(job, item, client, claim);
      return;
    }
    await ctx.exclusive(item.uuid, async () => {
      try {
        const current = await client.getListing(item.uuid);
        if (listingHasPatch(current, patch)) {
          await ctx.remember(job.accountId, current);
        } else if (item.expect && !listingHasPatch(current, item.expect)) {
          // An approved change meets an ad another desk changed meanwhile: nothing is overwritten.
          await ctx.remember(job.accountId, current);
          ctx.log.info(`Bulk edit ${job.id}: listing ${item.uuid} changed since it was asked for; not sent`);
          await setItem(job, item.uuid, { state: 'failed', failure: changedMeanwhile() });
          return;
        } else {
          await client.updateListing(item.uuid, updateRequestOf(patch as ListingPatch));
          // The update's answer is not shown by the spec: read the listing again.
          const listing = await client.getListing(item.uuid);
          await ctx.remember(job.accountId, listing);
          await ctx.engine.retrack(item.uuid);
        }
        await setItem(job, item.uuid, { state: 'done' });
      } catch (error) {
        // The claim is gone: the ad stays 'sending' for the desk that takes the job over.
        if (claim.signal.aborted || isAbortError(error)) throw error;
        // The outcome may be unknown (a reset, a timeout): what the service has decides.
        const landed = await client
          .getListing(item.uuid)
          .then((listing) => listingHasPatch(listing, patch))
          .catch(() => false);
        if (landed) {
          await setItem(job, item.uuid, { state: 'done' });
          return;
        }
        const appError = await ctx.fail(job.accountId, item.uuid, error);
        ctx.log.error(`Bulk edit ${job.id}: listing ${item.uuid} was not changed: ${appError.message}`);
        await setItem(job, item.uuid, { state: 'failed', failure: liveProblem(appError) });
      }
    });
  };

  /**
   * An approved request's pause or end (issue 37.4): the same absolute state sent twice leaves it as
   * once, and an ad already gone is ended; each publication is written down once done.
   */
  const runAction = async (job: BulkJob, item: BulkJobItem, client: ServiceClient, claim: BulkClaim) => {
    const action = item.action!;
    await ctx.exclusive(item.uuid, async () => {
      try {
        if (action.kind === 'end') {
          const outcome = await client.deleteListing(item.uuid);
          ctx.log.info(
            `Bulk edit ${job.id}: listing ${item.uuid} ${outcome === 'deleted' ? 'ended' : 'was gone already'}`,
          );
          // Before the ad is marked done: a desk taking the job over after a crash unlinks them then.
          if (ctx.ended) await ctx.ended(job.accountId, item.uuid, action.sold);
          else await ctx.listings.forget(job.accountId, item.uuid);
        } else {
          // All the ad has when none is named: those this desk knows, else the service's list.
          let all =
            action.publications.length > 0
              ? action.publications
              : ctx.engine.publicationsOf(item.uuid).map((known) => known.publicationUuid);
          if (all.length === 0) all = (await client.listPublications(item.uuid)).map((p) => p.uuid);
          if (all.length === 0) throw new AppError('not-found', mainI18n.t('errors:requestNoPublications'));
          const done = new Set(item.publicationsDone ?? []);
          for (const publication of all) {
            if (done.has(publication)) continue;
            await client.setPublicationState(item.uuid, publication, action.state);
            done.add(publication);
            await setItem(job, item.uuid, { publicationsDone: [...done] });
            await ctx.engine.retrack(item.uuid, publication);
          }
        }
        await setItem(job, item.uuid, { state: 'done' });
      } catch (error) {
        if (claim.signal.aborted || isAbortError(error)) throw error;
        const appError = await ctx.fail(job.accountId, item.uuid, error);
        ctx.log.error(`Bulk edit ${job.id}: ${action.kind} of ${item.uuid} failed: ${appError.message}`);
        await setItem(job, item.uuid, { state: 'failed', failure: liveProblem(appError) });
      }
    });
  };

  /**
   * Location or imprint: each publication of the listing in turn, each written down once done, so a
   * restart goes on with the next. The one under way at a crash is sent again: the spec shows no way
   * to read its street, city or imprint back, and the same values sent twice leave it as once.
   */
  const runPublications = async (
    job: BulkJob,
    item: BulkJobItem,
    client: ServiceClient,
    claim: BulkClaim,
  ) => {
    const values = item.patch!.publication!;
    const done = new Set(item.publicationsDone ?? []);
    await ctx.exclusive(item.uuid, async () => {
      try {
        for (const { publicationUuid } of ctx.engine.publicationsOf(item.uuid)) {
          if (done.has(publicationUuid)) continue;
          await client.updatePublication(item.uuid, publicationUuid, values);
          done.add(publicationUuid);
          await setItem(job, item.uuid, { publicationsDone: [...done] });
          await ctx.engine.retrack(item.uuid, publicationUuid);
        }
        await setItem(job, item.uuid, { state: 'done' });
      } catch (error) {
        if (claim.signal.aborted || isAbortError(error)) throw error;
        const appError = await ctx.fail(job.accountId, item.uuid, error);
        ctx.log.error(
          `Bulk edit ${job.id}: a publication of ${item.uuid} was not changed: ${appError.message}`,
        );
        await setItem(job, item.uuid, { state: 'failed', failure: liveProblem(appError) });
      }
    });
  };

  const run = (job: BulkJob, claim: BulkClaim): Promise<void> => {
    const under = running.get(job.id);
    if (under) return under;
    held.set(job.id, claim);
    const work = (async () => {
      for (;;) {
        if (closed) return;
        const next = job.items.find((item) => item.state === 'pending' || item.state === 'sending');
        if (!next) return;
        claim.check();
        await runItem(job, next, claim);
      }
    })()
      .catch((error: unknown) => {
        if (isAbortError(error)) ctx.log.info(`Bulk edit ${job.id} stops on this desk: its claim ended`);
        else ctx.log.error(`Bulk edit ${job.id} stopped`, error);
      })
      .finally(async () => {
        held.delete(job.id);
        // Given back where it stands: finished, or for this desk's next start or another desk.
        await claim
          .release(job)
          .catch((error: unknown) => ctx.log.error(`Bulk edit ${job.id} was not given back`, error));
        running.delete(job.id);
        emit();
      });
    running.set(job.id, work);
    return work;
  };

  const resume = async (job: BulkJob, reopen = false) => {
    const claim = await claims.claim(job, reopen);
    if (claim) void run(job, claim);
    return claim !== null;
  };
  for (const job of jobs.values())
    if (bulkJobRunning(job))
      void resume(job).catch((error: unknown) => ctx.log.error(`Bulk edit ${job.id} did not resume`, error));
  const detach = claims.attach(
    {
      adopt(job, claim) {
        jobs.set(job.id, job);
        void run(job, claim);
      },
      runs: (jobId) => running.has(jobId),
    },
    emit,
  );

  const jobOf = (jobId: string) => {
    const job = list().find((candidate) => candidate.id === jobId);
    if (!job) throw new AppError('not-found', mainI18n.t('errors:bulkUnknown'));
    return job;
  };

  return {
    list,
    async start(uuids, edit) {
      const account = ctx.clientOf();
      const accountId = account.accountId;
      const items = await planJobItems(ctx, account, uuids, edit);
      const job: BulkJob = {
        version: 1,
        id: randomUUID(),
        accountId,
        createdAt: new Date().toISOString(),
        edit,
        items,
      };
      jobs.set(job.id, job);
      await save(job);
      try {
        if (await claims.queue(job)) await resume(job);
      } catch (error) {
        jobs.delete(job.id);
        await rm(path.join(dir, `${job.id}.json`), { force: true });
        throw error;
      }
      return job;
    },
    async retry(jobId, uuid) {
      // A failed ad whose read failed before a plan was made has nothing to send: it stays failed.
      const again = (item: BulkJobItem) =>
        item.state === 'failed' && item.patch !== null && (uuid === undefined || item.uuid === uuid);
      const under = jobs.get(jobId);
      if (under && running.has(jobId)) {
        // The run under way takes the ads up again before it ends.
        for (const item of under.items.filter(again)) await setItem(under, item.uuid, { state: 'pending' });
        return under;
      }
      const { desk: _shown, ...shown } = jobOf(jobId);
      const job: BulkJob = {
        ...shown,
        items: shown.items.map((item) => {
          if (!again(item)) return item;
          const { failure: _failure, ...rest } = item;
          return { ...rest, state: 'pending' as const };
        }),
      };
      // In a shop the job is opened again in the queue, unless another desk runs it now.
      const claim = await claims.claim(job, true);
      if (!claim) throw new AppError('conflict', mainI18n.t('errors:bulkRunning'));
      jobs.set(job.id, job);
      await writeFileAtomic(path.join(dir, `${job.id}.json`), JSON.stringify(job, null, 1));
      void run(job, claim);
      return job;
    },
    async dismiss(jobId) {
      const job = jobOf(jobId);
      if (running.has(jobId) || bulkJobRunning(job))
        throw new AppError('conflict', mainI18n.t('errors:bulkRunning'));
      await claims.forget(jobId);
      jobs.delete(jobId);
      await rm(path.join(dir, `${jobId}.json`), { force: true });
      emit();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running.values());
    },
    async close() {
      closed = true;
      detach();
      await Promise.all(running.values());
    },
  };
}
