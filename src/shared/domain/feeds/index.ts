// Stock feeds (issue 25): the feed, its rows, the plan of a run, the safety valve, the patches sent, an update's merge.
export * from './feed';
export * from './feed-patch';
export * from './feed-plan';
export * from './feed-rows';
export * from './feed-run';
export * from './feed-valve';
export * from './feed-merge';
export * from './feed-categories';
export * from './products/product-item';
export * from './products/recognize';
export * from './products/table-items';
export * from './products/product-values';
export * from './products/plain-text';
export * from './products/variants';
export * from './products/product-rows';
export * from './products/product-units';
export * from './products/product-sample';
