// The draft: its stored shape and rules, words, list rows, templates, previews, service requests, input guards.
export * from './ad-preview';
export * from './draft';
export * from './draft-accounts';
export * from './draft-choices';
export * from './draft-language';
export * from './draft-list';
export * from './draft-messages';
export * from './draft-requests';
export * from './draft-rows';
export * from './draft-validation';
export * from './offer-values';
export * from './price-text';
export * from './safe-input';
export * from './template';
// draft.ts names the statuses' type too (the same union); the index names it once.
export type { DraftStatus } from './draft-choices';
