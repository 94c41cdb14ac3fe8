// The shop's field-by-field merge of one draft edited on two desks, its conflicts, what the editor saves and how a save merges.
export * from './draft-fields';
export * from './shop-conflicts';
export * from './shop-fields';
export * from './shop-lists';
export * from './shop-merge';
export * from './shop-photos';
export * from './shop-pick';
export * from './save-merge';
