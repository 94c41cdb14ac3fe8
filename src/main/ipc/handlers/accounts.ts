import type { AccountsService } from '../../accounts/accounts-service';
import type { Handlers } from '../router';

type AccountChannels =
  | 'accounts:list'
  | 'accounts:save'
  | 'accounts:remove'
  | 'accounts:select'
  | 'accounts:use-if-first'
  | 'accounts:set-secret'
  | 'accounts:delete-secret'
  | 'accounts:test'
  | 'imprints:create'
  | 'imprints:set-default'
  | 'accounts:set-defaults';

/** Handlers of the `accounts:` and `imprints:` channels. */
export function accountsHandlers(accounts: AccountsService): Pick<Handlers, AccountChannels> {
  return {
    'accounts:list': () => accounts.state(),
    'accounts:save': (input) => accounts.save(input),
    'accounts:remove': ({ id }) => accounts.remove(id),
    'accounts:select': ({ id }) => accounts.select(id),
    'accounts:use-if-first': ({ id }) => accounts.chooseIfFirst(id),
    'accounts:set-secret': ({ id, secret }) => accounts.setSecret(id, secret),
    'accounts:delete-secret': ({ id }) => accounts.deleteSecret(id),
    'accounts:test': ({ id }) => accounts.test(id),
    'imprints:create': ({ accountId, content }) => accounts.createImprint(accountId, content),
    'imprints:set-default': ({ accountId, uuid }) => accounts.setDefaultImprint(accountId, uuid),
    'accounts:set-defaults': ({ id, defaults }) => accounts.setDefaults(id, defaults),
  };
}
