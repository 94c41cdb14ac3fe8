// A feed's run as a resumable job (issue 25.3): planned, held by the safety valve or applied ad by
// ad with the report written after each, resumed after a crash or kill from the first ad not done,
// and kept as the feed's history. One run of a feed at a time.
import { createHash } from 'node:crypto';
import path from 'node:path';
import stringify from 'safe-stable-stringify';
import pLimit from 'p-limit';
import type { Feed, FeedProgress, FeedRun, FeedRunEntry } from '../../shared/domain/feeds';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { createKeyedLock } from '../publish/pacing';
import { applyEntry, itemAfter, publishesDraft, type ApplyDeps } from './feed-apply';
import { waitForJobs } from './publish-wait';
import { createPhotoDownloads, type PhotoDownloads } from './photo-downloads';
import type { AccountView } from '../../shared/ipc/types';
import type { DraftTemplate } from '../../shared/domain/drafts';
import { feedAccount, planFeed, type PlannerDeps } from './feed-planner';
import type { RunStore } from './run-store';
import { keepApplied, newRun, runEntries } from './run-start';

export type RunsDeps = ApplyDeps &
  PlannerDeps & {
    dataDir: string;
    runs: RunStore;
    onProgress(progress: FeedProgress): void;
    onChange(feedId: string): void;
    /** Whether an owner approved holds like these on the feed's held run before (issue 37.3). */
    heldApproved?(feedId: string, holds: FeedRun['held']): boolean;
    log: { info(message: string): void; error(message: string, error?: unknown): void };
    now?: () => Date;
  };

export interface FeedRuns {
  /**
   * Plans and applies a run now (or finishes an unfinished one first); answers its report.
   * `ranBy`: in a team, the desk that runs it (its name), kept on the report.
   */
  run(feed: Feed, trigger: FeedRun['trigger'], ranBy?: string): Promise<FeedRun>;
  /** Runs a run's failed ads again (or the one of `reference`). */
  retry(runId: string, reference?: string): Promise<FeedRun>;
  /** Finishes the runs a crash or kill left unfinished. */
  resume(): Promise<void>;
  /** True while a run of the feed is under way. */
  busy(feedId: string): boolean;
}

/** Changes to live ads a run sends at the same time (the publish engine's default for drafts). */
export const FEED_LIVE_CHANGES_AT_ONCE = 4;

/** Builds the runs over the stores and the live paths. */
export function createFeedRuns(deps: RunsDeps): FeedRuns {
  const now = deps.now ?? (() => new Date());
  const lock = createKeyedLock();
  const running = new Set<string>();
  // The store keeps the run itself and serialises it when its write happens (writes asked for while
  // one is under way are folded into the next): nothing is copied per ad.
  const save = async (run: FeedRun) => {
    run.failed = run.entries.filter((e) => e.outcome === 'failed').length;
    await deps.runs.save(run);
  };

  /** Applies every pending entry of the run, writing the report after each. */
  const apply = async (run: FeedRun, feed: Feed) => {
    const account = feedAccount(deps, feed);
    const template =
      feed.templateId === undefined ? undefined : await deps.template(account.id, feed.templateId);
    const todo = run.entries.filter((e) => e.outcome === 'pending');
    // Photos named by URL are downloaded once per run, under the data folder, and removed after it;
    // each is kept between runs and asked for conditionally.
    const downloads = createPhotoDownloads({
      parentDir: path.join(deps.dataDir, 'feeds', 'downloads'),
      cacheDir: path.join(deps.dataDir, 'feeds', 'cache', 'photos'),
      allowPrivateAddresses: feed.allowPrivateAddresses,
      ca: deps.ca,
    });
    try {
      await applyAll(run, feed, todo, { account, template, downloads });
    } finally {
      await downloads
        .dispose()
        .catch((error: unknown) => deps.log.error('Feed photo downloads not removed', error));
    }
  };

  const applyAll = async (
    run: FeedRun,
    feed: Feed,
    todo: FeedRunEntry[],
    shared: { account: AccountView; template: DraftTemplate | undefined; downloads: PhotoDownloads },
  ) => {
    const { account, template, downloads } = shared;
    // Which photos were the feed's: the seller's own stay (issue 35.5).
    const items = new Map((await deps.feeds.items(feed.id)).map((item) => [item.reference, item]));
    const total = todo.length;
    let done = 0;
    deps.onProgress({ feedId: feed.id, runId: run.id, phase: 'apply', done, total });
    // New rows being published: done once their ads are live (the engine publishes them).
    const publishing: FeedRunEntry[] = [];
    const fail = (entry: FeedRunEntry, code: string, message: string, error?: unknown) => {
      entry.outcome = 'failed';
      entry.failure = { code, message };
      deps.log.error(
        `Feed ${feed.name} (run ${run.id}): ${entry.action} of ${entry.reference ?? '?'} failed: ${message}`,
        error,
      );
    };
    // A change to a live ad (update, pause, resume, end) is a round trip or two to the service,
    // independent of the others: a few go at once. New rows go one at a time: their photos and
    // publishing already run side by side in the intake and the publish engine.
    const live = pLimit(FEED_LIVE_CHANGES_AT_ONCE);
    // Reads for the Listings view after a pause or resume, as the publish engine's tracking after an
    // update: the run does not wait for them; a failure is only logged.
    const followUp = (work: Promise<void>) =>
      void work.catch((error: unknown) =>
        deps.log.error(`Feed ${feed.name}: a paused or resumed ad's state was not read`, error),
      );
    const created = pLimit(1);
    const applyOne = async (entry: FeedRunEntry) => {
      const note = async (change: Partial<FeedRunEntry>) => {
        Object.assign(entry, change);
        await save(run);
      };
      // The ad's local work after its calls, which its outcome waits for but the next ad's calls do not.
      const after: Promise<void>[] = [];
      const later = (work: Promise<void>) => {
        work.catch(() => undefined);
        after.push(work);
      };
      const ctx = { feed, account, template, runId: run.id, note, downloads, items, after: later, followUp };
      try {
        await (entry.action === 'create' ? created : live)(() => applyEntry(deps, ctx, entry));
        await Promise.all(after);
        delete entry.failure;
        if (publishesDraft(entry, feed)) publishing.push(entry);
        else entry.outcome = 'done';
      } catch (error) {
        const appError = error instanceof AppError ? error : new AppError('internal', String(error));
        fail(entry, reasonOf(appError), appError.message, error);
      }
      done += 1;
      // The report goes to disk while the next ad's call is under way (a write asked for meanwhile
      // is folded into the next one); each ad's step can run again safely should a crash come first.
      save(run).catch((error: unknown) =>
        deps.log.error(`Feed ${feed.name}: run ${run.id} not written yet`, error),
      );
      deps.onProgress({ feedId: feed.id, runId: run.id, phase: 'apply', done, total });
    };
    await Promise.all(todo.map(applyOne));
    if (publishing.length > 0) {
      const outcomes = await waitForJobs(
        deps.publish,
        publishing.map((e) => e.draftId!),
      );
      for (const entry of publishing) {
        const outcome = outcomes.get(entry.draftId!);
        if (outcome?.ok) {
          entry.outcome = 'done';
          if (outcome.listingUuid !== null) entry.listingUuid = outcome.listingUuid;
        } else if (outcome) fail(entry, outcome.code, outcome.message);
        else
          fail(entry, 'no-job', mainI18n.t('errors:feedPublishNotStarted', { title: entry.title, why: '' }));
      }
      await save(run);
    }
    // The feed's record follows the report, in one write (a feed of thousands, one file).
    const entries = new Map(
      run.entries.flatMap((e) => (e.reference === null ? [] : [[e.reference, e] as const])),
    );
    await deps.feeds.setItems(feed.id, (reference, item) => itemAfter(entries.get(reference)!, item), [
      ...entries.keys(),
    ]);
    run.state = 'done';
    run.finishedAt = now().toISOString();
    await save(run);
    deps.onProgress({ feedId: feed.id, runId: run.id, phase: 'done', done, total });
    deps.log.info(
      `Feed ${feed.name} (run ${run.id}) done: ${JSON.stringify(run.counts)}, ${run.failed} failed`,
    );
  };

  const guarded = <T>(feedId: string, task: () => Promise<T>) =>
    lock(feedId, async () => {
      running.add(feedId);
      deps.onChange(feedId);
      try {
        return await task();
      } finally {
        running.delete(feedId);
        deps.onChange(feedId);
      }
    });

  // Runs finished after a crash (at start, in the background) until the next run names them.
  const unreported = new Map<string, FeedRun[]>();
  const finishUnfinished = async (feed: Feed): Promise<FeedRun[]> => {
    for (const run of deps.runs.list(feed.id).filter((r) => r.state === 'running')) {
      deps.log.info(`Feed ${feed.name}: run ${run.id} resumes where it stopped`);
      unreported.set(feed.id, [...(unreported.get(feed.id) ?? []), run]);
      await apply(run, feed);
    }
    const finished = unreported.get(feed.id) ?? [];
    unreported.delete(feed.id);
    return finished;
  };

  return {
    busy: (feedId) => running.has(feedId),

    run: (feed, trigger, ranBy) =>
      guarded(feed.id, async () => {
        const resumed = await finishUnfinished(feed);
        const current = deps.feeds.get(feed.id) ?? feed;
        const startedAt = now();
        const run = newRun(current, trigger, startedAt);
        if (ranBy !== undefined) run.ranBy = ranBy;
        deps.onProgress({ feedId: feed.id, runId: run.id, phase: 'plan', done: 0, total: 0 });
        const settingsKey = feedSettingsKey(current);
        const last = deps.runs.list(feed.id).at(-1);
        let read;
        try {
          read = await planFeed(deps, current, startedAt, {
            ifChanged: quietSince(last, current, settingsKey, startedAt),
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          deps.log.error(`Feed ${current.name}: the run could not be planned`, error);
          Object.assign(run, { state: 'failed', failure: message, finishedAt: now().toISOString() });
          await save(run);
          deps.onProgress({ feedId: feed.id, runId: run.id, phase: 'done', done: 0, total: 0 });
          return withResumed(run, resumed);
        }
        run.settingsKey = settingsKey;
        if (read === 'unchanged') {
          // One conditional request answered 304, and nothing else was due: no draft, no service call.
          Object.assign(run, {
            state: 'done',
            unchanged: true,
            finishedAt: now().toISOString(),
            ...(last?.priceChangeAt !== undefined && { priceChangeAt: last.priceChangeAt }),
          });
          await save(run);
          deps.log.info(`Feed ${current.name}: unchanged since run ${last?.id ?? '?'}, nothing to do`);
          deps.onProgress({ feedId: feed.id, runId: run.id, phase: 'done', done: 0, total: 0 });
          return withResumed(run, resumed);
        }
        if (read.priceChangeAt !== undefined) run.priceChangeAt = new Date(read.priceChangeAt).toISOString();
        // Issue 37.3: holds an owner approved on the held run before are applied this time.
        if (read.plan.held.length > 0 && deps.heldApproved?.(current.id, read.plan.held)) {
          run.approvedHolds = read.plan.held;
          read = { ...read, plan: { ...read.plan, held: [] } };
          deps.log.info(`Feed ${current.name}: applies what an owner approved of the held run before`);
        }
        const { plan } = read;
        run.counts = plan.counts;
        run.held = plan.held;
        run.entries = runEntries(read);
        if (plan.held.length > 0) {
          Object.assign(run, { state: 'held', finishedAt: now().toISOString() });
          await save(run);
          deps.log.error(
            `Feed ${current.name}: run held, nothing applied (${plan.held.map((h) => h.reason).join(', ')})`,
          );
          deps.onProgress({ feedId: feed.id, runId: run.id, phase: 'done', done: 0, total: 0 });
          return withResumed(run, resumed);
        }
        // Written before the first ad: from here on the run resumes after a crash.
        await save(run);
        await keepApplied(deps.feeds, current, read, run);
        // Compared by the next run as the feed is now (the run keeps its header, mapping, variants).
        run.settingsKey = feedSettingsKey(deps.feeds.get(feed.id) ?? current);
        await apply(run, current);
        return withResumed(run, resumed);
      }),

    async retry(runId, reference) {
      const run = deps.runs.get(runId);
      if (!run) throw new AppError('not-found', mainI18n.t('errors:feedRunGone'));
      const feed = deps.feeds.get(run.feedId);
      if (!feed) throw new AppError('not-found', mainI18n.t('errors:feedGone'));
      return guarded(feed.id, async () => {
        const again = run.entries.filter(
          (e) => e.outcome === 'failed' && (reference === undefined || e.reference === reference),
        );
        for (const entry of again) entry.outcome = 'pending';
        if (again.length === 0) return run;
        run.state = 'running';
        run.finishedAt = null;
        await save(run);
        await apply(run, feed);
        return run;
      });
    },

    async resume() {
      const feedIds = new Set(
        deps.runs
          .list()
          .filter((r) => r.state === 'running')
          .map((r) => r.feedId),
      );
      for (const feedId of feedIds) {
        const feed = deps.feeds.get(feedId);
        if (!feed) continue;
        await guarded(feedId, async () => {
          // Kept for the next run's answer (finishUnfinished hands them over once).
          const finished = await finishUnfinished(feed);
          if (finished.length > 0) unreported.set(feedId, finished);
        }).catch((error: unknown) =>
          deps.log.error(`Feed ${feed.name}: an unfinished run could not resume`, error),
        );
      }
    },
  };
}

/** The settings a run reads the source with, as one key (a change plans the feed again). */
export function feedSettingsKey(feed: Feed): string {
  const { id: _id, approved: _a, header: _h, createdAt: _c, lastRunAt: _l, name: _n, ...settings } = feed;
  return createHash('sha256').update(stringify(settings)).digest('hex').slice(0, 16);
}

/**
 * Whether the feed needs no plan while its source stays as the last run read it: that run applied
 * everything (nothing failed, held or waiting for a category), with these settings, and no sale
 * period of the file began or ended since. Then a 304 is the whole run.
 */
export function quietSince(last: FeedRun | undefined, feed: Feed, settingsKey: string, now: Date): boolean {
  if (!last || !feed.approved || last.state !== 'done' || last.settingsKey !== settingsKey) return false;
  if (last.failed > 0 || (last.counts.wait ?? 0) > 0) return false;
  return last.priceChangeAt === undefined || Date.parse(last.priceChangeAt) > now.getTime();
}

/** The run's answer, naming the unfinished runs finished before it (their failures are the seller's too). */
function withResumed(run: FeedRun, resumed: FeedRun[]): FeedRun {
  return resumed.length === 0 ? run : { ...run, resumed: structuredClone(resumed) };
}

function reasonOf(error: AppError): string {
  const details = error.details as { reason?: unknown; problem?: unknown } | undefined;
  const reason = details?.problem ?? details?.reason;
  return typeof reason === 'string' ? reason : error.code;
}
