// One row of the activity log (issue 37.5): a kind, the desks involved (the one that asked, the one
// that approved, the one that ran it), the account, the ad or draft, what changed, when the change
// was made (perhaps offline, on the desk) and when it reached the log. Plain data and the filter the
// Activity view, `activity` and the CSV export share.

/** Every kind the log knows; requests, approvals and send-backs are written by the approvals. */
export const activityKinds = [
  'publish',
  'live-change',
  'price-change',
  'pause',
  'resume',
  'end',
  'price-step',
  'feed-run',
  'duplicate-removed',
  'account-change',
  'imprint-change',
  'role-change',
  'desk-added',
  'desk-joined',
  'desk-left',
  'request',
  'approval',
  'send-back',
  'withdrawal',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const isActivityKind = (value: string): value is ActivityKind =>
  (activityKinds as readonly string[]).includes(value);

/** What a change says of itself when it is recorded. */
export interface ActivityInput {
  kind: ActivityKind;
  /** The desks involved, by id (in a team) or name (a lone desktop names itself). */
  asking?: string | null;
  approving?: string | null;
  running?: string | null;
  account?: string | null;
  /** The live ad (the listing's uuid). */
  ad?: string | null;
  draft?: string | null;
  job?: string | null;
  /** What changed, e.g. `{ outcome: 'published', title: 'Sofa' }` or `{ from: 'publish', to: 'owner' }`. */
  changed?: Record<string, unknown>;
  /** When the change was made (ISO), when not now: a change made offline reaches the log later. */
  madeAt?: string;
}

/** A desk as the log names it. */
export interface ActivityDesk {
  id: string;
  name: string;
}

/** One row as it is read back. */
export interface ActivityEntry {
  id: string;
  kind: ActivityKind;
  /** The desk that wrote the row (null: the team's database owner, e.g. a role change). */
  desk: ActivityDesk | null;
  asking: ActivityDesk | null;
  approving: ActivityDesk | null;
  running: ActivityDesk | null;
  account: string | null;
  ad: string | null;
  draft: string | null;
  job: string | null;
  changed: Record<string, unknown>;
  madeAt: string;
  recordedAt: string;
}

/** What the Activity view and `activity` ask for; every field narrows it. */
export interface ActivityFilter {
  /** A desk's id or name, involved in any way. */
  desk?: string;
  account?: string;
  /** An ad's uuid, a draft's id or a job's id. */
  ad?: string;
  kinds?: ActivityKind[];
  /** ISO times, recorded at or after / before. */
  since?: string;
  until?: string;
  /** At most this many, newest first (default 5,000). */
  limit?: number;
}

export const ACTIVITY_LIMIT = 5_000;

/** How long the log keeps a row: two years. */
export const ACTIVITY_KEPT_MONTHS = 24;

const deskMatches = (desk: ActivityDesk | null, wanted: string) =>
  desk !== null && (desk.id === wanted || desk.name.toLowerCase() === wanted.toLowerCase());

/** Whether `entry` passes `filter` (the file log's reading; the database asks the same in SQL). */
export function activityMatches(entry: ActivityEntry, filter: ActivityFilter): boolean {
  if (filter.kinds && filter.kinds.length > 0 && !filter.kinds.includes(entry.kind)) return false;
  if (filter.account && entry.account !== filter.account) return false;
  if (filter.ad && ![entry.ad, entry.draft, entry.job].includes(filter.ad)) return false;
  if (filter.since && entry.recordedAt < filter.since) return false;
  if (filter.until && entry.recordedAt >= filter.until) return false;
  if (
    filter.desk &&
    ![entry.desk, entry.asking, entry.approving, entry.running].some((desk) =>
      deskMatches(desk, filter.desk!),
    )
  )
    return false;
  return true;
}

/** What changed, in one short line of `key: value` pairs (the view's and the CSV's column). */
export function activityChangeText(changed: Record<string, unknown>): string {
  return Object.entries(changed)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

/** One CSV field, quoted when it needs to be (and a leading =, +, - or @ defused for spreadsheets). */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as CSV with a header line of `headers` (in the seller's language). */
export function activityCsv(
  entries: readonly ActivityEntry[],
  headers: readonly [string, string, string, string, string, string, string, string, string, string],
  kindWord: (kind: ActivityKind) => string,
): string {
  const name = (desk: ActivityDesk | null) => desk?.name ?? '';
  const lines = [headers.map(csvField).join(',')];
  for (const entry of entries)
    lines.push(
      [
        entry.recordedAt,
        entry.madeAt,
        kindWord(entry.kind),
        name(entry.asking),
        name(entry.approving),
        name(entry.running ?? entry.desk),
        entry.account ?? '',
        entry.ad ?? entry.draft ?? '',
        entry.job ?? '',
        activityChangeText(entry.changed),
      ]
        .map(csvField)
        .join(','),
    );
  return lines.join('\r\n') + '\r\n';
}
