// A feed's run (issue 25.2/25.3): the plan (each ad that would be created, changed, paused, resumed
// or ended, and why), the holds of the safety valve, and the report kept as the feed's history.
import type { ImportFieldChange, ImportProblem, RowFields } from '../tables';
import type { ListingPatch } from '../live';
import type { DraftIssue } from '../drafts';
import type { FeedRowReading, FeedUnmappedCategory } from './feed-categories';
import type { FeedFormat, FeedSampleField } from './products/product-item';

/** A switch of a live feed between one ad per group and one per variant (issue 35.3). */
export interface VariantsSwitch {
  from: 'group' | 'each';
  to: 'group' | 'each';
}

/**
 * What a run does to one ad. `wait`: a new row whose shop category has no mapping yet (issue 34.3);
 * nothing is made until it has one, then the next run makes it.
 */
export const feedActions = [
  'create',
  'wait',
  'update',
  'pause',
  'resume',
  'end',
  'unchanged',
  'refused',
] as const;
export type FeedAction = (typeof feedActions)[number];

/** Why, as a code each front end words in the seller's language (locales `feeds:why.*`). */
export const feedReasons = [
  /** A row with a reference no ad has. */
  'new-row',
  /**
   * A new row whose stock is 0: it becomes a draft, published (where the feed publishes) once the
   * row is in stock again (issue 35.5).
   */
  'new-sold-out',
  /** The row differs from its ad (`changes` says how). */
  'row-changed',
  /** The row and its ad agree. */
  'same',
  /** The ad's row is no longer in the file. */
  'row-gone',
  /** The row's stock reached 0. */
  'sold-out',
  /**
   * The row is back in stock (or back in the file) after the feed paused its ad, or made its draft
   * while sold out (then published now where the feed publishes).
   */
  'back-in-stock',
  /** Gone or sold out, and already paused or ended by the feed. */
  'still-gone',
  /** Gone or sold out, but its draft was never published: nothing is online to take down. */
  'not-online',
  /** The row has no reference: it cannot be kept in step. */
  'no-reference',
  /** Several rows carry the same reference: none of them is applied. */
  'reference-twice',
  /** The row cannot become an ad (no title, a price that is not a number …; `problems` says). */
  'bad-row',
  /** A new row whose shop category (`shopCategory`) no mapping serves: it waits for one. */
  'needs-category',
] as const;
export type FeedReason = (typeof feedReasons)[number];

/** One ad of the plan. */
export interface FeedPlanEntry {
  /** The shop's SKU; null for a row without one. */
  reference: string | null;
  action: FeedAction;
  reason: FeedReason;
  title: string;
  /** 1-based data row (header not counted); absent for an ad whose row is gone. */
  row?: number;
  draftId?: string;
  listingUuid?: string;
  /** 'update': the draft's fields that change. */
  changes?: ImportFieldChange[];
  /** 'update': the live ad's fields that change (it may differ from its draft). */
  liveChanges?: ImportFieldChange[];
  /** The update sent to the live ad for `liveChanges` (photos aside). */
  livePatch?: ListingPatch;
  /** The row's problems ('refused': why; else warnings such as a photo not found). */
  problems?: ImportProblem[];
  /** The row's stock as written, when the feed has a stock column. */
  stock?: string;
  /**
   * 'create': why the draft the row makes would not be ready to publish (the drafts' own rules, on
   * the draft made with the account's defaults and the feed's template); absent when it would be.
   */
  notReady?: DraftIssue[];
  /** 'wait': the row's shop category, which no mapping serves yet. */
  shopCategory?: string;
  /** Attribute values of the row that match no option of their attribute: kept as typed. */
  unknownValues?: FeedRowReading['unknownValues'];
}

/** How many of a plan's new rows would make drafts not ready to publish. */
export function countNotReady(entries: readonly Pick<FeedPlanEntry, 'notReady'>[]): number {
  return entries.filter((entry) => (entry.notReady?.length ?? 0) > 0).length;
}

/** Why the safety valve holds a run: nothing is applied and the seller is told. */
export type FeedHold =
  | { reason: 'empty' }
  /** The file ends inside a row (its last row has fewer cells than the header). */
  | { reason: 'cut-off'; row: number; cells: number; columns: number }
  | { reason: 'header-changed'; before: string[]; after: string[] }
  | { reason: 'too-many-gone'; count: number; of: number; maxShare: number }
  /**
   * More new ads than the share allows of the feed's ads after the run (not on a first run): a feed
   * moved to a source whose ids are not the old SKUs would otherwise make every ad again (issue 35.5).
   */
  | { reason: 'too-many-new'; count: number; of: number; maxShare: number }
  /**
   * The feed switched between one ad per group and one per variant, and the switch would end or
   * make more ads at once than the share allows (issue 35.3).
   */
  | ({
      reason: 'variants-switched';
      gone: number;
      created: number;
      of: number;
      maxShare: number;
    } & VariantsSwitch);
export type FeedHoldReason = FeedHold['reason'];

/** Counts by action (`wait` is absent from runs made before issue 34: none waited then). */
export type FeedCounts = Record<Exclude<FeedAction, 'wait'>, number> & { wait?: number };

/** What a run would do, and whether it would be held. */
export interface FeedPlan {
  feedId: string;
  /** When the source was read (ISO). */
  at: string;
  header: string[];
  rows: number;
  entries: FeedPlanEntry[];
  counts: FeedCounts;
  held: FeedHold[];
  /** The feed's first run: it waits for the seller's yes. */
  needsApproval: boolean;
  /** The shop categories of the file that no mapping serves, each once (issue 34.3); absent: none. */
  unmapped?: FeedUnmappedCategory[];
  /** Columns whose header names no attribute of the rows' categories: left out (each header once). */
  unknownColumns?: string[];
  /** What the source was read as (issue 35.6); absent in plans made before. */
  format?: FeedFormat;
  /** A recognized format's first item: what each of its fields became. */
  sample?: FeedSampleField[];
  /** The feed switched between one ad per group and one per variant since it was last applied. */
  variantsSwitched?: VariantsSwitch;
}

/** A photo of a row that could not be fetched or taken in: the ad went without it (issue 35.5). */
export interface FeedMissedPhoto {
  /** As the row gives it (a URL without credentials, or a file name). */
  ref: string;
  /** The photo's name as the ad's draft would keep it. */
  name: string;
  /** Why, in the seller's words. */
  message: string;
}

/**
 * What became of one ad of a run: applied ('done'), 'failed', not yet ('pending'), or never, since
 * the valve held the run ('held'). A run's report lists the ads it acted on and the rows it
 * refused; the ads left unchanged are counted only.
 */
export interface FeedRunEntry extends FeedPlanEntry {
  outcome: 'pending' | 'done' | 'failed' | 'held';
  /** 'create', 'update', 'resume': the row as read (its photo files found), so a resumed run sends the same. */
  source?: { fields: RowFields; photos: string[] };
  /** 'failed': why, in the seller's words (and the problem's code, when the service named one). */
  failure?: { code: string; message: string };
  /** Photos of the row that could not be fetched or taken in: applied without them (issue 35.5). */
  missedPhotos?: FeedMissedPhoto[];
}

export type FeedRunState = 'running' | 'done' | 'held' | 'failed';

/** A run in short (the list's last run). */
export interface FeedRunSummary {
  id: string;
  feedId: string;
  startedAt: string;
  finishedAt: string | null;
  state: FeedRunState;
  /** Who asked: the seller (the app's button or `feed run`), or the schedule. */
  trigger: 'seller' | 'schedule';
  counts: FeedCounts;
  /** Ads of the run that failed (each with why; Retry runs them again). */
  failed: number;
  held: FeedHold[];
  /** The run could not start: the source could not be read, the account is gone … */
  failure?: string;
  /**
   * The server said the feed is as the last run read it (a 304), nothing was due and nothing was
   * done: no draft and no call to the service (issue 35.4).
   */
  unchanged?: true;
  /** The feed's settings the run read the source with (a later change plans again). */
  settingsKey?: string;
  /** The next start or end of a sale period in the file (ISO): the feed is planned again then. */
  priceChangeAt?: string;
  /**
   * A held run an owner desk approved (issue 37.3): the feed's next run applies holds of the same
   * kinds, none larger than these, instead of holding again.
   */
  approval?: FeedRunApproval;
  /** The holds this run applied, approved by an owner on the run before (issue 37.3). */
  approvedHolds?: FeedHold[];
  /** In a team: the desk that ran it (its name as the team knows it). */
  ranBy?: string;
}

/**
 * Whether an owner may approve the held run (issue 37.3): it holds only what moves a share of the
 * ads (too many gone or new, a switch of variants). An empty or cut-off file, or a changed header,
 * is mended at the source instead.
 */
export function heldApprovable(held: readonly FeedHold[]): boolean {
  return held.length > 0 && held.every((hold) => SHARE_HOLDS.has(hold.reason));
}
const SHARE_HOLDS = new Set<FeedHoldReason>(['too-many-gone', 'too-many-new', 'variants-switched']);

/** Who approved a held run, and when. */
export interface FeedRunApproval {
  desk: string;
  at: string;
}

/** A run's report, kept as the feed's history: every ad with its outcome. */
export interface FeedRun extends FeedRunSummary {
  feedName: string;
  entries: FeedRunEntry[];
  /** feeds:run only: runs a crash or kill had left unfinished, finished first. */
  resumed?: FeedRun[];
}

/** A run's progress while it applies its plan. */
export interface FeedProgress {
  feedId: string;
  runId: string;
  phase: 'plan' | 'apply' | 'done';
  done: number;
  total: number;
}

/** Counts of a plan's entries by action. */
export function countActions(entries: readonly Pick<FeedPlanEntry, 'action'>[]): FeedCounts {
  const counts = Object.fromEntries(feedActions.map((a) => [a, 0])) as FeedCounts;
  for (const entry of entries) counts[entry.action] = (counts[entry.action] ?? 0) + 1;
  return counts;
}

/** True for the actions that call the service or write a draft. */
export function isApplied(action: FeedAction): boolean {
  return action !== 'unchanged' && action !== 'refused' && action !== 'wait';
}
