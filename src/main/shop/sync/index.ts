// The desk's sync: the outbox up as compare-and-sets, the change feed down, three-way merges on the bases.
export { openBases } from './bases';
export { openOutbox } from './outbox';
export type { Outbox } from './outbox';
export { pullFeed, feedBehind } from './pull';
export { pushOutbox } from './push';
export { startShopSync } from './sync';
export type { ShopSync } from './sync';
export { sameBody } from './sync-context';
export type { ItemKind, MergeSides, ShopMergePort } from './sync-kinds';
