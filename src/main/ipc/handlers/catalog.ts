import type { CatalogService } from '../../catalog';
import type { Handlers } from '../router';

type CatalogChannels = Extract<keyof Handlers, `catalog:${string}`>;

/** Handlers of the `catalog:` channels. */
export function catalogHandlers(catalog: CatalogService): Pick<Handlers, CatalogChannels> {
  return {
    'catalog:get': () => catalog.current(),
    'catalog:origin': () => catalog.current().origin,
    'catalog:load-file': ({ path }) => catalog.loadFile(path),
  };
}
