// The marketplace's catalog in main (issue 33): the file in use, its lookups and search, and what
// the service has shown it takes per account (the known-good store and the client that feeds it).
export * from './catalog-service';
export type { KnownGood, KnownGoodCategories } from './known-good';
export { openKnownGood, KNOWN_GOOD_DIR, type KnownGoodStore, type ReadListing } from './known-good-store';
export { knownGoodWatch, watchListingWrites } from './known-good-client';
export { likelyCauseOf, type RefusedParts } from './refusal-causes';
export { catalogChecks, nothingKnownGood, type CatalogChecks } from './catalog-checks';
export {
  openCategoryMappings,
  categoryContexts,
  CATEGORY_MAPPINGS_FILE,
  CONDITION_WORDS_ITEM,
  type CategoryMappingsService,
  type ConditionWordsItem,
  type CategoryContexts,
} from './category-mappings';
