import { guessPaths } from '../../../shared/domain/catalog';
import type { CatalogChecks, CatalogService, CategoryMappingsService, KnownGoodStore } from '../../catalog';
import type { Handlers } from '../router';

type CatalogChannels = Extract<keyof Handlers, `catalog:${string}`>;
type CategoriesChannels = Extract<keyof Handlers, `categories:${string}`>;

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

/** Handlers of the `categories:` channels (issue 34). */
export function categoriesHandlers(
  catalog: CatalogService,
  mappings: CategoryMappingsService,
): Pick<Handlers, CategoriesChannels> {
  return {
    'categories:mappings': () => mappings.current(),
    'categories:map': (input) => mappings.map(input),
    'categories:unmap': ({ shopCategory }) => mappings.unmap(shopCategory),
    'categories:condition-words': ({ words }) => mappings.setConditionWords(words),
    'categories:guess': ({ shopCategory, limit }) => guessPaths(catalog.search(), shopCategory, limit),
  };
}
