// A draft's account as the Drafts view names it (issue 15.1): always the draft's own, never the
// selected one; a draft whose account was removed says so, so the seller can move it.
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/ipc/types';
import { useAccountsStore } from '../../store/accounts-store';

/** The account `accountId` names, or undefined (removed, none, or accounts not loaded yet). */
export function useAccount(accountId: string | null | undefined): AccountView | undefined {
  return useAccountsStore((s) =>
    accountId ? s.state?.accounts.find((account) => account.id === accountId) : undefined,
  );
}

/** The name shown for a draft's account; `removed` when no account of that id exists. */
export function useAccountLabel(accountId: string | null | undefined): { name: string; removed: boolean } {
  const { t } = useTranslation();
  const loaded = useAccountsStore((s) => s.state !== undefined);
  const account = useAccount(accountId);
  if (account) return { name: account.name, removed: false };
  // Until the accounts arrive nothing is said, rather than "removed" for a moment.
  if (!loaded) return { name: '', removed: false };
  return { name: t('accountsApart.removedAccount'), removed: true };
}
