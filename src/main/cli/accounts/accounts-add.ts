// `accounts add NAME --auth-url URL --base-url URL --client-id ID`: an account of the listing
// service, its secret read from standard input or a prompt and kept in the OS keychain exactly as
// Settings → Accounts keeps it, then tested as Test connection does (keeping the addresses that
// answer). A NAME that exists already is that account, updated: how a mistyped address is fixed.
import type { AccountsState, AccountView } from '../../../shared/ipc/types';
import { wordsIn } from '../../i18n';
import { UsageError } from '../args';
import { testAccount } from './accounts';
import { readSecret, ExitWith, type Session } from '../session';
import { EXIT } from '../words';

export async function accountsAddCommand(
  session: Session,
  name: string,
  service: { authUrl: string; baseUrl: string; clientId: string },
): Promise<number> {
  const t = wordsIn(session.language, 'cli');
  const state = await session.call<AccountsState>('accounts:list');
  // main.ts refuses before the folder is touched; this holds should the store change its mind.
  if (state.keychain.mode !== 'keychain')
    throw new ExitWith(EXIT.noKeychain, t('noKeychain', { why: state.keychain.reason }));
  const wanted = name.toLowerCase();
  const existing = state.accounts.find((account) => account.name.trim().toLowerCase() === wanted);
  if (existing?.kind === 'sandbox') throw new UsageError({ problem: 'sandbox-name', name });
  const secret = await readSecret(t('secretPrompt', { account: name }));
  if (secret === null) throw new ExitWith(EXIT.interrupted, t('secretNotGiven'));
  if (secret.trim() === '') throw new UsageError({ problem: 'secret-empty' });
  const saved = await session.call<AccountView>('accounts:save', {
    ...(existing && { id: existing.id }),
    // The name as the seller first gave it: "laden" updates "Laden", it does not rename it.
    name: existing?.name ?? name,
    ...service,
    secret,
  });
  const lines = [t(existing ? 'accountUpdated' : 'accountAdded', { account: saved.name })];
  // A desk still on its Sandbox has chosen no account yet: the first real one is it (the accounts
  // service's rule, as in the window, where it follows a successful test).
  // Asked for a new account only: a seller who went back to the Sandbox and fixes the one account
  // (a second add of its name) keeps the Sandbox.
  const chosen =
    !existing && (await session.call<{ chosen: boolean }>('accounts:use-if-first', { id: saved.id })).chosen;
  if (chosen) lines.push(t('accountSelected', { account: saved.name }));
  session.out(lines.join('\n'));
  return testAccount(session, saved);
}
