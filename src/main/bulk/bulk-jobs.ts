// Bulk edits of live listings as resumable jobs (issue 17.4). A job is made from the listings as
// the service has them at that moment (each ad's update is then a set of absolute values, so sending
// it again could not add 10 % twice), stored as one file under bulk-jobs/, and run ad after ad.
// Before an ad is sent it is marked 'sending' on disk; an ad found 'sending' (after a crash, or a
// failure whose outcome is unknown) is read back first, and only sent when it lacks the change.
import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { bulkEditSchema, type BulkEdit } from '../../shared/domain/bulk-edit';
import { listingHasPatch, planListing } from '../../shared/domain/bulk-edit-listings';
import { bulkJobRunning, type BulkJob, type BulkJobItem } from '../../shared/domain/bulk-edit-job';
import type { ListingPatch } from '../../shared/domain/live';
import { makeFolder, readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import type { LiveContext } from '../live/live-context';
import { liveProblem } from '../live/live-errors';
import { updateRequestOf } from '../live/listing-edits';
import { AppError } from '../ipc/app-error';
import { mainI18n } from '../i18n';
import type { ServiceClient } from '../service-client';

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

function parseJob(value: unknown): BulkJob {
  const job = value as BulkJob;
  if (job?.version !== 1 || typeof job.id !== 'string' || !Array.isArray(job.items))
    throw new Error('not a bulk job');
  return { ...job, edit: bulkEditSchema.parse(job.edit) };
}

/** Opens the bulk jobs of the data folder and resumes those that did not finish. */
export async function openBulkJobs(ctx: LiveContext): Promise<BulkJobs> {
  const dir = path.join(ctx.dataDir, 'bulk-jobs');
  await makeFolder(dir);
  const jobs = new Map<string, BulkJob>();
  const running = new Map<string, Promise<void>>();
  const listeners = new Set<(jobs: BulkJob[]) => void>();
  let closed = false;

  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.json'))) {
    const read = await readJsonFile(path.join(dir, name), parseJob);
    if (read.state === 'ok') jobs.set(read.value.id, read.value);
    else if (read.state === 'unreadable')
      ctx.log.error(`A bulk job file did not parse; moved aside to ${read.movedAside}`);
  }

  const list = () => [...jobs.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const emit = () => {
    const all = list();
    for (const listener of listeners) listener(all);
  };
  const save = async (job: BulkJob) => {
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
  const runItem = async (job: BulkJob, item: BulkJobItem) => {
    const patch = item.patch!;
    let client;
    try {
      client = ctx.clientOf(job.accountId).client;
    } catch (error) {
      await setItem(job, item.uuid, { state: 'failed', failure: liveProblem(error) });
      return;
    }
    await setItem(job, item.uuid, { state: 'sending', sentAt: new Date().toISOString() });
    if (patch.publication) {
      await runPublications(job, item, client);
      return;
    }
    await ctx.exclusive(item.uuid, async () => {
      try {
        const current = await client.getListing(item.uuid);
        if (listingHasPatch(current, patch)) {
          await ctx.remember(job.accountId, current);
        } else {
          await client.updateListing(item.uuid, updateRequestOf(patch as ListingPatch));
          // The update's answer is not shown by the spec: read the listing again.
          const listing = await client.getListing(item.uuid);
          await ctx.remember(job.accountId, listing);
          await ctx.engine.retrack(item.uuid);
        }
        await setItem(job, item.uuid, { state: 'done' });
      } catch (error) {
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
   * Location or imprint: each publication of the listing in turn, each written down once done, so a
   * restart goes on with the next. The one under way at a crash is sent again: the spec shows no way
   * to read its street, city or imprint back, and the same values sent twice leave it as once.
   */
  const runPublications = async (job: BulkJob, item: BulkJobItem, client: ServiceClient) => {
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
        const appError = await ctx.fail(job.accountId, item.uuid, error);
        ctx.log.error(
          `Bulk edit ${job.id}: a publication of ${item.uuid} was not changed: ${appError.message}`,
        );
        await setItem(job, item.uuid, { state: 'failed', failure: liveProblem(appError) });
      }
    });
  };

  const run = (job: BulkJob): Promise<void> => {
    const under = running.get(job.id);
    if (under) return under;
    const work = (async () => {
      for (;;) {
        if (closed) return;
        const next = job.items.find((item) => item.state === 'pending' || item.state === 'sending');
        if (!next) return;
        await runItem(job, next);
      }
    })()
      .catch((error: unknown) => ctx.log.error(`Bulk edit ${job.id} stopped`, error))
      .finally(() => {
        running.delete(job.id);
        emit();
      });
    running.set(job.id, work);
    return work;
  };

  for (const job of jobs.values()) if (bulkJobRunning(job)) void run(job);

  const jobOf = (jobId: string) => {
    const job = jobs.get(jobId);
    if (!job) throw new AppError('not-found', mainI18n.t('errors:bulkUnknown'));
    return job;
  };

  return {
    list,
    async start(uuids, edit) {
      const { accountId, client } = ctx.clientOf();
      const limit = pLimit(4);
      const items = await Promise.all(
        [...new Set(uuids)].map((uuid) =>
          limit(async (): Promise<BulkJobItem> => {
            try {
              const listing = await client.getListing(uuid);
              await ctx.remember(accountId, listing);
              const { plan, patch } = planListing(listing, edit);
              // Location and imprint go to the publications the app made; one published elsewhere has none known.
              if (patch?.publication && ctx.engine.publicationsOf(uuid).length === 0)
                return {
                  uuid,
                  title: listing.title,
                  state: 'invalid',
                  changes: plan.changes,
                  patch: null,
                  reason: 'no-publications',
                };
              const state = plan.outcome === 'change' ? 'pending' : plan.outcome;
              return {
                uuid,
                title: listing.title,
                state,
                changes: plan.changes,
                patch,
                ...(plan.reason && { reason: plan.reason }),
              };
            } catch (error) {
              const appError = await ctx.fail(accountId, uuid, error);
              return {
                uuid,
                title: '',
                state: 'failed',
                changes: [],
                patch: null,
                failure: liveProblem(appError),
              };
            }
          }),
        ),
      );
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
      void run(job);
      return job;
    },
    async retry(jobId, uuid) {
      const job = jobOf(jobId);
      // A failed ad whose read failed before a plan was made has nothing to send: it stays failed.
      const again = job.items.filter(
        (item) => item.state === 'failed' && item.patch && (uuid === undefined || item.uuid === uuid),
      );
      for (const item of again) await setItem(job, item.uuid, { state: 'pending' });
      void run(job);
      return job;
    },
    async dismiss(jobId) {
      const job = jobOf(jobId);
      if (running.has(jobId) || bulkJobRunning(job))
        throw new AppError('conflict', mainI18n.t('errors:bulkRunning'));
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
      await Promise.all(running.values());
    },
  };
}
