// A feed's plan, read now: the source's rows (photos found by name beside the table or in the feed's
// photo folder), the feed's own record, the account's drafts and its listings read fresh from the
// service; then the pure plan and the safety valve (src/shared/domain/feeds/feed-*.ts).
import { readdir } from 'node:fs/promises';
import pLimit from 'p-limit';
import type { Draft, DraftTemplate } from '../../shared/domain/drafts';
import type { CatalogHit } from '../../shared/domain/catalog';
import type { Feed, FeedCategoryContext, FeedFormat, FeedSampleField } from '../../shared/domain/feeds';
import {
  type FeedPlan,
  type FeedRow,
  countActions,
  feedValve,
  planFeedRun,
  nextPriceChange,
  productRows,
  variantsSwitch,
  readFeedRows,
} from '../../shared/domain/feeds';
import type { ImportMapping } from '../../shared/domain/tables';
import { guessMapping } from '../../shared/domain/tables';
import type { AccountView, ListingView } from '../../shared/ipc/types';
import { draftInitOf } from '../import/draft-start';
import { findRowPhotos } from '../import/table-photos';
import { photoName } from './feed-apply';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { SecretStore } from '../secrets/secret-store';
import type { DraftsStore } from '../storage/drafts-store';
import type { FeedStore } from './feed-store';
import { formatOf, readFeedTable, type FeedRead } from './feed-source';
import { feedUnmapped, readFeedRowCategory } from './feed-categories';

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
}

/** A plan with what its run needs besides: each row by reference, its photos found. */
export interface ReadPlan {
  plan: FeedPlan;
  rows: Map<string, FeedRow & { photos: string[] }>;
  mapping: ImportMapping;
  account: AccountView;
  template: DraftTemplate | undefined;
  /** The next start or end of a sale period in the file (epoch ms): the plan is due again then. */
  priceChangeAt?: number;
}

const READ_AHEAD = 8;

/** The account of a feed, or an AppError naming that it is gone. */
export function feedAccount(deps: Pick<PlannerDeps, 'account'>, feed: Feed): AccountView {
  const account = deps.account(feed.accountId);
  if (!account) throw new AppError('not-found', mainI18n.t('errors:accountGone'), { reason: 'no-account' });
  return account;
}

/** Reads the feed's source and what exists, and plans its run. */
export async function planFeed(deps: PlannerDeps, feed: Feed, now: Date): Promise<ReadPlan>;
/** The same, or 'unchanged' without a plan when the server says the kept copy is current (a 304). */
export async function planFeed(
  deps: PlannerDeps,
  feed: Feed,
  now: Date,
  options: { ifChanged: boolean },
): Promise<ReadPlan | 'unchanged'>;
export async function planFeed(
  deps: PlannerDeps,
  feed: Feed,
  now: Date,
  options: { ifChanged: boolean } = { ifChanged: false },
): Promise<ReadPlan | 'unchanged'> {
  const account = feedAccount(deps, feed);
  const source = await readSource(deps, feed, now, options.ifChanged);
  if (source === 'unchanged') return 'unchanged';
  const { table, mapping, read, format, sample, priceChangeAt } = source;
  const template =
    feed.templateId === undefined ? undefined : await deps.template(account.id, feed.templateId);
  const found = pLimit(READ_AHEAD);
  // A row's photo folder (named like its reference) is looked for only where one exists: one
  // listing of each folder instead of a failed lookup per row of a feed of thousands.
  const bases = [feed.photoFolder, table.tableDir].filter((dir): dir is string => dir !== undefined);
  const tableDir = table.tableDir ?? feed.photoFolder;
  const present = new Set((await Promise.all(bases.map((dir) => readdir(dir).catch(() => [])))).flat());
  // Photos named by URL are downloaded when the run takes them in; names are looked up now, and only
  // for a row that names some or has a folder: a feed of URLs takes no lookup and no promise per row.
  const withPhotos = (row: FeedRow, local: { photos: string[]; problems: FeedRow['problems'] }) => {
    const urls = row.photoNames.filter((name) => /^https?:\/\//i.test(name));
    const photos = local.photos.length === 0 ? urls : [...local.photos, ...urls];
    const problems = local.problems.length === 0 ? row.problems : [...row.problems, ...local.problems];
    return { ...row, photos, photoNames: photos.map(photoName), problems };
  };
  const rows: (FeedRow & { photos: string[] })[] = new Array<FeedRow & { photos: string[] }>(read.length);
  const lookups: Promise<void>[] = [];
  read.forEach((row, at) => {
    const named = row.photoNames.filter((name) => !/^https?:\/\//i.test(name));
    const folder = row.reference !== null && present.has(row.reference.trim());
    if (tableDir === undefined || (named.length === 0 && !folder))
      rows[at] = withPhotos(row, { photos: [], problems: [] });
    else
      lookups.push(
        found(async () => {
          const local = await findRowPhotos(named, row.reference, { tableDir, photoDir: feed.photoFolder });
          rows[at] = withPhotos(row, local);
        }),
      );
  });
  await Promise.all(lookups);
  // The rows as read are not needed again: their copies above hold all they had.
  read.length = 0;
  const items = await deps.feeds.items(feed.id);
  const references = new Set([...rows.map((r) => r.reference), ...items.map((i) => i.reference)]);
  const itemDrafts = new Set(items.flatMap((i) => (i.draftId === undefined ? [] : [i.draftId])));
  const wanted = deps.store
    .list()
    .filter(
      (s) =>
        s.accountId === account.id &&
        (itemDrafts.has(s.id) || (s.customReference != null && references.has(s.customReference))),
    );
  const drafts = (
    await Promise.all(wanted.map((s) => found(() => deps.store.get(s.id).catch(() => null))))
  ).filter((d): d is Draft => d !== null);
  const listings = await deps.listings(account.id);
  const context = deps.categories?.(account.id);
  // Each row as the run sends it (its category and attributes through the mappings), and the
  // columns no attribute takes: what a reading leaves besides is not kept.
  const sentOf = new Map<FeedRow, FeedRow & { photos: string[] }>();
  const unknownHeaders = new Set<string>();
  const entries = planFeedRun(rows, {
    feed,
    items,
    drafts,
    listings,
    initOf: (row) => draftInitOf(account, { ...row.fields, photos: [] }, template),
    photoName,
    ...(context && {
      readRow: (row: FeedRow, ad: Parameters<typeof readFeedRowCategory>[2]) => {
        const reading = readFeedRowCategory(row, context, ad);
        // The reading's row is the planned row with new fields: its photos come along.
        sentOf.set(row, reading.row as FeedRow & { photos: string[] });
        for (const column of reading.unknownColumns ?? []) unknownHeaders.add(column.header);
        return reading;
      },
    }),
  });
  // One ad per group or per variant: a switch since the last run is shown and held (issue 35.3).
  const switched = table.kind === 'products' ? variantsSwitch(feed) : undefined;
  const held = feedValve(entries, {
    variantsSwitched: switched,
    header: table.header,
    headerBefore: feed.header,
    rows: rows.length,
    ...(table.kind !== 'products' && table.lastRow && { lastRow: table.lastRow }),
    ...(table.kind !== 'products' && {
      referenceColumn: feed.referenceColumn,
      stockColumn: feed.stockColumn,
    }),
    maxShare: feed.maxShare,
  });
  // The run sends each row as its ad takes it (its category and attributes through the mappings).
  const sent = rows.map((row) => sentOf.get(row) ?? row);
  const byReference = new Map(sent.flatMap((r) => (r.reference === null ? [] : [[r.reference, r] as const])));
  const unmapped = context ? feedUnmapped(rows, context, (name) => deps.guesses?.(name) ?? []) : [];
  const unknownColumns = [...unknownHeaders];
  return {
    plan: {
      feedId: feed.id,
      at: now.toISOString(),
      header: table.header,
      rows: rows.length,
      entries,
      counts: countActions(entries),
      held,
      needsApproval: !feed.approved,
      ...(unmapped.length > 0 && { unmapped }),
      ...(unknownColumns.length > 0 && { unknownColumns }),
      format,
      ...(sample && sample.length > 0 && { sample }),
      ...(switched && { variantsSwitched: switched }),
    },
    rows: byReference,
    mapping,
    account,
    template,
    ...(priceChangeAt !== undefined && { priceChangeAt }),
  };
}

/** The feed's source read now: what it was read as, the column mapping (tables), its rows. */
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
  if (table.kind === 'products') {
    // A recognized format needs no column mapping: its fields are known (issue 35.2).
    const priceChangeAt = nextPriceChange(table.items, now);
    // The items are let go as their rows are made (the table keeps none).
    const { rows, sample } = productRows(table.items, {
      format: table.format,
      variants: feed.variants,
      productDetails: feed.productDetails,
      now,
      consume: true,
    });
    return {
      table,
      mapping: [],
      read: rows,
      format: table.format,
      sample,
      ...(priceChangeAt !== undefined && { priceChangeAt }),
    };
  }
  if (feed.referenceColumn === undefined)
    throw new AppError('invalid-input', mainI18n.t('errors:feedNoReferenceColumn'), {
      reason: 'no-reference-column',
    });
  const mapping = feed.mapping ?? guessMapping(table.header);
  const read = readFeedRows(table.header, table.rows, {
    mapping,
    mappedHeader: feed.mapping ? feed.header : null,
    referenceColumn: feed.referenceColumn,
    stockColumn: feed.stockColumn,
  });
  return { table, mapping, read, format: formatOf(table) };
}

/** A feed's source as rows, with what it was read as. */
export interface SourceRows {
  table: FeedRead;
  mapping: ImportMapping;
  read: FeedRow[];
  format: FeedFormat;
  /** A recognized format's first item (or group): what each field became. */
  sample?: FeedSampleField[];
  /** The next start or end of a sale period (epoch ms). */
  priceChangeAt?: number;
}
