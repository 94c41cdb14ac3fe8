// The drafts list's rows in compact form (issue 18.5): one array per field instead of one object
// per row, account ids named once, dates as milliseconds and the cover named within the draft's own
// photo folder. For 10,000 drafts that is about a third of the JSON the rows took as objects, and
// it holds exactly what a row shows: main filters, counts and sorts, so no search key travels.
import type { DraftStatus } from './draft';
import type { DraftSchedule } from '../publishing';
import type { CatalogWarningCode } from '../catalog';

/**
 * How many rows the Drafts view asks for first, before the rest: more than a tall window shows
 * (rows are 68 px high), so the first screen and a little scrolling need nothing more.
 */
export const FIRST_ROWS = 40;

/** What one row of the drafts list shows (the list's summary without its sort and search keys). */
export interface DraftListRow {
  id: string;
  title: string;
  customReference: string | null;
  status: DraftStatus;
  accountId: string | null;
  /** ISO time of the last change. */
  updatedAt: string;
  photoCount: number;
  /** The cover's thumbnail, relative to the data folder (`photos/<draftId>/<file>`). */
  coverThumb: string | null;
  /** Number of validation issues; 0 means publishable. */
  issueCount: number;
  /** ISO time it went to the trash; null while it is a live draft. */
  trashedAt: string | null;
  /** Fields two desks of the shop changed apart, until the seller picks (issue 24.4). */
  shopConflicts: number;
  /** When it is to be published by itself, and what became of that (issue 25.4); null: not scheduled. */
  schedule: DraftSchedule | null;
  /** What the catalog check warns of (issue 33.6): publishable all the same; null: nothing. */
  catalogWarning: CatalogWarningCode | null;
}

/** Rows as columns: row `i` is made of the `i`th entry of each array. */
export interface CompactDraftRows {
  id: string[];
  title: string[];
  /** The custom reference; '' for none. */
  reference: string[];
  status: DraftStatus[];
  /** Index into `accounts`; -1 for a draft of no account. */
  account: number[];
  /** Every account id the rows name, once. */
  accounts: string[];
  /** `updatedAt` in milliseconds since 1970. */
  updated: number[];
  photoCount: number[];
  issueCount: number[];
  /**
   * The cover's thumbnail: a file name inside `photos/<id>/` (where the store keeps every photo of a
   * draft), a whole data-folder path when it is elsewhere (it then holds a '/'), '' for none.
   */
  cover: string[];
  /** `trashedAt` in milliseconds, 0 for a live draft; absent when no row is in the trash. */
  trashed?: number[];
  /** The shop conflicts of each row; absent when no row has any. */
  conflicts?: number[];
  /** The schedule of each row (null: none); absent when no row has one. */
  schedules?: (DraftSchedule | null)[];
  /** The catalog warning of each row ('': none); absent when no row has one. */
  warnings?: (CatalogWarningCode | '')[];
}

const photoPrefix = (id: string) => `photos/${id}/`;

function coverName(id: string, thumb: string | null): string {
  if (thumb === null) return '';
  const prefix = photoPrefix(id);
  return thumb.startsWith(prefix) && !thumb.slice(prefix.length).includes('/')
    ? thumb.slice(prefix.length)
    : thumb;
}

/** The rows in compact form, in their order (the catalog's warnings looked up by `warningOf`). */
export function compactRows<R extends Omit<DraftListRow, 'catalogWarning'>>(
  rows: readonly R[],
  warningOf: (row: R) => CatalogWarningCode | null = () => null,
): CompactDraftRows {
  const accountIndex = new Map<string, number>();
  const out: CompactDraftRows = {
    id: [],
    title: [],
    reference: [],
    status: [],
    account: [],
    accounts: [],
    updated: [],
    photoCount: [],
    issueCount: [],
    cover: [],
  };
  const trashed: number[] = [];
  const conflicts: number[] = [];
  const schedules: (DraftSchedule | null)[] = [];
  const warnings: (CatalogWarningCode | '')[] = [];
  let anyTrashed = false;
  let anyWarning = false;
  for (const row of rows) {
    out.id.push(row.id);
    out.title.push(row.title);
    out.reference.push(row.customReference ?? '');
    out.status.push(row.status);
    let account = -1;
    if (row.accountId !== null) {
      account = accountIndex.get(row.accountId) ?? out.accounts.length;
      if (account === out.accounts.length) {
        accountIndex.set(row.accountId, account);
        out.accounts.push(row.accountId);
      }
    }
    out.account.push(account);
    out.updated.push(Date.parse(row.updatedAt));
    out.photoCount.push(row.photoCount);
    out.issueCount.push(row.issueCount);
    out.cover.push(coverName(row.id, row.coverThumb));
    trashed.push(row.trashedAt === null ? 0 : Date.parse(row.trashedAt));
    anyTrashed ||= row.trashedAt !== null;
    conflicts.push(row.shopConflicts);
    schedules.push(row.schedule);
    const warning = warningOf(row);
    warnings.push(warning ?? '');
    anyWarning ||= warning !== null;
  }
  if (anyTrashed) out.trashed = trashed;
  if (conflicts.some((count) => count > 0)) out.conflicts = conflicts;
  if (schedules.some((schedule) => schedule !== null)) out.schedules = schedules;
  if (anyWarning) out.warnings = warnings;
  return out;
}

/** The rows again, one object each (what the list's components show). */
export function expandRows(rows: CompactDraftRows): DraftListRow[] {
  const out: DraftListRow[] = new Array<DraftListRow>(rows.id.length);
  for (let i = 0; i < rows.id.length; i++) {
    const id = rows.id[i]!;
    const cover = rows.cover[i]!;
    const account = rows.account[i]!;
    const trashedAt = rows.trashed?.[i] ?? 0;
    out[i] = {
      id,
      title: rows.title[i]!,
      customReference: rows.reference[i] || null,
      status: rows.status[i]!,
      accountId: account < 0 ? null : rows.accounts[account]!,
      updatedAt: new Date(rows.updated[i]!).toISOString(),
      photoCount: rows.photoCount[i]!,
      coverThumb: cover === '' ? null : cover.includes('/') ? cover : photoPrefix(id) + cover,
      issueCount: rows.issueCount[i]!,
      trashedAt: trashedAt === 0 ? null : new Date(trashedAt).toISOString(),
      shopConflicts: rows.conflicts?.[i] ?? 0,
      schedule: rows.schedules?.[i] ?? null,
      catalogWarning: rows.warnings?.[i] || null,
    };
  }
  return out;
}
