// The one place a feed's table is read. Files go through the import's own reader (CSV and XLSX, the
// encodings and delimiters it knows); an https source is the source reader's (issue 25.1), which
// replaces this call when it lands.
import path from 'node:path';
import type { Feed } from '../../shared/domain/feed';
import type { TableCell } from '../../shared/domain/import-rows';
import { isEmptyRow } from '../../shared/domain/import-rows';
import { AppError } from '../ipc/app-error';
import { mainI18n } from '../i18n';
import { openSource } from '../import/source';

/** A feed's table as read now. */
export interface FeedTable {
  kind: 'csv' | 'xlsx';
  header: string[];
  rows: TableCell[][];
  /** Where photo names without a folder are looked up besides the feed's photo folder. */
  tableDir: string;
  /** A CSV's last record: a file cut off inside a row has fewer cells than its header. */
  lastRow?: { row: number; cells: number };
}

/** Reads the feed's source; refuses what it cannot read with an AppError in the seller's words. */
export async function readFeedTable(feed: Pick<Feed, 'source'>): Promise<FeedTable> {
  if (feed.source.kind !== 'file')
    throw new AppError('invalid-input', mainI18n.t('errors:feedUrlUnsupported', { url: feed.source.url }), {
      reason: 'feed-url',
    });
  const file = feed.source.path;
  const opened = await openSource(file);
  if (opened.kind === 'kleinanzeigen-bot')
    throw new AppError(
      'invalid-input',
      mainI18n.t('errors:sourceUnsupported', { name: path.basename(file) }),
      {
        reason: 'unsupported-file',
      },
    );
  const { header, rows } = opened.table;
  let last = rows.length - 1;
  while (last >= 0 && isEmptyRow(rows[last]!)) last -= 1;
  return {
    kind: opened.kind,
    header,
    rows,
    tableDir: path.dirname(file),
    // An XLSX leaves blank cells at a row's end out; only a CSV can end inside a row.
    ...(opened.kind === 'csv' && last >= 0 && { lastRow: { row: last + 1, cells: rows[last]!.length } }),
  };
}
