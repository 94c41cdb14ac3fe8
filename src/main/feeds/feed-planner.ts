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
  type FeedPlanEntry,
  type FeedRow,
  countActions,
  createFeedPlanner,
  feedValve,
  nextPriceChange,
  productUnits,
  referenceCounts,
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
  /** Each row as the run sends it, by reference; empty for a plan made only to be shown (`keepRows` false). */
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
  const source = await readSource(deps, feed, now, options.ifChanged);
  if (source === 'unchanged') return 'unchanged';
  const keepRows = options.keepRows ?? true;
  const { table, mapping, format, priceChangeAt, references: rowReferences } = source;
  const template =
    feed.templateId === undefined ? undefined : await deps.template(account.id, feed.templateId);
  const found = pLimit(READ_AHEAD);
  // A row's photo folder (named like its reference) is looked for only where one exists: one
  // listing of each folder instead of a failed lookup per row of a feed of thousands.
  const bases = [feed.photoFolder, table.tableDir].filter((dir): dir is string => dir !== undefined);
  const tableDir = table.tableDir ?? feed.photoFolder;
  const present = new Set((await Promise.all(bases.map((dir) => readdir(dir).catch(() => [])))).flat());
  // What exists is read before the rows are made: each row is planned as soon as it is made, and
  // only its entry is kept (a feed of thousands never holds all its rows; issue 35.8).
  const items = await deps.feeds.items(feed.id);
  const references = new Set([...rowReferences, ...items.map((i) => i.reference)]);
  const itemDrafts = new Set(items.flatMap((i) => (i.draftId === undefined ? [] : [i.draftId])));
  const wanted = deps.store
    .list()
    .filter(
      (s) =>
        s.accountId === account.id &&
        (itemDrafts.has(s.id) || (s.customReference != null && references.has(s.customReference))),
    );
  references.clear();
  const drafts = (
    await Promise.all(wanted.map((s) => found(() => deps.store.get(s.id).catch(() => null))))
  ).filter((d): d is Draft => d !== null);
  const listings = await deps.listings(account.id);
  const context = deps.categories?.(account.id);
  // The row being planned, as the run sends it (its category and attributes through the mappings),
  // and the columns no attribute takes, by where they first came (the order rows come in).
  let reading: { row: number; sent?: FeedRow & { photos: string[] } } = { row: 0 };
  const unknownHeaders = new Map<string, [number, number]>();
  const planner = createFeedPlanner(
    {
      feed,
      items,
      drafts,
      listings,
      initOf: (row) => draftInitOf(account, { ...row.fields, photos: [] }, template),
      photoName,
      ...(context && {
        readRow: (row: FeedRow, ad: Parameters<typeof readFeedRowCategory>[2]) => {
          const read = readFeedRowCategory(row, context, ad);
          // The reading's row is the planned row with new fields: its photos come along.
          reading.sent = read.row as FeedRow & { photos: string[] };
          (read.unknownColumns ?? []).forEach((column, at) => {
            const seen = unknownHeaders.get(column.header);
            const here: [number, number] = [reading.row, at];
            if (!seen || here[0] < seen[0] || (here[0] === seen[0] && here[1] < seen[1]))
              unknownHeaders.set(column.header, here);
          });
          return read;
        },
      }),
    },
    referenceCounts(rowReferences),
  );
  const count = rowReferences.length;
  const entries = new Array<FeedPlanEntry | undefined>(count);
  const sentRows = keepRows ? new Array<FeedRow & { photos: string[] }>(count) : undefined;
  const cells = context ? new Array<string | undefined>(count) : undefined;
  const plan = (at: number, row: FeedRow & { photos: string[] }) => {
    reading = { row: at };
    entries[at] = planner.plan(row);
    if (sentRows) sentRows[at] = reading.sent ?? row;
    if (cells) cells[at] = row.categoryCell;
  };
  // Photos named by URL are downloaded when the run takes them in; names are looked up now, and only
  // for a row that names some or has a folder: a feed of URLs takes no lookup and no promise per row.
  const withPhotos = (row: FeedRow, local: { photos: string[]; problems: FeedRow['problems'] }) => {
    const urls = row.photoNames.filter((name) => /^https?:\/\//i.test(name));
    const photos = local.photos.length === 0 ? urls : [...local.photos, ...urls];
    const problems = local.problems.length === 0 ? row.problems : [...row.problems, ...local.problems];
    return { ...row, photos, photoNames: photos.map(photoName), problems };
  };
  const lookups: Promise<void>[] = [];
  await source.each((at, row) => {
    const named = row.photoNames.filter((name) => !/^https?:\/\//i.test(name));
    const folder = row.reference !== null && present.has(row.reference.trim());
    if (tableDir === undefined || (named.length === 0 && !folder))
      plan(at, withPhotos(row, { photos: [], problems: [] }));
    else
      lookups.push(
        found(async () => {
          const local = await findRowPhotos(named, row.reference, { tableDir, photoDir: feed.photoFolder });
          plan(at, withPhotos(row, local));
        }),
      );
  });
  await Promise.all(lookups);
  const planned = entries.filter((entry): entry is FeedPlanEntry => entry !== undefined);
  if (planned.length !== count)
    throw new AppError('internal', `${count - planned.length} rows were not planned`);
  const all = [...planned, ...planner.gone()];
  const sample = source.sample();
  // One ad per group or per variant: a switch since the last run is shown and held (issue 35.3).
  const switched = table.kind === 'products' ? variantsSwitch(feed) : undefined;
  const held = feedValve(all, {
    variantsSwitched: switched,
    header: table.header,
    headerBefore: feed.header,
    rows: count,
    ...(table.kind !== 'products' && table.lastRow && { lastRow: table.lastRow }),
    ...(table.kind !== 'products' && {
      referenceColumn: feed.referenceColumn,
      stockColumn: feed.stockColumn,
    }),
    maxShare: feed.maxShare,
  });
  // The run sends each row as its ad takes it (its category and attributes through the mappings).
  const byReference = new Map(
    (sentRows ?? []).flatMap((r) => (r.reference === null ? [] : [[r.reference, r] as const])),
  );
  const unmapped =
    context && cells
      ? feedUnmapped(
          cells.map((categoryCell) => (categoryCell === undefined ? {} : { categoryCell })),
          context,
          (name) => deps.guesses?.(name) ?? [],
        )
      : [];
  const unknownColumns = [...unknownHeaders]
    .sort(([, a], [, b]) => a[0] - b[0] || a[1] - b[1])
    .map(([header]) => header);
  return {
    plan: {
      feedId: feed.id,
      at: now.toISOString(),
      header: table.header,
      rows: count,
      entries: all,
      counts: countActions(all),
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
    const stream = table.items;
    const priceChangeAt = nextPriceChange(stream.outline, now);
    const units = productUnits(stream.outline, {
      format: table.format,
      variants: feed.variants,
      productDetails: feed.productDetails,
      now,
    });
    return {
      table,
      mapping: [],
      format: table.format,
      references: units.references,
      // Each unit's row as its last item comes (a group of variants once all of them came).
      each: (emit) => stream.each((item) => units.take(item, emit)),
      sample: () => units.sample(),
      ...(priceChangeAt !== undefined && { priceChangeAt }),
    };
  }
  if (feed.referenceColumn === undefined)
    throw new AppError('invalid-input', mainI18n.t('errors:feedNoReferenceColumn'), {
      reason: 'no-reference-column',
    });
  const mapping = feed.mapping ?? guessMapping(table.header);
  const read: (FeedRow | undefined)[] = readFeedRows(table.header, table.rows, {
    mapping,
    mappedHeader: feed.mapping ? feed.header : null,
    referenceColumn: feed.referenceColumn,
    stockColumn: feed.stockColumn,
  });
  return {
    table,
    mapping,
    format: formatOf(table),
    references: read.map((row) => row!.reference),
    async each(emit) {
      // A table is read whole; its rows are let go as they are planned.
      for (let at = 0; at < read.length; at += 1) {
        const row = read[at]!;
        read[at] = undefined;
        emit(at, row);
      }
      await Promise.resolve();
    },
    sample: () => undefined,
  };
}

/** A feed's source as rows, with what it was read as. */
export interface SourceRows {
  table: FeedRead;
  mapping: ImportMapping;
  format: FeedFormat;
  /** Each row's reference, in the rows' order (null: none); as many as there are rows. */
  references: readonly (string | null)[];
  /**
   * Gives each row once with its place in that order; a group of variants comes once its last
   * variant is read, so places may come out of order. Refuses a source that changed meanwhile.
   */
  each(emit: (at: number, row: FeedRow) => void): Promise<void>;
  /** A recognized format's first item (or group): what each field became (after `each`). */
  sample(): FeedSampleField[] | undefined;
  /** The next start or end of a sale period (epoch ms). */
  priceChangeAt?: number;
}
