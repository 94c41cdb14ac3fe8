import { useTranslation } from 'react-i18next';
import { useAccountsStore } from '../../store/accounts-store';
import { useDraftsStore } from '../../store/drafts-store';

/** Tells the seller which accounts drafts saved without one were given at upgrade, until read. */
export function AccountUpgradeNotice() {
  const { t } = useTranslation();
  const notice = useDraftsStore((s) => s.result?.accountUpgrade ?? null);
  const accounts = useAccountsStore((s) => s.state?.accounts ?? []);
  if (!notice) return null;
  const total = notice.accounts.reduce((sum, entry) => sum + entry.count, 0);
  const nameOf = (id: string) => accounts.find((a) => a.id === id)?.name ?? t('accountsApart.removedAccount');
  return (
    <section className="banner info account-upgrade" aria-labelledby="account-upgrade-title">
      <div>
        <h2 id="account-upgrade-title">{t('accountsApart.upgrade.title', { count: total })}</h2>
        <p>{t('accountsApart.upgrade.intro')}</p>
        <ul>
          {notice.accounts.map((entry) => (
            <li key={entry.accountId}>
              {t('accountsApart.upgrade.line', { count: entry.count, account: nameOf(entry.accountId) })}{' '}
              <span className="muted">
                {entry.fromRecords > 0
                  ? t('accountsApart.upgrade.recorded', { count: entry.fromRecords })
                  : t('accountsApart.upgrade.selected')}
              </span>
            </li>
          ))}
        </ul>
        <p>{t('accountsApart.upgrade.how')}</p>
      </div>
      <button type="button" onClick={() => void useDraftsStore.getState().dismissAccountUpgrade()}>
        {t('accountsApart.upgrade.dismiss')}
      </button>
    </section>
  );
}
