// The words a command line starts with: the commands and the actions after some of them. Below
// the parsers and their usage errors, which all name them; the app's main process reads them too,
// to tell a start with a command from one that opens the window.

/** The commands, as typed. */
export const commands = [
  'import',
  'export',
  'publish',
  'status',
  'listings',
  'accounts',
  'shop',
  'worker',
  'feed',
  'categories',
  'activity',
  'approvals',
] as const;
export type CommandName = (typeof commands)[number];

/** What `accounts` does: the word after it. */
export const accountActions = ['add', 'list', 'test', 'defaults', 'imprint'] as const;
export type AccountAction = (typeof accountActions)[number];

/** What `shop` does: the word after it. */
export const shopActions = ['init', 'add-desk', 'join', 'status', 'leave', 'role', 'desks'] as const;
export type ShopAction = (typeof shopActions)[number];

/** What `approvals` does (issue 37.4): the word after it. */
export const approvalActions = ['list', 'approve', 'send-back', 'rule', 'rules', 'ask'] as const;
export type ApprovalAction = (typeof approvalActions)[number];

/** What `feed` does: the word after it. */
export const feedActions = ['add', 'edit', 'list', 'plan', 'run', 'remove'] as const;
export type FeedAction = (typeof feedActions)[number];

/** What `categories` does: the word after it (issues 33.7, 34.4). */
export const categoryActions = ['search', 'show', 'map', 'mappings', 'unmap', 'unmapped'] as const;
export type CategoryAction = (typeof categoryActions)[number];
