// What the drafts list shows of each draft (the summary the index keeps, so 10,000 drafts list
// without reading 10,000 files), and the list's search, status filter and sort.
import { z } from 'zod';
import { draftIdSchema, draftStatusSchema, type Draft, type DraftStatus } from './draft';
import { draftSorts, type DraftSort } from './draft-choices';
import { validateDraft } from './draft-validation';
import { draftScheduleSchema } from '../publishing';
import { priceRuleDueAt } from '../price-rules';
import { kindKeysOf } from '../catalog';

export const draftSummarySchema = z.object({
  id: draftIdSchema,
  title: z.string(),
  customReference: z.string().nullable(),
  status: draftStatusSchema,
  accountId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  photoCount: z.int().nonnegative(),
  /** Thumbnail of the first photo, relative to the data folder. */
  coverThumb: z.string().nullable(),
  /** Number of validation issues; 0 means publishable. */
  issueCount: z.int().nonnegative(),
  /** When the draft went to the trash; null while it is a live draft. */
  trashedAt: z.string().nullable(),
  /** Fields two desks of the shop changed apart, until the seller picks (issue 24.4). */
  shopConflicts: z.int().nonnegative(),
  /** The draft's schedule (issue 25.4): when, and what became of it; null: none. */
  schedule: draftScheduleSchema.nullable(),
  /**
   * Title and reference as `searchKey` folds them, computed once when the draft is saved: folding
   * 10,000 titles on every keystroke of a search took most of the 50 ms a filter may take.
   */
  searchText: z.string(),
  /** The title's sort key (folded, numbers padded), computed once for the same reason. */
  sortTitle: z.string(),
  /** When the draft's price rule next has something to do, once live (issue 25.5); null: nothing. */
  priceRuleDue: z.string().nullable(),
  /** The category path (trimmed), for the list's catalog check (issue 33.6). */
  category: z.string(),
  /** Which of the kind keys (`art`, `type`, `typ`) have a value: the list's check needs no more. */
  kindKeys: z.array(z.string()),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

// Long titles are cut: a list row shows one line, and the index must stay small to load fast.
const SUMMARY_TITLE_MAX = 300;

// 'draft' and 'ready' follow today's rules, also for a file saved under older ones (a fixed price
// of 0 € was ready before issue 23.4); the publish engine owns the other statuses.
function listStatus(status: DraftStatus, issueCount: number): DraftStatus {
  if (status !== 'draft' && status !== 'ready') return status;
  return issueCount === 0 ? 'ready' : 'draft';
}

/** The list's summary of a draft. */
export function summarizeDraft(draft: Draft, trashedAt: string | null = null): DraftSummary {
  const title = draft.title.trim().slice(0, SUMMARY_TITLE_MAX);
  const customReference = draft.customReference?.trim() || null;
  const issueCount = validateDraft(draft).length;
  return {
    id: draft.id,
    title,
    customReference,
    status: listStatus(draft.status, issueCount),
    accountId: draft.accountId,
    createdAt: draft.createdAt,
    updatedAt: draft.updatedAt,
    photoCount: draft.photos.length,
    coverThumb: draft.photos[0]?.thumb ?? null,
    issueCount,
    trashedAt,
    shopConflicts: draft.shop?.conflicts?.length ?? 0,
    schedule: draft.schedule ?? null,
    searchText: searchTextOf(title, customReference),
    sortTitle: titleSortKey(title),
    priceRuleDue: (draft.priceRule && priceRuleDueAt(draft.priceRule)) ?? null,
    category: draft.category.trim().slice(0, SUMMARY_TITLE_MAX),
    kindKeys: kindKeysOf(draft.attributes),
  };
}

// The sorts' list is in draft-choices.ts, zod-free for the renderer.
export { draftSorts, type DraftSort };

export interface DraftFilter {
  /** Words to find in the title or the reference; every word must occur (case and accents ignored). */
  query?: string;
  /** One status, or 'all'. */
  status?: DraftStatus | 'all';
  sort?: DraftSort;
  /**
   * Whose drafts: one account's id; `null` for drafts of no known account (removed, or none);
   * absent for every account. `null` needs `knownAccounts` from the caller.
   */
  accountId?: string | null;
}

/** Which accounts' drafts the Drafts list shows: the selected account's, all, or a removed one's. */
export const draftAccountScopes = ['selected', 'all', 'removed'] as const;
export type DraftAccountScope = (typeof draftAccountScopes)[number];

/** Lower case without accents, so "kuhl" finds "Kühlschrank" and "STRASSE" finds "Straße". */
export function searchKey(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').replace(/\s+/g, ' ');
}

// Folded title, a line break, folded reference: a search word (never containing a break) cannot
// match across the two.
function searchTextOf(title: string, customReference: string | null): string {
  return `${searchKey(title)}\n${searchKey(customReference ?? '')}`;
}

// Numbers compare by value ("Nr. 9" before "Nr. 10") once their digits are padded to one width.
function titleSortKey(title: string): string {
  return searchKey(title).replace(/\d+/g, (digits) => digits.padStart(20, '0'));
}

function byString(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Titles are compared by their folded keys with `<`, not by Intl.Collator: the collator took
// 20-30 ms to sort 10,000 titles here, most of the 50 ms a filter may take. Folding accents away
// sorts "Äpfel" with "Apfel", as German dictionaries (DIN 5007-1) do.
function compareTitles(a: DraftSummary, b: DraftSummary, direction: 1 | -1): number {
  // Untitled drafts go last in either direction: they have nothing to sort by.
  if (a.sortTitle === '' || b.sortTitle === '') {
    return (a.sortTitle === '' ? 1 : 0) - (b.sortTitle === '' ? 1 : 0);
  }
  return direction * byString(a.sortTitle, b.sortTitle);
}

const comparators: Record<DraftSort, (a: DraftSummary, b: DraftSummary) => number> = {
  'updated-desc': (a, b) => byString(b.updatedAt, a.updatedAt),
  'updated-asc': (a, b) => byString(a.updatedAt, b.updatedAt),
  'created-desc': (a, b) => byString(b.createdAt, a.createdAt),
  'title-asc': (a, b) => compareTitles(a, b, 1),
  'title-desc': (a, b) => compareTitles(a, b, -1),
};

/** How many drafts each account holds (by id; drafts without an account under ''). */
export function countByAccount(summaries: readonly DraftSummary[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const summary of summaries) {
    const key = summary.accountId ?? '';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

// Publish refuses a draft in shop conflict until the seller picks (issue 24.4), so the filter
// counts it among those that need work, as its row says, never among the ready ones.
const filterStatus = (summary: DraftSummary): DraftStatus =>
  summary.status === 'ready' && summary.shopConflicts > 0 ? 'draft' : summary.status;

/** The summaries matching the filter, sorted (newest edit first unless told otherwise). */
export function filterDrafts(
  summaries: readonly DraftSummary[],
  filter: DraftFilter = {},
  knownAccounts: ReadonlySet<string> = new Set(),
): DraftSummary[] {
  const account = filter.accountId;
  const words = searchKey(filter.query ?? '')
    .split(' ')
    .filter((word) => word !== '');
  const status = filter.status ?? 'all';
  const matches = summaries.filter((summary) => {
    if (status !== 'all' && filterStatus(summary) !== status) return false;
    if (
      account === null
        ? knownAccounts.has(summary.accountId ?? '')
        : account !== undefined && summary.accountId !== account
    )
      return false;
    return words.every((word) => summary.searchText.includes(word));
  });
  const compare = comparators[filter.sort ?? 'updated-desc'];
  // Ties are broken by id so the order never jumps between two renders of the same data.
  return matches.sort((a, b) => compare(a, b) || byString(a.id, b.id));
}
