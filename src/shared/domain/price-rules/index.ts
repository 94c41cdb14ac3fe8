// Price rules (issue 25.5): a rule's steps, what it did on one ad, and the rounding bulk edits share.
export * from './price-rounding';
export * from './price-rule';
export * from './price-rule-record';
