// The shared things (drafts, templates, accounts) as the sync knows them; the stores that mark the outbox.
export { draftItems, DRAFT_KIND } from './kind-drafts';
export type { DraftBody } from './kind-drafts';
export { markedAccountsStore, markTemplates, accountItems, templateItems } from './kind-records';
export { liveOutbox } from './live-outbox';
export type { LiveOutbox } from './live-outbox';
export { draftMarks } from './marked-drafts';
export { categoryMappingItems, markCategoryMappings, CATEGORY_MAPPING_KIND } from './kind-mappings';
export { feedItems, markFeeds, shareFeedsOnce } from './kind-feeds';
