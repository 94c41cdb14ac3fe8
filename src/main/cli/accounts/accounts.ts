// `accounts list [--json]`, `accounts test NAME` and `accounts defaults NAME [options]`: the
// accounts of Settings → Accounts on the command line (`accounts add` is in accounts-add.ts). No
// secret is ever read back: only whether one is stored.
import type {
  AccountDefaults,
  AccountsState,
  AccountView,
  ConnectionResult,
} from '../../../shared/ipc/types';
import { serviceMessageLine } from '../../../shared/service-messages';
import { wordsIn } from '../../i18n';
import { defaultOptions } from '../args';
import { table, EXIT } from '../words';
import type { Session } from '../session';

/** An account as `accounts list --json` shows it: everything but the secret, which is only "stored" or not. */
function accountJson(account: AccountView, activeId: string) {
  return {
    id: account.id,
    name: account.name,
    kind: account.kind,
    authUrl: account.authUrl,
    baseUrl: account.baseUrl,
    clientId: account.clientId,
    secretStored: account.hasSecret,
    selected: account.id === activeId,
  };
}

export async function accountsListCommand(session: Session, json: boolean): Promise<number> {
  const state = await session.call<AccountsState>('accounts:list');
  if (json) {
    session.out(
      JSON.stringify(
        {
          accounts: state.accounts.map((account) => accountJson(account, state.activeId)),
          keychain: state.keychain,
        },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }
  const t = wordsIn(session.language, 'cli');
  const header = ['name', 'token', 'listings', 'client', 'secret'].map((key) => t(`accountsHeader.${key}`));
  const rows = state.accounts.map((account) => [
    `${account.id === state.activeId ? '* ' : '  '}${account.name}`,
    account.authUrl,
    account.baseUrl,
    account.clientId,
    t(account.kind === 'sandbox' ? 'secretBuiltIn' : account.hasSecret ? 'secretStored' : 'secretNone'),
  ]);
  session.out(`${table(header, rows)}\n\n${t('accountsSelected')}`);
  return EXIT.ok;
}

/** Why a connection test failed, in the seller's words (the service's own words as a last resort). */
export function connectionProblemText(
  result: Extract<ConnectionResult, { ok: false }>,
  session: Pick<Session, 'language'>,
): string {
  const failure = {
    problem: result.problem,
    ...(result.operation !== undefined && { operation: result.operation }),
    ...(result.status !== undefined && { status: result.status }),
  };
  const t = wordsIn(session.language, 'cli');
  const said =
    serviceMessageLine(failure, session.language) ??
    (t(`jobProblem.${result.problem}`, { defaultValue: '' }) || result.message);
  const tried = result.tried?.length ? ` ${t('accountsTried', { addresses: result.tried.join(', ') })}` : '';
  return `${said}${tried}`;
}

/**
 * Signs in and reads the account's listings, as Test connection in Settings does (the addresses
 * that answer are kept), and says what happened; 0 when it worked, 4 when not.
 */
export async function testAccount(session: Session, account: AccountView): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const result = await session.call<ConnectionResult>('accounts:test', { id: account.id });
  if (!result.ok) {
    session.err(
      t('accountsTestFailed', { account: account.name, why: connectionProblemText(result, session) }),
    );
    return EXIT.service;
  }
  const lines = [t('accountsTestOk', { account: account.name, count: result.listingCount })];
  if (result.used) {
    lines.push(t('accountsTestUsed', { token: result.used.tokenUrl, listings: result.used.listingsUrl }));
    if (result.used.adjusted) lines.push(t('accountsTestAdjusted'));
  }
  session.out(lines.join('\n'));
  return EXIT.ok;
}

export async function accountsTestCommand(session: Session): Promise<number> {
  return testAccount(session, await session.account());
}

/** `accounts defaults NAME [options]`: sets the given defaults (the others stay), or prints them. */
export async function accountsDefaultsCommand(
  session: Session,
  given: Partial<AccountDefaults>,
): Promise<number> {
  let account = await session.account();
  const t = wordsIn(session.language, 'cli');
  const changed = Object.keys(given).length > 0;
  if (changed) {
    account = await session.call<AccountView>('accounts:set-defaults', {
      id: account.id,
      defaults: { ...account.defaults, ...given },
    });
  }
  const width = Math.max(...Object.keys(defaultOptions).map((flag) => flag.length)) + 2;
  const lines = Object.entries(defaultOptions).map(
    ([flag, key]) => `  ${`--${flag}`.padEnd(width + 2)}${account.defaults[key] || t('defaultsEmpty')}`,
  );
  session.out([t(changed ? 'defaultsSaved' : 'defaultsOf', { account: account.name }), ...lines].join('\n'));
  return EXIT.ok;
}
