// The catalog's functions (shop category keys, condition word keys) for Settings → Categories: loaded
// on demand, in the chunk the catalog store loads them in, never with the window's first JavaScript.
import { useEffect, useState } from 'react';
import type * as CatalogLib from '../../../../shared/domain/catalog';

export type CatalogFunctions = Pick<
  typeof CatalogLib,
  'conditionWordKey' | 'shopCategoryKey' | 'shopCategoryName'
>;

let loading: Promise<CatalogFunctions> | undefined;

/** The functions once loaded (undefined until then; a failed load is tried again on the next use). */
export function useCatalogFunctions(): CatalogFunctions | undefined {
  const [lib, setLib] = useState<CatalogFunctions>();
  useEffect(() => {
    let live = true;
    loading ??= import('../../../../shared/domain/catalog').catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    loading.then(
      (loaded) => live && setLib(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return lib;
}
