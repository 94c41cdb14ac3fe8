import type { CatalogChecks, CatalogService, KnownGoodStore } from '../../catalog';
import type { Handlers } from '../router';

type CatalogChannels = Extract<keyof Handlers, `catalog:${string}`>;

/** Handlers of the `catalog:` channels. */
export function catalogHandlers(
  catalog: CatalogService,
  knownGood: Pick<KnownGoodStore, 'of'>,
  checks: CatalogChecks,
): Pick<Handlers, CatalogChannels> {
  return {
    'catalog:get': () => catalog.current(),
    'catalog:search': ({ query, language, limit }) => catalog.search().search(query, { language, limit }),
    'catalog:origin': () => catalog.current().origin,
    'catalog:check': (draft) => checks.warningsOfDraft(draft),
    'catalog:load-file': ({ path }) => catalog.loadFile(path),
    'catalog:known-good': ({ accountId }) => ({ categories: knownGood.of(accountId) }),
  };
}
