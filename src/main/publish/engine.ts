// The publish engine: turns drafts into persisted jobs, runs them a few at a time (uploads bounded
// across all jobs), tracks their publications, and tells the UI every change. Jobs found on disk at
// open resume where they stopped: after a quit, a crash or a kill.
import { randomUUID } from 'node:crypto';
import type { DraftRemote, DraftStatus } from '../../shared/domain/drafts';
import { isOpenJobState } from '../../shared/domain/publishing';
import { createSerialQueue } from '../storage/serial-queue';
import { isSignInFailure } from '../accounts/sign-in-check';
import {
  createAccountHold,
  autoDrafts,
  createDraftSlots,
  draftLimitOf,
  engineClaims,
  contextMaker,
  newEntry,
  type Entry,
  retryJob,
  retrackOn,
  claimedJobs,
  settleRule,
  slowCheckDeps,
  startSlowCheck,
  tracked,
  endTwice,
  duplicatesLogged,
  startBatch,
  jobMaker,
} from './engine-parts';
import { createDraftSync, withoutWaiting, repairDrafts } from './drafts';
import type { PublishEngine, PublishEngineOptions, StartResult } from './engine-api';
import { factsOf, jobError, StepFailure } from './context';
import { createImprintSource, runJob, type RunDeps, trackPublication, watchLateAnswers } from './steps';
import { Owners } from './reconcile';
import { LONE_CLAIM, loneClaims, queueNewJob } from './claims';
import {
  type JobRecord,
  openJobStore,
  followAdOn,
  notifyOf,
  publicationsOf,
  remoteOf,
  supersedeOutdated,
} from './jobs';
import { jobView, createViewEmitter } from './views';
import { createKeyedLock, createLimiter, isAbortError, jobController } from './pacing';
import type { Backoff } from '../service-client/backoff';
import { DEFAULT_MAX_CONCURRENCY, DEFAULT_TIMEOUT_MS } from '../service-client';

/** Uploads at once across all jobs unless set: as many as an account's calls at once. */
export const DEFAULT_UPLOADS = DEFAULT_MAX_CONCURRENCY;

export type { PublishEngine, PublishEngineOptions, StartResult };

/** Opens the engine on the jobs under `options.dataDir` and resumes the open ones. */
export async function openPublishEngine(options: PublishEngineOptions): Promise<PublishEngine> {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const newId = options.newId ?? randomUUID;
  const { log, accounts } = options;
  const claims = options.claims ?? loneClaims;
  const backoff: Backoff = { baseMs: 1000, maxMs: 30_000, ...options.backoff };
  const schedule: Backoff = { baseMs: 1000, maxMs: 30_000, ...options.tracking };
  const rule = settleRule(options.settle);
  const uploads = createLimiter(options.limits?.uploads ?? DEFAULT_UPLOADS);
  const store = await openJobStore(options.dataDir, now);
  for (const problem of store.problems)
    log.error(`A publish job file did not parse; moved aside to ${problem.movedAside}`);
  const shared = (accountId: string) => claims.shared?.(accountId) === true;
  const repaired = await repairDrafts(store.loaded, options.drafts, log, shared);
  if (repaired.length > 0) options.onDraftsChanged?.(repaired);
  const drafts = withoutWaiting(
    createDraftSync(options.drafts, log, (ids) => options.onDraftsChanged?.(ids)),
  );

  const entries = new Map<string, Entry>();
  const tasks = new Set<Promise<void>>();
  const settledWaiters: Array<() => void> = [];
  const starts = createSerialQueue();
  const claimed = new Owners();
  const publications = new Owners();
  const deps: RunDeps = {
    imprints: createImprintSource(accounts),
    listings: { claimed, exclusive: createKeyedLock() },
    publications: { claimed: publications },
  };
  let closed = false;

  const emitter = createViewEmitter(
    options.progressIntervalMs ?? 100,
    (id) => {
      const entry = entries.get(id);
      return entry && jobView(entry.record, entry);
    },
    log,
  );

  // Issue 37.5: duplicates a job run here alone removed.
  const duplicates = duplicatesLogged(options.activity);

  const persist = async (entry: Entry, announce = false): Promise<void> => {
    entry.record.updatedAt = now().toISOString();
    await duplicates.log(entry);
    // In a shop the shop's copy is the truth: written first, and only while the claim holds.
    await entry.claim?.save(entry.record);
    await store.save(entry.record);
    emitter.changed(entry.record.id, announce);
  };

  const checkSettled = () => {
    if ([...entries.values()].some((entry) => isOpenJobState(entry.record.state))) return;
    for (const resolve of settledWaiters.splice(0)) resolve();
  };

  const track = (entry: Entry, task: Promise<void>) => {
    tasks.add(task);
    entry.task = task;
    void task.finally(() => {
      tasks.delete(task);
      if (entry.task === task) {
        entry.task = null;
        letGo(entry);
      }
      checkSettled();
    });
  };

  const context = contextMaker({
    accounts,
    store,
    now,
    random,
    backoff,
    settleAfterTimeoutMs: options.settleAfterTimeoutMs ?? 10_000,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    log,
    uploads,
    persist(entry) {
      // A step done: the account's pace may take more calls at once by now ('auto' drafts at once).
      slots.refresh();
      return persist(entry);
    },
    changed: (id, announce) => emitter.changed(id, announce),
  });

  const { claimFor, letGo, shareLater } = engineClaims(claims, tasks, () => closed, log);

  // A retracked job's draft may be linked anew meanwhile: it only follows the status of that link.
  const tell = (record: JobRecord, status: DraftStatus, remote?: DraftRemote): void =>
    record.retracked && record.listingUuid !== null
      ? drafts.follow(record.draftId, status, record.listingUuid)
      : drafts.set(record.draftId, status, remote);

  const ended = async (entry: Entry, error: unknown): Promise<void> => {
    const { record } = entry;
    if (isAbortError(error)) {
      // A stop (a quit) writes what the answers told so far, some of it not written yet (an attach's URL).
      if (!entry.cancelRequested) return closed ? persist(entry) : undefined;
      record.state = 'cancelled';
      record.error = null;
      await persist(entry, true);
      drafts.set(record.draftId, 'draft');
      return;
    }
    // The account cannot sign in (any more): the job waits for it, like the account's other jobs.
    if (accounts.signIn && isSignInFailure(error)) return hold.holdAfter(entry, error);
    record.state = 'failed';
    record.error = error instanceof StepFailure ? error.error : jobError(factsOf(error), now());
    if (record.error.problem === 'internal') log.error(`Publish job ${record.id} failed`, error);
    else log.info(`Publish job ${record.id} failed: ${record.error.problem}: ${record.error.detail}`);
    await persist(entry, true);
    tell(record, 'failed', record.listingUuid === null ? undefined : { listingUuid: record.listingUuid });
  };

  const unsaved = (error: unknown) => {
    if (!isAbortError(error)) log.error('A publish job could not write how it ended', error);
  };

  const notify = (record: JobRecord) => notifyOf(record, options.onNotice, log);

  const startTracking = (entry: Entry) => {
    const controller = jobController();
    entry.controller = controller;
    track(
      entry,
      (async () => {
        try {
          if (!(await claimFor(entry, controller))) return;
          const onNext = (atMs: number | null) =>
            void ((entry.nextReadMs = atMs), emitter.changed(entry.record.id));
          // Then creates without an answer are watched for (a finished job, after a restart: only that).
          if (entry.record.state === 'tracking') {
            const outcome = await trackPublication(context(entry, controller.signal), schedule, onNext, rule);
            await tracked(entry, outcome, { entries, store, persist, tell, notify, log, checkSettled });
          }
          await watchLateAnswers(context(entry, controller.signal), deps);
        } catch (error) {
          await ended(entry, error).catch(unsaved);
        } finally {
          if (entry.controller === controller) entry.controller = null;
        }
      })(),
    );
  };

  const run = async (entry: Entry): Promise<void> => {
    const controller = jobController();
    entry.controller = controller;
    entry.cancelRequested = false;
    const { record } = entry;
    try {
      if (!(await claimFor(entry, controller)) || !(await hold.admit(entry))) return;
      record.state = 'running';
      record.error = null;
      // 'queued' and 'running' resume alike: a lone desk writes 'running' with the job's first step,
      // not ahead of it (a shop's copy says who runs the job: written first, as before).
      if (entry.claim === LONE_CLAIM) emitter.changed(record.id, true);
      else await persist(entry, true);
      await runJob(context(entry, controller.signal), deps);
      record.state = 'tracking';
      await persist(entry, true);
      drafts.set(record.draftId, 'publishing', remoteOf(record));
      if (entry.controller === controller) entry.controller = null;
      if (!closed) startTracking(entry);
    } catch (error) {
      await ended(entry, error).catch(unsaved);
    } finally {
      if (entry.controller === controller) entry.controller = null;
      entry.bytes.clear();
    }
  };

  const draftLimit = draftLimitOf(options.limits?.drafts, () => autoDrafts(entries.values(), accounts));
  const slots = createDraftSlots(
    draftLimit,
    (entry) => {
      const task = run(entry);
      track(entry, task);
      return task;
    },
    () => closed,
  );
  const { enqueue, pump } = slots;
  const hold = createAccountHold({ accounts, slots, persist, entries, backoff, random, now, log });

  const add = (record: JobRecord): Entry => {
    const entry = entries.get(record.id) ?? newEntry(record);
    entry.record = record;
    entries.set(record.id, entry);
    if (record.listingUuid !== null) claimed.claim(record.listingUuid, record.id);
    if (record.publicationUuid !== null) publications.claim(record.publicationUuid, record.id);
    return entry;
  };

  const { makeOne, unmake } = jobMaker({ options, entries, claims, store, now, newId, persist });

  // The job made by makeOne taken on, in the batch's order.
  const takeOne = async (made: StartResult | JobRecord): Promise<StartResult> => {
    if (!('snapshot' in made)) return made;
    const { id, draftId } = made;
    // In a shop another desk may have pressed Publish on the draft first: its job is the one.
    const queued = await queueNewJob(claims, made, store);
    if ('existing' in queued) return { draftId, jobId: queued.existing, queuedBy: queued.deskName };
    // Only now, with the job on disk, is it the engine's (see createJob).
    const entry = add(made);
    emitter.changed(id, true);
    drafts.set(draftId, 'publishing');
    if (queued.runHere) enqueue(entry);
    return { draftId, jobId: id };
  };

  for (const record of store.loaded) {
    duplicates.loaded(record);
    const entry = add(record);
    if (record.state === 'queued' || record.state === 'running') enqueue(entry);
    else if (record.state === 'tracking' || (record.late && ['published', 'rejected'].includes(record.state)))
      startTracking(entry);
  }
  await supersedeOutdated(entries.values(), persist, log);
  pump();
  const detach = claims.attach(
    claimedJobs({
      entries,
      add,
      save: (record) => store.save(record),
      photoPath: (id, name) => store.photoPath(id, name),
      dropPhotos: (id) => store.dropPhotos(id),
      changed: (id) => emitter.changed(id, true),
      run: (entry) => (enqueue(entry), pump()),
      startTracking,
      tell,
      notify,
      checkSettled,
      limit: draftLimit,
      closed: () => closed,
    }),
  );
  // Jobs that need the seller are read at start and every rule.slowCheckMs; a change reopens tracking.
  const slow = startSlowCheck(
    slowCheckDeps(rule.slowCheckMs, entries, accounts, log, async (entry) => {
      if (closed || entry.record.state !== 'rejected') return;
      entry.record.state = 'tracking';
      await persist(entry, true);
      tell(entry.record, 'publishing');
      startTracking(entry);
    }),
  );

  return {
    problems: store.problems,
    checkSettled: () => slow.runOnce(),
    start: (draftIds) =>
      starts.run(async () => {
        if (closed) throw new Error('The publish engine is closed.');
        // Every job of the batch is on disk before the first one runs (see batch-start.ts).
        const results = await startBatch([...new Set(draftIds)], makeOne, takeOne, unmake);
        pump();
        return results;
      }),
    async cancel(jobId) {
      const entry = entries.get(jobId);
      if (!entry) return false;
      const { record } = entry;
      if (record.state === 'running') {
        entry.cancelRequested = true;
        entry.controller?.abort();
        await entry.task?.catch(() => undefined);
        return entry.record.state === 'cancelled';
      }
      if (record.state !== 'queued' && record.state !== 'failed') return false;
      slots.drop(entry);
      record.state = 'cancelled';
      await persist(entry, true);
      drafts.set(record.draftId, 'draft');
      checkSettled();
      return true;
    },
    async retry(jobId, confirm) {
      const entry = entries.get(jobId);
      if (!entry || closed) return false;
      const retryDeps = { hold, claimed, persist, startTracking, enqueue, pump, tell, log };
      return retryJob(entry, confirm, retryDeps);
    },
    endTwice: (jobId, listingUuid) =>
      endTwice(entries.get(jobId), listingUuid, { accounts, persist, now, log }),
    publicationsOf: (listingUuid) =>
      publicationsOf(
        [...entries.values()].map((entry) => entry.record),
        listingUuid,
      ),
    retrack: (listingUuid, publicationUuid) =>
      retrackOn(entries.values(), listingUuid, publicationUuid, {
        persist,
        startTracking,
        closed: () => closed,
      }),
    followAd: (listingUuid, news) =>
      followAdOn(entries.values(), listingUuid, news, {
        now,
        log,
        closed: () => closed,
        async persist(entry, announce) {
          await persist(entry, announce);
          shareLater(entry);
        },
      }),
    list: () => [...entries.values()].map((entry) => jobView(entry.record, entry)),
    get(jobId) {
      const entry = entries.get(jobId);
      return entry && jobView(entry.record, entry);
    },
    onChange: (listener) => emitter.subscribe(listener),
    async settled() {
      await new Promise<void>((resolve) => {
        settledWaiters.push(resolve);
        checkSettled();
      });
      await drafts.idle();
    },
    async close() {
      if (closed) return;
      closed = true;
      detach();
      hold.close();
      await slow.stop();
      slots.clear();
      for (const entry of entries.values()) {
        entry.controller?.abort();
        // A claimed job still waiting for a slot goes back to the shop for another desk.
        if (!entry.task) letGo(entry);
      }
      while (tasks.size > 0) await Promise.allSettled([...tasks]);
      await drafts.idle();
      await store.flush();
      emitter.close();
    },
  };
}
