// Issue 26.4: the Sandbox is a test service (the embedded listing service), and every place that
// shows an ad's state says so, so that a seller never takes a Sandbox ad for one on the marketplace.
import { useTranslation } from 'react-i18next';
import { useAccountsStore } from '../store/accounts-store';
import { useAppStore } from '../store/app-store';
import './test-service.css';

/** Whether the account is the Sandbox (the embedded test service). */
export function useIsTestAccount(accountId: string | null | undefined): boolean {
  return useAccountsStore(
    (s) =>
      accountId != null && s.state?.accounts.some((a) => a.id === accountId && a.kind === 'sandbox') === true,
  );
}

/** A small "Test" badge beside an ad's state when its account is the Sandbox; nothing otherwise. */
export function TestBadge({ accountId }: { accountId: string | null | undefined }) {
  const { t } = useTranslation();
  if (!useIsTestAccount(accountId)) return null;
  return (
    <span className="badge test-service" title={t('testService.explain')} data-testid="test-badge">
      {t('testService.badge')}
    </span>
  );
}

/** A line saying the ads shown are on the test service, with the way to the real account. */
export function TestServiceNote({ accountId, text }: { accountId: string | null | undefined; text: string }) {
  const { t } = useTranslation();
  if (!useIsTestAccount(accountId)) return null;
  return (
    <p className="test-service-note" role="note" data-testid="test-service-note">
      <span className="badge test-service">{t('testService.badge')}</span> {text}{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => useAppStore.getState().navigate('settings')}
      >
        {t('testService.connect')}
      </button>{' '}
      {/* The way there stays outside the button, so that its name is not the Settings item's. */}
      {t('testService.connectWhere')}
    </p>
  );
}
