import type { ActivityInput } from '../../../shared/domain/activity';
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
export function accountsHandlers(
  accounts: AccountsService,
  /** Issue 37.5: the lone desktop's log of account and imprint changes (a team's database logs its own). */
  lone?: { record(input: ActivityInput): Promise<void> },
): Pick<Handlers, AccountChannels> {
  const logged = async <T>(done: T | Promise<T>, input: (value: T) => ActivityInput): Promise<T> => {
    const value = await done;
    await lone?.record(input(value)).catch(() => undefined);
    return value;
  };
  return {
    'accounts:list': () => accounts.state(),
    'accounts:save': (input) =>
      logged(accounts.save(input), (saved) => ({
        kind: 'account-change',
        account: saved.id,
        changed: { change: input.id === undefined ? 'saved' : 'changed', name: saved.name },
      })),
    'accounts:remove': ({ id }) =>
      logged(accounts.remove(id), () => ({
        kind: 'account-change',
        account: id,
        changed: { change: 'removed' },
      })),
    'accounts:select': ({ id }) => accounts.select(id),
    'accounts:use-if-first': ({ id }) => accounts.chooseIfFirst(id),
    'accounts:set-secret': ({ id, secret }) => accounts.setSecret(id, secret),
    'accounts:delete-secret': ({ id }) => accounts.deleteSecret(id),
    'accounts:test': ({ id }) => accounts.test(id),
    'imprints:create': ({ accountId, content }) =>
      logged(accounts.createImprint(accountId, content), () => ({
        kind: 'imprint-change',
        account: accountId,
        changed: { change: 'added' },
      })),
    'imprints:set-default': ({ accountId, uuid }) =>
      logged(accounts.setDefaultImprint(accountId, uuid), () => ({
        kind: 'imprint-change',
        account: accountId,
        changed: { change: 'default', imprint: uuid },
      })),
    'accounts:set-defaults': ({ id, defaults }) =>
      logged(accounts.setDefaults(id, defaults), () => ({
        kind: 'account-change',
        account: id,
        changed: { change: 'defaults', fields: Object.keys(defaults) },
      })),
  };
}
