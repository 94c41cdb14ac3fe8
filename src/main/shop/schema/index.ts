// The shop database's schema: numbered migrations and the names in them; applying and checking them.
export { checkSchema, migrate } from './migrate';
export type { MigrateResult } from './migrate';
export { JOBS_CHANNEL, SHOP_SCHEMA, LISTINGS_CHANNEL, FEED_CHANNEL, PACE_CHANNEL } from './migrations';
export { APPROVALS_CHANNEL } from './migration-approvals';
export { RULE_NOTICE } from './migration-approval-kinds';
