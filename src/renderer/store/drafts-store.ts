// The Drafts view's list: what main listed for the current filter, the trash, the seller's
// selection for bulk actions, which draft the editor shows, and the last action's note (with Undo).
// Main filters and sorts; the rows come in compact form, and for a new filter the first screen of
// them comes first, so that 10,000 drafts show their first row as soon as 10 would (issue 18.5).
import { create } from 'zustand';
import type { DraftAccountScope, MoveAccountResult } from '../../shared/domain/drafts';
import { FIRST_ROWS } from '../../shared/domain/drafts';
import type { DraftsListResult } from '../../shared/ipc/types';
import { call } from '../ipc/client';
import { useAppStore } from './app-store';
import { useShownPhotos } from './shown-photos-store';
import {
  afterPaint,
  delay,
  listChanged,
  listInput,
  listOf,
  REST_DELAY_MS,
  unlessChanged,
  type DraftsFilter,
  type DraftsList,
} from './drafts-list-calls';

/** What the last bulk action did, shown in a small status message. */
export type DraftsNotice =
  | { kind: 'trashed'; ids: string[]; count: number }
  | { kind: 'restored'; count: number }
  | { kind: 'duplicated'; count: number }
  | { kind: 'emptied'; count: number }
  | { kind: 'moved'; count: number; accountId: string };

export const DEFAULT_FILTER: DraftsFilter = { query: '', status: 'all', sort: 'updated-desc' };

interface DraftsState {
  /** The last list main gave for `filter` and `showTrash`; null before the first. */
  result: DraftsList | null;
  loading: boolean;
  loadError: string | null;
  filter: DraftsFilter;
  /** True while the list shows the trash instead of the live drafts. */
  showTrash: boolean;
  /** Whose drafts the list shows: the selected account's (default), all, or a removed account's. */
  accountScope: DraftAccountScope;
  /** Drafts picked for a bulk action (never more than the list shows). */
  selection: ReadonlySet<string>;
  /** Where a Shift+click range starts. */
  anchorId: string | null;
  /** The draft the editor shows. */
  openId: string | null;
  notice: DraftsNotice | null;

  /** Lists the drafts for the current filter; a call made while one runs is folded into one more. */
  load(): Promise<void>;
  /** Main said drafts changed: reloads while the view is shown. */
  changed(): void;
  /** The view tells whether it is shown, so hidden lists do not reload on every save. */
  setShown(shown: boolean): void;
  setFilter(patch: Partial<DraftsFilter>): void;
  setShowTrash(showTrash: boolean): void;
  setAccountScope(scope: DraftAccountScope): void;
  /** What moving drafts to `accountId` does (dryRun), or does it; null when the call failed. */
  moveAccount(ids: string[], accountId: string, dryRun: boolean): Promise<MoveAccountResult | null>;
  /** The seller read the note about drafts given an account at upgrade. */
  dismissAccountUpgrade(): Promise<void>;
  open(id: string | null): void;
  /** Ctrl/Cmd+click or Space: adds or removes one draft. */
  toggle(id: string): void;
  /** Shift+click: the drafts from the anchor to `id`, in list order. */
  extendTo(id: string): void;
  /** Adds drafts to the selection (Shift+arrow keys). */
  addToSelection(ids: string[]): void;
  /** Selects every draft the list shows, or none. */
  selectAll(on: boolean): void;
  clearSelection(): void;
  /** A new draft, opened in the editor (filters are reset so that it is in view). */
  create(): Promise<void>;
  duplicate(ids: string[]): Promise<void>;
  trash(ids: string[]): Promise<void>;
  restore(ids: string[]): Promise<void>;
  /** Restores what the last "moved to the trash" moved. */
  undoTrash(): Promise<void>;
  /** Deletes the trash for good; the view asks the seller first. */
  emptyTrash(): Promise<void>;
  dismissNotice(): void;
}

const report = (error: unknown) => useAppStore.getState().reportError(error);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// One list call at a time: while one runs, further requests (a burst of autosaves, fast typing)
// ask for exactly one more, made with the filter as it is then.
let running: Promise<void> | null = null;
let again = false;
let shown = false;

// The first screen of the list as the view first shows it, asked for as soon as the page has its
// bridge (main.tsx): its answer then comes while the app's settings and words load (issue 18.5).
let early: Promise<DraftsListResult> | null = null;

export const useDraftsStore = create<DraftsState>((set, get) => {
  const visibleIds = () => get().result?.items.map((item) => item.id) ?? [];

  // The filter, trash and scope the shown result was listed for: a reload of the same list replaces
  // it whole (its scroll position stays), a new one shows its first screen first.
  let listedFor: { filter: DraftsFilter; trash: boolean; account: DraftAccountScope } | null = null;

  const fetchOnce = async () => {
    const { filter, showTrash: trash, accountScope: account } = get();
    const input = listInput(filter, trash, account);
    const asked = filter === DEFAULT_FILTER && !trash && account === 'selected' ? early : null;
    early = null;
    // An answer for a filter the seller has since changed is dropped; the next call brings theirs.
    const stale = () =>
      get().filter !== filter || get().showTrash !== trash || get().accountScope !== account;
    const show = (list: DraftsList) => {
      const listed = new Set(list.items.map((item) => item.id));
      const selection = new Set([...get().selection].filter((id) => listed.has(id)));
      listedFor = { filter, trash, account };
      useShownPhotos.getState().settle(list.items);
      set({ result: list, loadError: null, selection });
    };
    const same =
      get().result !== null &&
      listedFor?.filter === filter &&
      listedFor.trash === trash &&
      listedFor.account === account;
    if (!same) {
      const ask = () => call('drafts:list', { ...input, first: FIRST_ROWS });
      const first = await unlessChanged(asked ? asked.catch(ask) : ask());
      if (first === undefined || stale()) return;
      const complete = first.matched <= FIRST_ROWS;
      // The selection is kept until the whole list is there: it may hold drafts further down.
      if (complete) show(listOf(first, false));
      else set({ result: listOf(first, true), loadError: null });
      if (complete) return;
      // The rest after the first rows are painted and a moment more, so that reading it holds up
      // neither them nor the seller's next keystroke (a change meanwhile asks for its own list).
      await afterPaint();
      const waited = await unlessChanged(delay(REST_DELAY_MS).then(() => true));
      if (waited === undefined || stale()) return;
    }
    const answer = await unlessChanged(call('drafts:list', input));
    if (answer === undefined || stale()) return;
    show(listOf(answer, false));
  };

  const load = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    set({ loading: true });
    running = (async () => {
      try {
        do {
          again = false;
          try {
            await fetchOnce();
          } catch (error) {
            set({ loadError: messageOf(error) });
          }
        } while (again);
      } finally {
        running = null;
        set({ loading: false });
      }
    })();
    return running;
  };

  return {
    result: null,
    loading: false,
    loadError: null,
    filter: DEFAULT_FILTER,
    showTrash: false,
    accountScope: 'selected',
    selection: new Set(),
    anchorId: null,
    openId: null,
    notice: null,

    load,
    changed() {
      // A first screen asked for before this change is out of date: the view's first load asks anew.
      early = null;
      if (shown) void load();
    },
    setShown(value) {
      shown = value;
    },

    setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } });
      listChanged();
      void load();
    },
    setShowTrash(showTrash) {
      if (showTrash === get().showTrash) return;
      set({ showTrash, selection: new Set(), anchorId: null, result: null });
      listChanged();
      void load();
    },

    setAccountScope(accountScope) {
      if (accountScope === get().accountScope) return;
      set({ accountScope, selection: new Set(), anchorId: null });
      listChanged();
      void load();
    },

    async moveAccount(ids, accountId, dryRun) {
      try {
        const result = await call('drafts:move-account', { ids, accountId, dryRun });
        if (dryRun) return result;
        const count = result.steps.filter((step) => step.outcome === 'moved').length;
        set({ notice: { kind: 'moved', count, accountId }, selection: new Set() });
        await load();
        return result;
      } catch (error) {
        report(error);
        return null;
      }
    },

    async dismissAccountUpgrade() {
      try {
        await call('drafts:dismiss-account-upgrade');
      } catch (error) {
        report(error);
      }
      await load();
    },

    open(id) {
      set({ openId: id, anchorId: id ?? get().anchorId });
    },
    toggle(id) {
      const selection = new Set(get().selection);
      if (!selection.delete(id)) selection.add(id);
      set({ selection, anchorId: id });
    },
    extendTo(id) {
      const ids = visibleIds();
      const from = ids.indexOf(get().anchorId ?? get().openId ?? id);
      const to = ids.indexOf(id);
      if (to < 0) return;
      const start = from < 0 ? to : Math.min(from, to);
      const end = from < 0 ? to : Math.max(from, to);
      set({ selection: new Set([...get().selection, ...ids.slice(start, end + 1)]) });
    },
    addToSelection(ids) {
      set({ selection: new Set([...get().selection, ...ids]) });
    },
    selectAll(on) {
      // Only the first rows are there yet (for a moment): select once the rest has come.
      if (on && get().result?.partial) {
        void load().then(() => {
          if (!get().result?.partial) get().selectAll(true);
        });
        return;
      }
      set({ selection: new Set(on ? visibleIds() : []) });
    },
    clearSelection() {
      set({ selection: new Set() });
    },

    async create() {
      try {
        const draft = await call('drafts:create');
        set({
          showTrash: false,
          filter: { ...get().filter, query: '', status: 'all' },
          // A new draft belongs to the selected account: a list of a removed account's would hide it.
          accountScope: get().accountScope === 'removed' ? 'selected' : get().accountScope,
          selection: new Set(),
          openId: draft.id,
          anchorId: draft.id,
        });
        listChanged();
        await load();
      } catch (error) {
        report(error);
      }
    },

    async duplicate(ids) {
      let count = 0;
      let last: string | null = null;
      try {
        // One after another: each copy duplicates photos on disk, and the order stays the seller's.
        for (const id of ids) {
          last = (await call('drafts:duplicate', { id })).id;
          count++;
        }
      } catch (error) {
        report(error);
      }
      if (count === 0) return;
      set({
        notice: { kind: 'duplicated', count },
        selection: new Set(),
        ...(ids.length === 1 && { openId: last }),
      });
      await load();
    },

    async trash(ids) {
      if (ids.length === 0) return;
      try {
        const { count } = await call('drafts:trash', { ids });
        const openId = get().openId;
        set({
          notice: { kind: 'trashed', ids, count },
          selection: new Set(),
          openId: openId !== null && ids.includes(openId) ? null : openId,
        });
      } catch (error) {
        report(error);
      }
      await load();
    },

    async restore(ids) {
      if (ids.length === 0) return;
      try {
        const { count } = await call('drafts:restore', { ids });
        set({ notice: { kind: 'restored', count }, selection: new Set() });
      } catch (error) {
        report(error);
      }
      await load();
    },

    async undoTrash() {
      const notice = get().notice;
      if (notice?.kind !== 'trashed') return;
      await get().restore(notice.ids);
    },

    async emptyTrash() {
      try {
        const { count } = await call('drafts:empty-trash');
        set({ notice: { kind: 'emptied', count }, selection: new Set() });
      } catch (error) {
        report(error);
      }
      await load();
    },

    dismissNotice() {
      set({ notice: null });
    },
  };
});

/**
 * Asks for the first rows of the list the Drafts view opens with: they are shown as soon as they
 * come, so the view's first render has them, and its first load takes the same answer.
 */
export function askFirstRowsEarly(): void {
  const asked = call('drafts:list', { ...listInput(DEFAULT_FILTER, false, 'selected'), first: FIRST_ROWS });
  early = asked;
  asked.then(
    (answer) => {
      const state = useDraftsStore.getState();
      const unchanged =
        state.filter === DEFAULT_FILTER && !state.showTrash && state.accountScope === 'selected';
      if (early === asked && state.result === null && unchanged)
        useDraftsStore.setState({ result: listOf(answer, answer.matched > FIRST_ROWS) });
    },
    // A failure is met where the answer is taken: that load asks again.
    () => undefined,
  );
}
