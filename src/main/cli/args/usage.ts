// Usage errors of the command line (exit code 2). Below the parsers of `accounts`, `shop`, `feed`
// and `categories`, which throw them as args.ts does, so that none of them imports another.
import type { AccountAction, CategoryAction, CommandName, FeedAction, ShopAction } from './command-words';

/** What was wrong with the command (words/words.ts says it in the seller's language). */
export type UsageProblem =
  | { problem: 'options'; detail: string }
  | { problem: 'unknown-command'; name: string }
  | { problem: 'data-dir-empty' }
  | { problem: 'data-dir-missing'; dir: string }
  | { problem: 'data-dir-create'; dir: string; why: string }
  | { problem: 'wait'; value: string }
  | { problem: 'duplicates'; value: string }
  | { problem: 'not-with'; flag: string; command: CommandName }
  | { problem: 'import-one' }
  | { problem: 'export-one' }
  | { problem: 'export-type'; file: string }
  | { problem: 'publish-what' }
  | { problem: 'not-an-id'; id: string }
  | { problem: 'no-arguments'; command: CommandName }
  | { problem: 'account-unknown'; name: string; names: string[] }
  | { problem: 'template-unknown'; name: string; account: string; names: string[] }
  | { problem: 'not-available'; command: CommandName }
  | { problem: 'accounts-what' }
  | { problem: 'accounts-name'; action: AccountAction }
  | { problem: 'accounts-add-needs'; flags: string }
  | { problem: 'url'; flag: string; value: string }
  | { problem: 'radius'; value: string }
  | { problem: 'not-with-action'; flag: string; action: AccountAction }
  | { problem: 'secret-argument' }
  | { problem: 'secret-empty' }
  | { problem: 'sandbox-name'; name: string }
  | { problem: 'accounts-imprint' }
  | { problem: 'shop-what' }
  | { problem: 'shop-url'; action: ShopAction }
  | { problem: 'shop-url-bad'; value: string }
  | { problem: 'not-with-shop'; flag: string; action: ShopAction }
  | { problem: 'shop-name' }
  | { problem: 'shop-login' }
  | { problem: 'shop-owner' }
  | { problem: 'shop-role' }
  | { problem: 'shop-role-owner' }
  | { problem: 'at-ready' }
  | { problem: 'since'; value: string }
  | { problem: 'categories-what' }
  | { problem: 'categories-words' }
  | { problem: 'categories-path' }
  | { problem: 'categories-map' }
  | { problem: 'categories-attr'; value: string }
  | { problem: 'categories-shop' }
  | { problem: 'categories-feed' }
  | { problem: 'not-with-categories'; flag: string; action: CategoryAction }
  | { problem: 'feed-what' }
  | { problem: 'feed-name'; action: FeedAction }
  | { problem: 'feed-add' }
  | { problem: 'feed-url'; value: string }
  | { problem: 'feed-gone'; value: string }
  | { problem: 'feed-every'; value: string }
  | { problem: 'feed-variants'; value: string }
  | { problem: 'feed-details'; value: string }
  | { problem: 'feed-share'; value: string }
  | { problem: 'feed-edit-nothing' }
  | { problem: 'feed-rule-lower'; flag: string }
  | { problem: 'feed-rule-needs'; flags: string }
  | { problem: 'feed-lower'; value: string }
  | { problem: 'feed-every-days'; value: string }
  | { problem: 'feed-floor'; value: string }
  | { problem: 'feed-steps'; value: string }
  | { problem: 'feed-round'; value: string; roundings: string }
  | { problem: 'not-with-feed'; flag: string; action: FeedAction }
  | { problem: 'approvals-what' }
  | { problem: 'approvals-id'; action: string }
  | { problem: 'approvals-note' }
  | { problem: 'approvals-rule' }
  | { problem: 'approvals-ask' }
  | { problem: 'approvals-price'; value: string };

/** A usage error (exit code 2). */
export class UsageError extends Error {
  constructor(readonly usage: UsageProblem) {
    super(`usage: ${usage.problem}`);
    this.name = 'UsageError';
  }
}
