import { useTranslation } from 'react-i18next';
import { useAccountsStore } from '../../store/accounts-store';
import { useDraftsStore } from '../../store/drafts-store';

const ALL = ':all';
const REMOVED = ':removed';

/**
 * Whose drafts the list shows (issue 15.1): the selected account's (the default, following the
 * selection in Settings), every account's, or those of a removed account. Choosing another account
 * here selects it, as in Settings: new drafts then belong to it too.
 */
export function AccountScopeSelect() {
  const { t } = useTranslation();
  const scope = useDraftsStore((s) => s.accountScope);
  const counts = useDraftsStore((s) => s.result?.accountCounts);
  const state = useAccountsStore((s) => s.state);
  if (!state) return null;
  const known = new Set(state.accounts.map((a) => a.id));
  const removed = Object.entries(counts ?? {})
    .filter(([id]) => !known.has(id))
    .reduce((sum, [, count]) => sum + count, 0);
  const value = scope === 'all' ? ALL : scope === 'removed' ? REMOVED : state.activeId;

  const choose = (next: string) => {
    const drafts = useDraftsStore.getState();
    if (next === ALL) drafts.setAccountScope('all');
    else if (next === REMOVED) drafts.setAccountScope('removed');
    else {
      drafts.setAccountScope('selected');
      if (next !== state.activeId) void useAccountsStore.getState().select(next);
    }
  };

  return (
    <label className="drafts-select drafts-account-scope">
      <span>{t('accountsApart.scope.label')}</span>
      <select value={value} onChange={(event) => choose(event.target.value)}>
        {state.accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.id === state.activeId
              ? t('accountsApart.scope.selectedSuffix', { name: account.name })
              : account.name}
          </option>
        ))}
        <option value={ALL}>{t('accountsApart.scope.all')}</option>
        {(removed > 0 || scope === 'removed') && (
          <option value={REMOVED}>{t('accountsApart.scope.removed', { count: removed })}</option>
        )}
      </select>
    </label>
  );
}
