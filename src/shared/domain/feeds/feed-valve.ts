// The safety valve of a feed's run (issue 25.2): a file that looks broken holds the run, so nothing
// is applied and the seller is told why: an empty file, one cut off inside a row, a header that
// changed (or lacks the feed's columns), too many of the feed's ads to pause or end at once, too
// many new ads at once (issue 35.5), or a switch between one ad per group and one per variant that
// would do either (issue 35.3).
import type { FeedHold, FeedPlanEntry, VariantsSwitch } from './feed-run';
import { columnIndex } from './feed-rows';

/**
 * Ads that may always go at once: a small feed losing one or two rows is a shop selling out, not a
 * broken file (20 % of five ads would otherwise hold every single sale).
 */
export const FEED_VALVE_ALLOWANCE = 2;

export interface ValveInput {
  header: readonly string[];
  /** The header as last applied; null before the first run. */
  headerBefore: readonly string[] | null;
  /** Data rows read (blank rows aside). */
  rows: number;
  /** Cells of the file's last record, and its 1-based data row (absent: no records). */
  lastRow?: { row: number; cells: number };
  referenceColumn?: string | undefined;
  stockColumn?: string | undefined;
  maxShare: number;
  /** The feed switched `variants` since it was last applied (feed.ts `variantsSwitch`). */
  variantsSwitched?: VariantsSwitch | undefined;
}

const same = (a: readonly string[], b: readonly string[]) => {
  const key = (h: readonly string[]) =>
    h
      .map((cell) => cell.trim().toLowerCase())
      .sort()
      .join('\u0000');
  return key(a) === key(b);
};

/** Why the run is held (none: it may apply). */
export function feedValve(plan: readonly FeedPlanEntry[], input: ValveInput): FeedHold[] {
  const held: FeedHold[] = [];
  if (input.rows === 0) return [{ reason: 'empty' }];
  const columns = input.header.length;
  if (input.lastRow && input.lastRow.cells < columns)
    held.push({ reason: 'cut-off', row: input.lastRow.row, cells: input.lastRow.cells, columns });
  if (input.headerBefore !== null && !same(input.headerBefore, input.header))
    held.push({ reason: 'header-changed', before: [...input.headerBefore], after: [...input.header] });
  else {
    // First run (or a header the seller accepted): the feed's own columns must be there.
    const missing = [input.referenceColumn, input.stockColumn].filter(
      (column): column is string => column !== undefined && columnIndex(input.header, column) < 0,
    );
    if (missing.length > 0)
      held.push({ reason: 'header-changed', before: missing, after: [...input.header] });
  }
  const { maxShare } = input;
  const online = plan.filter((entry) => entry.listingUuid !== undefined && entry.reason !== 'still-gone');
  const going = online.filter((entry) => entry.action === 'pause' || entry.action === 'end').length;
  const tooManyGone = going > FEED_VALVE_ALLOWANCE && going > maxShare * online.length;
  // New ads against the feed's ads after the run (those it has, and the new ones); a first run
  // (no header applied yet) makes every ad new and waits for the seller's yes instead.
  const created = plan.filter((entry) => entry.action === 'create').length;
  const ads =
    created + plan.filter((entry) => entry.draftId !== undefined || entry.listingUuid !== undefined).length;
  const tooManyNew =
    input.headerBefore !== null && created > FEED_VALVE_ALLOWANCE && created > maxShare * ads;
  const switched = input.variantsSwitched;
  if (switched && (tooManyGone || tooManyNew))
    // Named as the switch it is: the seller who meant it raises the share for this run.
    held.push({ reason: 'variants-switched', ...switched, gone: going, created, of: ads, maxShare });
  else {
    if (tooManyGone) held.push({ reason: 'too-many-gone', count: going, of: online.length, maxShare });
    if (tooManyNew) held.push({ reason: 'too-many-new', count: created, of: ads, maxShare });
  }
  return held;
}
