// A feed's plan, read now: the source's rows (photos found by name beside the table or in the feed's
// photo folder), the feed's own record, the account's drafts and its listings read fresh from the
// service; then the pure plan and the safety valve (src/shared/domain/feeds/feed-*.ts).
import pLimit from 'p-limit';
import type { Draft, DraftTemplate } from '../../shared/domain/drafts';
import type { CatalogHit } from '../../shared/domain/catalog';
import type { Feed, FeedCategoryContext } from '../../shared/domain/feeds';
import type { AccountView, ListingView } from '../../shared/ipc/types';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { SecretStore } from '../secrets/secret-store';
import type { DraftsStore } from '../storage/drafts-store';
import type { FeedStore } from './feed-store';
import { keepFeedSource, readFeedTable, readKeptFeed } from './feed-source';
import type { PlanChild } from './plan-child';
import { planRows, sourceRows, type PlanWorld, type RowsPlan, type SourceRows } from './plan-rows';

export type { SourceRows } from './plan-rows';

export interface PlannerDeps {
  feeds: FeedStore;
  store: Pick<DraftsStore, 'list' | 'get'>;
  account(id: string): AccountView | undefined;
  template(accountId: string, id: string): Promise<DraftTemplate>;
  /** The account's listings, read from the service now. */
  listings(accountId: string): Promise<ListingView[]>;
  /** Where a URL source's basic-auth password is kept. */
  secrets: Pick<SecretStore, 'get'>;
  /** Certificates a feed's server may prove itself with instead of the system's (AppConfig.feedCa). */
  ca?: string | Buffer | undefined;
  /** Where each feed's kept copy and its validators live (<data>/feeds/cache); absent: none kept. */
  cacheDir?: string | undefined;
  /**
   * What an account's rows are read against: the catalog, the shop's category mappings, what the
   * service took (issue 34.3); absent: rows as read, their categories typed straight through.
   */
  categories?(accountId: string): FeedCategoryContext;
  /** The catalog's best guesses for a shop category. */
  guesses?(shopCategory: string): CatalogHit[];
  /** Where a large feed's plan is made: a process of its own (plan-child.ts); absent: here. */
  planChild?: PlanChild | undefined;
}

/** A plan with what its run needs besides: each row by reference (`keepRows`), its photos found. */
export interface ReadPlan extends RowsPlan {
  account: AccountView;
  template: DraftTemplate | undefined;
}

const READ_AHEAD = 8;

/** The account of a feed, or an AppError naming that it is gone. */
export function feedAccount(deps: Pick<PlannerDeps, 'account'>, feed: Feed): AccountView {
  const account = deps.account(feed.accountId);
  if (!account) throw new AppError('not-found', mainI18n.t('errors:accountGone'), { reason: 'no-account' });
  return account;
}

/** How a plan is made: `ifChanged` (a 304 answers 'unchanged'), `keepRows` (the rows a run sends; default yes). */
export interface PlanOptions {
  ifChanged: boolean;
  keepRows?: boolean;
}

/** Reads the feed's source and what exists, and plans its run. */
export async function planFeed(
  deps: PlannerDeps,
  feed: Feed,
  now: Date,
  options?: PlanOptions & { ifChanged: false },
): Promise<ReadPlan>;
/** The same, or 'unchanged' without a plan when the server says the kept copy is current (a 304). */
export async function planFeed(
  deps: PlannerDeps,
  feed: Feed,
  now: Date,
  options: PlanOptions,
): Promise<ReadPlan | 'unchanged'>;
export async function planFeed(
  deps: PlannerDeps,
  feed: Feed,
  now: Date,
  options: PlanOptions = { ifChanged: false },
): Promise<ReadPlan | 'unchanged'> {
  const account = feedAccount(deps, feed);
  const keepRows = options.keepRows ?? true;
  const guesses = (name: string) => deps.guesses?.(name) ?? [];
  const context = deps.categories?.(account.id);
  let source: SourceRows;
  const child = deps.planChild;
  if (child !== undefined && deps.cacheDir !== undefined) {
    // The source is brought to disk here (the keychain, the download); a large one is read and
    // planned in a process of its own (issue 35.8: the app's process keeps its memory).
    const kept = await keepFeedSource(feed, deps.secrets, {
      ca: deps.ca,
      cacheDir: deps.cacheDir,
      ifChanged: options.ifChanged,
    });
    if (kept.kind === 'unchanged') return 'unchanged';
    if (child.wants(kept.size)) {
      const world = await worldOf(deps, feed, account, context);
      const planned = await child.plan({ feed, now, keepRows, kept, world });
      const unmapped = planned.plan.unmapped?.map((u) => ({ ...u, guesses: guesses(u.shopCategory) }));
      return {
        ...planned,
        plan: { ...planned.plan, ...(unmapped && { unmapped }) },
        account,
        template: world.template,
      };
    }
    source = sourceRows(await readKeptFeed(feed, kept), feed, now);
  } else {
    const read = await readSource(deps, feed, now, options.ifChanged);
    if (read === 'unchanged') return 'unchanged';
    source = read;
  }
  const world = await worldOf(deps, feed, account, context, source.references);
  const planned = await planRows(world, source, feed, now, { keepRows, guesses });
  return { ...planned, account, template: world.template };
}

/**
 * What exists for the feed's plan: its items, the account's drafts that may matter (those of
 * `references` when the source was read already, else every one carrying a reference), the
 * account's listings read from the service now, the template, the category context.
 */
async function worldOf(
  deps: PlannerDeps,
  feed: Feed,
  account: AccountView,
  context: FeedCategoryContext | undefined,
  rowReferences?: readonly (string | null)[],
): Promise<PlanWorld> {
  const template =
    feed.templateId === undefined ? undefined : await deps.template(account.id, feed.templateId);
  const found = pLimit(READ_AHEAD);
  const items = await deps.feeds.items(feed.id);
  const references = rowReferences && new Set([...rowReferences, ...items.map((i) => i.reference)]);
  const itemDrafts = new Set(items.flatMap((i) => (i.draftId === undefined ? [] : [i.draftId])));
  const wanted = deps.store
    .list()
    .filter(
      (s) =>
        s.accountId === account.id &&
        (itemDrafts.has(s.id) ||
          (s.customReference != null && (references === undefined || references.has(s.customReference)))),
    );
  references?.clear();
  const drafts = (
    await Promise.all(wanted.map((s) => found(() => deps.store.get(s.id).catch(() => null))))
  ).filter((d): d is Draft => d !== null);
  const listings = await deps.listings(account.id);
  return { account, template, items, drafts, listings, context };
}

/** The feed's source read now (as rows), or 'unchanged' when asked `ifChanged` and the server says so. */
export async function readSource(
  deps: Pick<PlannerDeps, 'secrets' | 'ca' | 'cacheDir'>,
  feed: Feed,
  now: Date,
): Promise<SourceRows>;
export async function readSource(
  deps: Pick<PlannerDeps, 'secrets' | 'ca' | 'cacheDir'>,
  feed: Feed,
  now: Date,
  ifChanged: boolean,
): Promise<SourceRows | 'unchanged'>;
export async function readSource(
  deps: Pick<PlannerDeps, 'secrets' | 'ca' | 'cacheDir'>,
  feed: Feed,
  now: Date,
  ifChanged = false,
): Promise<SourceRows | 'unchanged'> {
  const table = await readFeedTable(feed, deps.secrets, { ca: deps.ca, cacheDir: deps.cacheDir, ifChanged });
  if (table.kind === 'unchanged') return 'unchanged';
  return sourceRows(table, feed, now);
}
