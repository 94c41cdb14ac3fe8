// Stock feeds (issue 25.1-25.3): the feeds the seller set up, their plans and their runs, over the
// drafts, the publish engine and the live paths. The IPC handlers, the command line and the
// automation runner (feedDueSource) all go through this one service.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { feedSchema, type Feed, type FeedSettings, type FeedView } from '../../shared/domain/feeds';
import type { FeedPlan, FeedRun, FeedUnmappedCategory } from '../../shared/domain/feeds';
import type { SecretStore } from '../secrets/secret-store';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { feedDueSource } from './due-source';
import { openFeedStore } from './feed-store';
import { createFeedRuns, type FeedRuns, type RunsDeps } from './feed-runs';
import { feedAccount, planFeed, readSource } from './feed-planner';
import { feedUnmapped } from './feed-categories';
import { feedSecretKey } from './source';
import { feedAccessKeyName, hasAccessKeyMask, splitAccessKey } from './access-key';
import { forgetFeedCache } from './fetch/feed-fetch';
import { openRunStore } from './run-store';
import type { DueSource } from '../automation/due';
import type { FeedTeam, FeedWillWrite, FeedsShared } from '../ports/feed-team';
import {
  approvable,
  feedPermissions,
  heldApproved,
  keyMissing,
  keyMissingError,
  withFeedLease,
} from './feed-team-use';
import { feedsShared } from './feed-shared';
import { approvalActivity, feedRunActivity } from './feed-activity';
import type { ActivityLog } from '../ports/activity-log';

/** Whether a file starts as an XML document: a product feed read by its content, not a table. */
export { startsAsXml } from './fetch/xml-items';

export interface FeedsDeps extends Omit<RunsDeps, 'feeds' | 'runs'> {
  dataDir: string;
  secrets: SecretStore;
  onProblem(movedAside: string): void;
  /** Whether the desk is in a team (its feeds' unfinished runs are resumed once its session runs). */
  inTeam?: boolean;
  /** This desk's name in its team (who approved a held run, who ran a feed). */
  deskName?: () => Promise<string | undefined>;
  /** This desk's id in its team (the activity log's approving desk). */
  deskId?: () => Promise<string | undefined>;
  /**
   * The activity log in use (issue 37.5): a feed's run and an owner's approval of a held run are
   * recorded right after their report is written (a team: the team's database; else the file).
   */
  activity?: Pick<ActivityLog, 'record'>;
  /** The desk's team now (issue 37.3), or undefined on a lone desk. */
  team?: () => FeedTeam | undefined;
  /** Marks a feed's shared item in the team's outbox before it is written (inert on a lone desk). */
  willWrite?: FeedWillWrite;
}

export interface FeedsService {
  list(): Promise<FeedView[]>;
  save(input: {
    id?: string | undefined;
    settings: FeedSettings;
    password?: string | null | undefined;
  }): Promise<FeedView>;
  remove(id: string): Promise<FeedView[]>;
  plan(id: string): Promise<FeedPlan>;
  run(id: string, trigger?: FeedRun['trigger']): Promise<FeedRun>;
  history(id: string): FeedRun[];
  retry(runId: string, reference?: string): Promise<FeedRun>;
  /**
   * An owner's yes to a run the safety valve held (issue 37.3): the feed's next run applies what
   * it held; run here at once when this desk may. Answers the approved run.
   */
  approveHeld(runId: string): Promise<FeedRun>;
  /** What the team's sync reads and writes of the feeds (issue 37.3). */
  shared: FeedsShared;
  /** The feed of this id or name (case aside), or undefined. */
  find(nameOrId: string): Feed | undefined;
  /**
   * The shop categories of the feed's source (read now, every row) that no mapping serves, each
   * once with its rows and the catalog's guesses (issue 34.4: `categories unmapped --feed NAME`).
   */
  unmapped(nameOrId: string): Promise<FeedUnmappedCategory[]>;
  /** What of the feeds is due, for the automation runner. */
  due: DueSource;
  runs: FeedRuns;
}

/** Opens the feeds of the data folder and resumes runs a crash or kill left unfinished. */
export async function openFeeds(deps: FeedsDeps): Promise<FeedsService> {
  const feeds = await openFeedStore(
    deps.dataDir,
    deps.onProblem,
    { secrets: deps.secrets, note: (text) => deps.log.info(text) },
    deps.willWrite,
  );
  const cacheDir = path.join(deps.dataDir, 'feeds', 'cache');
  const runStore = await openRunStore(deps.dataDir, deps.onProblem, deps.willWrite);
  const inner = createFeedRuns({
    ...deps,
    cacheDir,
    feeds,
    runs: runStore,
    heldApproved: (id, holds) => heldApproved(runStore.list(id).at(-1), holds),
  });
  const team = () => deps.team?.();
  const runIdsOf = (feedId: string) => () => runStore.list(feedId).map((run) => run.id);
  // Issue 37.3: in a team, a run needs the publish role, the feed's secrets and its lease.
  const mayRun = async (feed: Feed) => {
    await team()?.assert('run-feeds');
    if (team() && (await keyMissing(feed, deps.secrets))) throw keyMissingError(feed);
  };
  // Issue 37.5: what a run did reaches the activity log once its report is written; a row the log
  // does not take is said in the app's log and leaves the run as it is.
  const logged = async (input: Parameters<ActivityLog['record']>[0]) => {
    await deps.activity
      ?.record(input)
      .catch((error: unknown) =>
        deps.log.error(`Feed: the activity log did not take a ${input.kind}`, error),
      );
  };
  const loggedRun = async (run: FeedRun) => {
    if (run.state !== 'running') await logged(feedRunActivity(run, feeds.get(run.feedId)?.accountId));
    return run;
  };
  const runs: FeedRuns = {
    ...inner,
    run: async (feed, trigger) => {
      await mayRun(feed);
      const ranBy = team() ? await deps.deskName?.() : undefined;
      return loggedRun(
        await withFeedLease(team(), feed, runIdsOf(feed.id), () =>
          inner.run(feeds.get(feed.id) ?? feed, trigger, ranBy),
        ),
      );
    },
    retry: async (runId, reference) => {
      const feed = feeds.get(runStore.get(runId)?.feedId ?? '');
      if (!feed) return loggedRun(await inner.retry(runId, reference));
      await mayRun(feed);
      return loggedRun(
        await withFeedLease(team(), feed, runIdsOf(feed.id), () => inner.retry(runId, reference)),
      );
    },
    // A run another desk left unfinished is finished here only under the feed's lease.
    resume: async () => {
      if (!team()) return inner.resume();
      for (const feedId of new Set(
        runStore
          .list()
          .filter((r) => r.state === 'running')
          .map((r) => r.feedId),
      )) {
        const feed = feeds.get(feedId);
        if (!feed || (await keyMissing(feed, deps.secrets))) continue;
        await withFeedLease(team(), feed, runIdsOf(feed.id), () => inner.resume()).catch((error: unknown) =>
          deps.log.info(`Feed ${feed.name}: its unfinished run is not resumed here (${String(error)})`),
        );
      }
    },
  };
  const now = deps.now ?? (() => new Date());

  const feedOf = (id: string): Feed => {
    const feed = feeds.get(id);
    if (!feed) throw new AppError('not-found', mainI18n.t('errors:feedGone'), { reason: 'no-feed' });
    return feed;
  };
  const view = async (feed: Feed, role?: Awaited<ReturnType<FeedTeam['role']>>): Promise<FeedView> => {
    const last = runStore.list(feed.id).at(-1);
    const may = feedPermissions(team() !== undefined, role, await keyMissing(feed, deps.secrets));
    const hasPassword =
      feed.source.kind === 'url' &&
      (await deps.secrets.get(feedSecretKey(feed.id)).catch(() => undefined)) !== undefined;
    return {
      ...feed,
      hasPassword,
      may,
      lastRun: last ? (({ entries: _entries, feedName: _name, ...summary }) => summary)(last) : null,
    };
  };
  const role = async () =>
    team()
      ?.role()
      .catch(() => undefined);
  const list = async () => {
    const known = await role();
    return Promise.all(feeds.list().map((feed) => view(feed, known)));
  };

  const find = (nameOrId: string): Feed | undefined => {
    const wanted = nameOrId.trim().toLowerCase();
    return feeds.get(nameOrId) ?? feeds.list().find((feed) => feed.name.trim().toLowerCase() === wanted);
  };

  // Unfinished runs go on in the background; their progress reaches the window as it comes. A desk
  // of a team resumes them once its session runs (the composition root asks), under their leases.
  if (!deps.inTeam) void runs.resume();

  return {
    list,
    find,
    async unmapped(nameOrId) {
      const feed = find(nameOrId);
      if (!feed) throw new AppError('not-found', mainI18n.t('errors:feedGone'), { reason: 'no-feed' });
      const context = deps.categories?.(feedAccount(deps, feed).id);
      if (!context) return [];
      const source = await readSource({ ...deps, cacheDir }, feed, now());
      const cells = new Array<{ categoryCell?: string }>(source.references.length);
      await source.each((at, row) => {
        cells[at] = row.categoryCell === undefined ? {} : { categoryCell: row.categoryCell };
      });
      return feedUnmapped(cells, context, (name) => deps.guesses?.(name) ?? []);
    },
    async save({ id, settings, password }) {
      await team()?.assert('write-feeds');
      const before = id === undefined ? undefined : feedOf(id);
      const taken = feeds
        .list()
        .some(
          (feed) => feed.id !== id && feed.name.trim().toLowerCase() === settings.name.trim().toLowerCase(),
        );
      if (taken)
        throw new AppError('conflict', mainI18n.t('errors:feedNameTaken', { name: settings.name }), {
          reason: 'name-taken',
        });
      if (!deps.account(settings.accountId))
        throw new AppError('not-found', mainI18n.t('errors:accountGone'), { reason: 'no-account' });
      const { source, accessKey } = keyApart(settings.source, before?.source);
      // A new source or account is a new feed to the seller: its first run waits for a yes again.
      const same =
        before !== undefined &&
        JSON.stringify(before.source) === JSON.stringify(source) &&
        before.accountId === settings.accountId;
      const feed = feedSchema.parse({
        ...settings,
        source,
        // Absent means no; said outright, so the upgrade of older feeds never takes it for unsettled.
        ...(source.kind === 'url' && { allowPrivateAddresses: settings.allowPrivateAddresses ?? false }),
        id: before?.id ?? randomUUID(),
        approved: same ? before.approved : false,
        // A mapping the seller gave is made for the header the feed knows; a new source starts afresh.
        header: same ? before.header : null,
        // What the last run applied: a switch of the variants setting is then shown and held (issue 35.3).
        ...(same && before.variantsApplied !== undefined && { variantsApplied: before.variantsApplied }),
        createdAt: before?.createdAt ?? now().toISOString(),
        lastRunAt: before?.lastRunAt ?? null,
      });
      if (password !== undefined && password !== null)
        await deps.secrets.set(feedSecretKey(feed.id), password);
      else if (password === null) await deps.secrets.delete(feedSecretKey(feed.id));
      // The access key lives in the keychain only; an address without one leaves none behind.
      if (accessKey !== undefined) await deps.secrets.set(feedAccessKeyName(feed.id), accessKey);
      else if (!(feed.source.kind === 'url' && feed.source.accessKey === true) && hadKey(before))
        await deps.secrets.delete(feedAccessKeyName(feed.id));
      await feeds.save(feed);
      deps.log.info(`Feed ${feed.name} (${feed.id}) ${before ? 'saved' : 'added'}`);
      deps.onChange(feed.id);
      return view(feed, await role());
    },
    async remove(id) {
      const feed = feedOf(id);
      await team()?.assert('write-feeds');
      if (runs.busy(id))
        throw new AppError('conflict', mainI18n.t('errors:feedBusy', { name: feed.name }), {
          reason: 'feed-busy',
        });
      await feeds.remove(id);
      await runStore.removeFeed(id);
      await deps.secrets
        .delete(feedSecretKey(id))
        .catch((error: unknown) =>
          deps.log.error(`Feed ${feed.name}: its password could not be removed from the keychain`, error),
        );
      if (hadKey(feed))
        await deps.secrets
          .delete(feedAccessKeyName(id))
          .catch((error: unknown) =>
            deps.log.error(`Feed ${feed.name}: its access key could not be removed from the keychain`, error),
          );
      await forgetFeedCache(cacheDir, id).catch((error: unknown) =>
        deps.log.error(`Feed ${feed.name}: its kept copy could not be removed`, error),
      );
      deps.log.info(`Feed ${feed.name} (${id}) removed`);
      deps.onChange(id);
      return list();
    },
    async plan(id) {
      // Shown, not run: the rows a run would send are not kept (issue 35.8).
      const read = await planFeed({ ...deps, cacheDir, feeds }, feedOf(id), now(), {
        ifChanged: false,
        keepRows: false,
      });
      return read.plan;
    },
    run: (id, trigger = 'seller') => runs.run(feedOf(id), trigger),
    history: (id) => runStore.list(feedOf(id).id).reverse(),
    retry: (runId, reference) => runs.retry(runId, reference),
    async approveHeld(runId) {
      await team()?.assert('approve-held');
      const held = runStore.get(runId);
      const run = approvable(held, held && runStore.list(held.feedId).at(-1));
      const deskName = (await deps.deskName?.()) ?? 'this desk';
      const approved: FeedRun = { ...run, approval: { desk: deskName, at: now().toISOString() } };
      await runStore.save(approved);
      deps.log.info(`Feed ${run.feedName}: held run ${run.id} approved by ${deskName}`);
      await logged(
        approvalActivity(
          approved,
          feeds.get(run.feedId)?.accountId,
          team() ? await deps.deskId?.() : undefined,
        ),
      );
      deps.onChange(run.feedId);
      // Run here at once when this desk may; else a desk with the feed's secrets runs it next.
      const feed = feeds.get(run.feedId);
      if (feed && !(await keyMissing(feed, deps.secrets)))
        void runs
          .run(feed, 'seller')
          .catch((error: unknown) =>
            deps.log.info(`Feed ${feed.name}: the approved run waits (${String(error)})`),
          );
      return approved;
    },
    shared: feedsShared({ feeds, runs: runStore, onChange: deps.onChange }),
    due: dueHere(
      feedDueSource(
        () => feeds.list(),
        runs,
        async (id, at) => {
          const current = feeds.list().find((feed) => feed.id === id);
          if (current && (current.lastRunAt ?? '') < at) await feeds.save({ ...current, lastRunAt: at });
        },
        (id) => runStore.list(id).at(-1),
      ),
      async (feedId) => {
        // In a team a desk without the feed's secrets leaves its schedule to a desk that has them.
        const feed = feeds.get(feedId);
        return !team() || (feed !== undefined && !(await keyMissing(feed, deps.secrets)));
      },
    ),
    runs,
  };
}

/** The due source with the feeds this desk may not run taken out. */
function dueHere(source: DueSource, runsHere: (feedId: string) => Promise<boolean>): DueSource {
  return {
    ...source,
    async due(now) {
      const tasks = await source.due(now);
      const kept = await Promise.all(tasks.map((task) => runsHere(task.key.split(':')[1] ?? '')));
      return tasks.filter((_task, i) => kept[i]);
    },
  };
}

const hadKey = (feed: Feed | undefined) => feed?.source.kind === 'url' && feed.source.accessKey === true;

/**
 * The source as it is stored: an access key in a new address split off (to go to the keychain),
 * a masked address that had one keeping it.
 */
function keyApart(
  source: FeedSettings['source'],
  before: Feed['source'] | undefined,
): { source: FeedSettings['source']; accessKey?: string } {
  if (source.kind !== 'url') return { source };
  const { accessKey: _kept, ...rest } = source;
  const split = splitAccessKey(source.url);
  if (split.key !== undefined)
    return { source: { ...rest, url: split.url, accessKey: true }, accessKey: split.key };
  if (hasAccessKeyMask(source.url) && before?.kind === 'url' && before.accessKey === true)
    return { source: { ...rest, accessKey: true } };
  return { source: rest };
}
