// `accounts add|list|test|defaults|imprint`: the accounts of Settings → Accounts on the command line.
export { accountsAddCommand } from './accounts-add';
export { accountsImprintCommand } from './accounts-imprint';
export { accountsDefaultsCommand, accountsListCommand, accountsTestCommand } from './accounts';
