// The marketplace's catalog in the window (issue 33): loaded on demand (the first picker or
// attributes shown), never in the initial JavaScript. The lookups and the search (MiniSearch) come
// in a chunk of their own with it; a newer catalog loaded in Settings → About replaces it here.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { CatalogOrigin, CatalogSearch, CatalogView } from '../../shared/domain/catalog';
import { call, subscribe } from '../ipc/client';

export interface LoadedCatalog {
  origin: CatalogOrigin;
  view: CatalogView;
  /** The window's own search index, built on first use (a moment's work: see searchReady). */
  search: CatalogSearch;
  /** Whether the index is built: until then the picker asks main (catalog:search) rather than wait. */
  searchReady(): boolean;
}

interface CatalogState {
  /** Undefined until first asked for (`ensure`), then the catalog in use. */
  loaded: LoadedCatalog | undefined;
  /** Why it could not be read (main's words), until the next try. */
  failure: string | null;
  /** Loads it when not loaded yet; resolves with it (or undefined on a failure, which `failure` says). */
  ensure(): Promise<LoadedCatalog | undefined>;
}

let loading: Promise<LoadedCatalog | undefined> | undefined;
let following = false;

async function load(): Promise<LoadedCatalog> {
  const [{ catalog, origin }, lib] = await Promise.all([
    call('catalog:get'),
    import('../../shared/domain/catalog'),
  ]);
  const view = lib.makeCatalogView(catalog);
  // The search index is built when first searched: browsing the tree and naming a category do not
  // wait for it (the picker's first answer, issue 33.9).
  let search: CatalogSearch | undefined;
  return {
    origin,
    view,
    get search() {
      search ??= lib.createCatalogSearch(view);
      return search;
    },
    searchReady: () => search !== undefined,
  };
}

export const useCatalogStore = create<CatalogState>((set, get) => ({
  loaded: undefined,
  failure: null,
  ensure() {
    const have = get().loaded;
    if (have) return Promise.resolve(have);
    if (!following) {
      following = true;
      // Another catalog in use: read it again (the views showing labels follow the store).
      subscribe('catalog:changed', () => {
        loading = undefined;
        set({ loaded: undefined });
        void get().ensure();
      });
    }
    loading ??= load().then(
      (loaded) => {
        set({ loaded, failure: null });
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        set({ failure: error instanceof Error ? error.message : String(error) });
        return undefined;
      },
    );
    return loading;
  },
}));

/**
 * The catalog for a view that needs it: undefined while it loads (the call starts it). `wanted`
 * false reads it when loaded but does not load it (an editor whose draft has no category yet).
 */
export function useCatalog(wanted = true): LoadedCatalog | undefined {
  const loaded = useCatalogStore((state) => state.loaded);
  useEffect(() => {
    if (wanted && !loaded) void useCatalogStore.getState().ensure();
  }, [loaded, wanted]);
  return loaded;
}
