// The one place a feed's source is read (issue 25.1, 35.1): through the feed sources' reader (a
// CSV or XLSX file, or an https URL with basic auth and its access key from the keychain, read
// with limits, conditionally, into a kept copy), and told apart by its content: a Google XML feed,
// a table whose header is a Google, idealo or billiger.de export (its items, no mapping needed),
// or any other table (mapped by its header), plus what the valve needs.
import path from 'node:path';
import type { Feed, FeedFormat, ProductFormat, ProductItemStream } from '../../shared/domain/feeds';
import { itemsInMemory, recognizeTable, tableItems } from '../../shared/domain/feeds';
import type { TableCell } from '../../shared/domain/tables';
import { isEmptyRow } from '../../shared/domain/tables';
import type { SecretStore } from '../secrets/secret-store';
import { readFeedSource } from './source';

/** A feed's table as read now (any table that is not a recognized product export). */
export interface FeedTable {
  kind: 'csv' | 'xlsx';
  header: string[];
  rows: TableCell[][];
  /** Where photo names without a folder are looked up besides the feed's photo folder (a file's own folder). */
  tableDir?: string;
  /** A CSV's last record: a file cut off inside a row has fewer cells than its header. */
  lastRow?: { row: number; cells: number };
  /** Read from the kept copy, the server having said it is current. */
  unchanged?: true;
}

/**
 * A recognized product export as read now: its items, each field as written, as a stream (an XML
 * feed kept on disk is read again item by item; a table's items are held in memory).
 */
export interface FeedProductsRead {
  kind: 'products';
  format: ProductFormat;
  items: ProductItemStream;
  /** What the valve compares between runs: the format (a feed moved to another format is held). */
  header: string[];
  tableDir?: string;
  unchanged?: true;
}

/** The server said the kept copy is current (asked with `ifChanged`): nothing was read. */
export interface FeedSourceUnchanged {
  kind: 'unchanged';
}

export type FeedRead = FeedTable | FeedProductsRead;

export interface ReadFeedOptions {
  /** Certificates a feed's server may prove itself with besides the system's (AppConfig.feedCa). */
  ca?: string | Buffer | undefined;
  /** Where kept copies and their validators live (<data>/feeds/cache); absent: no conditional request. */
  cacheDir?: string | undefined;
  /** A 304 answers `unchanged` instead of reading the kept copy. */
  ifChanged?: boolean | undefined;
}

/** The header a product feed's valve compares: its format (a switch of format holds the run). */
export function productHeader(format: ProductFormat): string[] {
  return [`format:${format}`];
}

/** What a read's format is, for the plan. */
export function formatOf(read: FeedRead): FeedFormat {
  return read.kind === 'products' ? read.format : read.kind;
}

/** Reads the feed's source; refuses what it cannot read with an AppError in the seller's words. */
export async function readFeedTable(
  feed: Pick<Feed, 'id' | 'source' | 'allowPrivateAddresses'>,
  secrets: Pick<SecretStore, 'get'>,
  options?: ReadFeedOptions & { ifChanged?: false | undefined },
): Promise<FeedRead>;
export async function readFeedTable(
  feed: Pick<Feed, 'id' | 'source' | 'allowPrivateAddresses'>,
  secrets: Pick<SecretStore, 'get'>,
  options: ReadFeedOptions,
): Promise<FeedRead | FeedSourceUnchanged>;
export async function readFeedTable(
  feed: Pick<Feed, 'id' | 'source' | 'allowPrivateAddresses'>,
  secrets: Pick<SecretStore, 'get'>,
  options: ReadFeedOptions = {},
): Promise<FeedRead | FeedSourceUnchanged> {
  const read = await readFeedSource(feed.source, {
    feedId: feed.id,
    secrets,
    allowPrivateAddresses: feed.allowPrivateAddresses,
    ca: options.ca,
    cacheDir: options.cacheDir,
    ifChanged: options.ifChanged,
    streamItems: true,
  });
  if (read.kind === 'unchanged') return { kind: 'unchanged' };
  const tableDir = feed.source.kind === 'file' ? { tableDir: path.dirname(feed.source.path) } : {};
  const unchanged = read.unchanged ? { unchanged: true as const } : {};
  if (read.kind === 'products')
    return {
      kind: 'products',
      format: read.format,
      items: read.stream ?? itemsInMemory(read.items),
      header: productHeader(read.format),
      ...tableDir,
      ...unchanged,
    };
  const { header, rows } = read.table;
  const format = recognizeTable(header);
  if (format !== null && format !== 'google-rss' && format !== 'google-atom')
    return {
      kind: 'products',
      format,
      items: itemsInMemory(tableItems(format, header, rows)),
      header: productHeader(format),
      ...tableDir,
      ...unchanged,
    };
  let last = rows.length - 1;
  while (last >= 0 && isEmptyRow(rows[last]!)) last -= 1;
  return {
    kind: read.kind,
    header,
    rows,
    ...tableDir,
    ...unchanged,
    // An XLSX leaves blank cells at a row's end out; only a CSV can end inside a row.
    ...(read.kind === 'csv' && last >= 0 && { lastRow: { row: last + 1, cells: rows[last]!.length } }),
  };
}
