// How the Drafts list asks main for its rows (drafts-store.ts): the filter and the call's input, the
// list its answer makes, a list change that drops an answer no longer wanted, and the pause between
// the first screen of rows and the rest.
import type { DraftAccountScope, DraftSort, DraftStatus } from '../../shared/domain/drafts';
import { expandRows, type DraftListRow } from '../../shared/domain/drafts';
import type { DraftsListResult } from '../../shared/ipc/types';

/** What the seller narrows and orders the list by. */
export interface DraftsFilter {
  query: string;
  status: DraftStatus | 'all';
  sort: DraftSort;
}

/** What the list shows: main's answer with its rows as objects. */
export interface DraftsList extends Omit<DraftsListResult, 'items' | 'rows'> {
  items: DraftListRow[];
  /** True while only the first screen of rows is there (the rest follows at once). */
  partial: boolean;
}

// How long after the first rows are painted the rest is asked for: longer than the search box waits
// after a keystroke (150 ms), so that typing on at once never waits for the whole list.
export const REST_DELAY_MS = 250;

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves after the next paint (or soon, where a hidden window paints nothing). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

// Settles when the seller changes what the list shows: a call for the list before is not waited
// for (its answer is dropped), so a new filter is asked for at once (issue 18.5).
function signal() {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
let listChange = signal();

export function listChanged(): void {
  listChange.resolve();
  listChange = signal();
}

/** The call's answer, or undefined once the list to show has changed meanwhile. */
export function unlessChanged<T>(work: Promise<T>): Promise<T | undefined> {
  return Promise.race([work, listChange.promise.then(() => undefined)]);
}

/** What the list asks main for, for a filter, the trash or not, and whose drafts. */
export function listInput(filter: DraftsFilter, trash: boolean, account: DraftAccountScope) {
  const query = filter.query.trim();
  return {
    ...(query !== '' && { query }),
    status: filter.status,
    sort: filter.sort,
    trash,
    account,
    compact: true,
  };
}

/** Main's answer with its rows as objects (compact rows expanded). */
export function listOf(answer: DraftsListResult, partial: boolean): DraftsList {
  const { items, rows, ...rest } = answer;
  return { ...rest, items: rows ? expandRows(rows) : items, partial };
}
