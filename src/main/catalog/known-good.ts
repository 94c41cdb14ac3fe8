// What the service has shown it takes, per account (issue 33.4): categories and attribute values
// read from the account's own listings, and every combination it accepted in a create or update.
// They count as known good beside the catalog: readiness does not warn about them, and a refusal
// does not blame them.

export interface KnownGood {
  /** The account's listings carry this category path, or the service accepted it from this app. */
  category(accountId: string, path: string): boolean;
  /** The service took this value of this key in this category for the account. */
  value(accountId: string, path: string, key: string, value: string): boolean;
}

/** An account's known-good categories and values, as `catalog:known-good` answers them. */
export type { KnownGoodCategories } from '../../shared/ipc/contract-catalog';
