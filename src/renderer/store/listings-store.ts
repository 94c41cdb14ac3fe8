// The active account's listings and the one open in the detail pane.
import { create } from 'zustand';
import type { ListingsState, ListingView } from '../../shared/ipc/types';
import { IpcError } from '../../shared/ipc/envelope';
import { call } from '../ipc/client';

type Detail = { uuid: string; listing?: ListingView; error?: string; loading: boolean };

interface ListingsStoreState {
  state?: ListingsState;
  loading: boolean;
  selected?: string;
  detail?: Detail;
  load(refresh?: boolean): Promise<void>;
  setState(state: ListingsState): void;
  open(uuid: string): Promise<void>;
}

export const useListingsStore = create<ListingsStoreState>((set, get) => ({
  loading: false,
  async load(refresh = false) {
    set({ loading: true });
    try {
      get().setState(await call('listings:list', { refresh }));
    } finally {
      set({ loading: false });
    }
  },
  setState(state) {
    const switched = get().state?.accountId !== state.accountId;
    set(switched ? { state, selected: undefined, detail: undefined } : { state });
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
