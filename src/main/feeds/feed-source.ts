// The one place a feed's table is read: through the feed sources' reader (a CSV or XLSX file, or
// an https URL with basic auth and its access key from the keychain, read with limits), plus what
// the valve needs. A product feed in XML is read by the sources' reader but not planned here yet.
import path from 'node:path';
import type { Feed } from '../../shared/domain/feeds';
import type { TableCell } from '../../shared/domain/tables';
import { isEmptyRow } from '../../shared/domain/tables';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { SecretStore } from '../secrets/secret-store';
import { readFeedSource } from './source';

/** A feed's table as read now. */
export interface FeedTable {
  kind: 'csv' | 'xlsx';
  header: string[];
  rows: TableCell[][];
  /** Where photo names without a folder are looked up besides the feed's photo folder (a file's own folder). */
  tableDir?: string;
  /** A CSV's last record: a file cut off inside a row has fewer cells than its header. */
  lastRow?: { row: number; cells: number };
}

/** Reads the feed's source; refuses what it cannot read with an AppError in the seller's words. */
export async function readFeedTable(
  feed: Pick<Feed, 'id' | 'source' | 'allowPrivateAddresses'>,
  secrets: Pick<SecretStore, 'get'>,
  cacheDir?: string,
): Promise<FeedTable> {
  const read = await readFeedSource(feed.source, {
    feedId: feed.id,
    secrets,
    allowPrivateAddresses: feed.allowPrivateAddresses,
    cacheDir,
  });
  // Planning a product feed's items comes with the planner's part of issue 35; until then, said plainly.
  if (read.kind === 'products' || read.kind === 'unchanged')
    throw new AppError(
      'invalid-input',
      mainI18n.t('errors:feedSource.productsNotPlanned', {
        source: read.name,
        format: read.kind === 'products' ? read.format : 'xml',
      }),
      { reason: 'products-not-planned', source: read.name },
    );
  const { header, rows } = read.table;
  let last = rows.length - 1;
  while (last >= 0 && isEmptyRow(rows[last]!)) last -= 1;
  return {
    kind: read.kind,
    header,
    rows,
    ...(feed.source.kind === 'file' && { tableDir: path.dirname(feed.source.path) }),
    // An XLSX leaves blank cells at a row's end out; only a CSV can end inside a row.
    ...(read.kind === 'csv' && last >= 0 && { lastRow: { row: last + 1, cells: rows[last]!.length } }),
  };
}
