// The marketplace's catalog (issue 33): its file, lookups and search.
export * from './catalog';
export * from './catalog-view';
export * from './catalog-search';
export * from './catalog-warnings';
export * from './category-mapping';
