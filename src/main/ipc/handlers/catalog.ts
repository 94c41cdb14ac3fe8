import type { CatalogService, KnownGoodStore } from '../../catalog';
import type { Handlers } from '../router';

type CatalogChannels = Extract<keyof Handlers, `catalog:${string}`>;

/** Handlers of the `catalog:` channels. */
export function catalogHandlers(
  catalog: CatalogService,
  knownGood: Pick<KnownGoodStore, 'of'>,
): Pick<Handlers, CatalogChannels> {
  return {
    'catalog:get': () => catalog.current(),
    'catalog:load-file': ({ path }) => catalog.loadFile(path),
    'catalog:known-good': ({ accountId }) => ({ categories: knownGood.of(accountId) }),
  };
}
