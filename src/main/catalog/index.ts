// The marketplace's catalog in main (issue 33): the file in use, its lookups and search.
export * from './catalog-service';
export type { KnownGood } from './known-good';
export { catalogChecks, nothingKnownGood, type CatalogChecks } from './catalog-checks';
