// What is live: listing fields, live edits, the diff and merge of a draft with its ad, lifecycle, links.
export * from './lifecycle';
export * from './listing-fields';
export * from './listings-refresh';
export * from './live';
export * from './live-diff';
export * from './live-edit';
export * from './live-merge';
export * from './live-rows';
export * from './live-values';
export * from './marketplace-link';
