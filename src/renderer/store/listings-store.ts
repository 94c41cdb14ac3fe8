// The active account's listings, the one open in the detail pane, what the seller searches and
// filters for, and the listings ticked for a bulk action (`selectedUuids`, read by the selection bar).
import { create } from 'zustand';
import type { ListingsState, ListingView } from '../../shared/ipc/types';
import { IpcError } from '../../shared/ipc/envelope';
import { call } from '../ipc/client';
import { defaultInventoryQuery, type InventoryQuery } from '../views/listings/inventory/inventory-filter';

type Detail = { uuid: string; listing?: ListingView; error?: string; loading: boolean };

interface ListingsStoreState {
  state?: ListingsState;
  loading: boolean;
  selected?: string;
  detail?: Detail;
  /** Listings ticked for a bulk action (uuids of the active account's list). */
  selectedUuids: ReadonlySet<string>;
  /** The last listing ticked without Shift: where a Shift-click range starts. */
  anchor?: string;
  query: InventoryQuery;
  /**
   * When this window last received a newly fetched list, on its own clock (ms): how old the list is
   * is measured here, so a clock of main that differs (or a page clock in tests) cannot skew it.
   */
  heardAt: number;
  /** Reads the list; `refresh` asks the service, `background` for a refresh the seller did not ask for. */
  load(refresh?: boolean, background?: boolean): Promise<void>;
  /** Refreshes when the list is older than `maxAgeMs` (or never fetched) and no load is running. */
  refreshIfStale(maxAgeMs: number): Promise<void>;
  setState(state: ListingsState): void;
  open(uuid: string): Promise<void>;
  setQuery(patch: Partial<InventoryQuery>): void;
  /** Ticks or unticks one listing; with `range`, every listing of `order` from the anchor to it. */
  toggleSelected(uuid: string, range?: { order: readonly string[] }): void;
  /** Ticks exactly these listings (e.g. every one the filter shows), or none. */
  setSelection(uuids: Iterable<string>): void;
}

/** Resolves once the list being fetched is in. */
function loaded(): Promise<void> {
  return new Promise((resolve) => {
    const off = useListingsStore.subscribe((now) => {
      if (!now.loading) {
        off();
        resolve();
      }
    });
  });
}

export const useListingsStore = create<ListingsStoreState>((set, get) => ({
  loading: false,
  selectedUuids: new Set(),
  query: defaultInventoryQuery,
  heardAt: 0,
  async load(refresh = false, background = false) {
    set({ loading: true });
    try {
      get().setState(await call('listings:list', { refresh, ...(background && { background }) }));
    } finally {
      set({ loading: false });
    }
  },
  async refreshIfStale(maxAgeMs) {
    const stale = () => {
      const { state, heardAt } = get();
      return !state?.fetchedAt || Date.now() - heardAt >= maxAgeMs || Boolean(state.problem);
    };
    if (!stale()) return;
    // A list being fetched meanwhile may have left before the change that made this one due:
    // looked at again once it is in, not dropped.
    while (get().loading) await loaded();
    if (stale()) await get().load(true, true);
  },
  setState(state) {
    const before = get().state;
    const switched = before?.accountId !== state.accountId;
    if (switched) {
      // Another account's list may have been fetched a while ago: its age comes from main's stamp
      // (never later than now here, so a clock behind main's cannot make an old list look new).
      const heardAt = state.fetchedAt ? Math.min(Date.now(), Date.parse(state.fetchedAt)) : 0;
      set({
        state,
        heardAt,
        selected: undefined,
        detail: undefined,
        selectedUuids: new Set(),
        anchor: undefined,
      });
      return;
    }
    if (state.fetchedAt !== before?.fetchedAt) set({ heardAt: Date.now() });
    // A listing that is gone (deleted, or gone from the service) cannot stay ticked.
    const present = new Set(state.listings.map((l) => l.uuid));
    const kept = [...get().selectedUuids].filter((uuid) => present.has(uuid));
    set(kept.length === get().selectedUuids.size ? { state } : { state, selectedUuids: new Set(kept) });
    // The open listing shows what the list just read of it (a price changed elsewhere; issue 23.5).
    const detail = get().detail;
    const read = detail && !detail.loading ? state.listings.find((l) => l.uuid === detail.uuid) : undefined;
    if (detail && read && JSON.stringify(read) !== JSON.stringify(detail.listing))
      set({ detail: { ...detail, listing: read } });
  },
  setQuery(patch) {
    set({ query: { ...get().query, ...patch } });
  },
  toggleSelected(uuid, range) {
    const { selectedUuids, anchor } = get();
    const next = new Set(selectedUuids);
    const from = range && anchor ? range.order.indexOf(anchor) : -1;
    const to = range ? range.order.indexOf(uuid) : -1;
    if (from !== -1 && to !== -1) {
      // The range takes the state of the anchor's tick, as in a file manager.
      const tick = selectedUuids.has(anchor!);
      for (const id of range!.order.slice(Math.min(from, to), Math.max(from, to) + 1))
        if (tick) next.add(id);
        else next.delete(id);
      set({ selectedUuids: next });
      return;
    }
    if (next.has(uuid)) next.delete(uuid);
    else next.add(uuid);
    set({ selectedUuids: next, anchor: uuid });
  },
  setSelection(uuids) {
    set({ selectedUuids: new Set(uuids), anchor: undefined });
  },
  async open(uuid) {
    const summary = get().state?.listings.find((l) => l.uuid === uuid);
    set({ selected: uuid, detail: { uuid, listing: summary, loading: true } });
    try {
      const listing = await call('listings:get', { uuid });
      if (get().selected === uuid) set({ detail: { uuid, listing, loading: false } });
    } catch (error) {
      const message = error instanceof IpcError || error instanceof Error ? error.message : String(error);
      if (get().selected === uuid)
        set({ detail: { uuid, listing: summary, error: message, loading: false } });
    }
  },
}));
