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

export interface FeedsDeps extends Omit<RunsDeps, 'feeds' | 'runs'> {
  dataDir: string;
  secrets: SecretStore;
  onProblem(movedAside: string): void;
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
  const feeds = await openFeedStore(deps.dataDir, deps.onProblem, {
    secrets: deps.secrets,
    note: (text) => deps.log.info(text),
  });
  const cacheDir = path.join(deps.dataDir, 'feeds', 'cache');
  const runStore = await openRunStore(deps.dataDir, deps.onProblem);
  const runs = createFeedRuns({ ...deps, cacheDir, feeds, runs: runStore });
  const now = deps.now ?? (() => new Date());

  const feedOf = (id: string): Feed => {
    const feed = feeds.get(id);
    if (!feed) throw new AppError('not-found', mainI18n.t('errors:feedGone'), { reason: 'no-feed' });
    return feed;
  };
  const view = async (feed: Feed): Promise<FeedView> => {
    const last = runStore.list(feed.id).at(-1);
    const hasPassword =
      feed.source.kind === 'url' &&
      (await deps.secrets.get(feedSecretKey(feed.id)).catch(() => undefined)) !== undefined;
    return {
      ...feed,
      hasPassword,
      lastRun: last ? (({ entries: _entries, feedName: _name, ...summary }) => summary)(last) : null,
    };
  };
  const list = async () => Promise.all(feeds.list().map(view));

  const find = (nameOrId: string): Feed | undefined => {
    const wanted = nameOrId.trim().toLowerCase();
    return feeds.get(nameOrId) ?? feeds.list().find((feed) => feed.name.trim().toLowerCase() === wanted);
  };

  // Unfinished runs go on in the background; their progress reaches the window as it comes.
  void runs.resume();

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
      return view(feed);
    },
    async remove(id) {
      const feed = feedOf(id);
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
    due: feedDueSource(
      () => feeds.list(),
      runs,
      async (id, at) => {
        const current = feeds.list().find((feed) => feed.id === id);
        if (current && (current.lastRunAt ?? '') < at) await feeds.save({ ...current, lastRunAt: at });
      },
      (id) => runStore.list(id).at(-1),
    ),
    runs,
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
