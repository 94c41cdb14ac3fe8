import { useTranslation } from 'react-i18next';
import type { KeychainStatus } from '../../shared/ipc/types';

type SessionOnly = Extract<KeychainStatus, { mode: 'session-only' }>;

/** Why the keychain cannot be used, in the seller's words (from the problem's name). */
export function useKeychainReason(): (status: SessionOnly) => string {
  const { t } = useTranslation();
  return (status) => (status.problem ? t(`keychainProblem.${status.problem}`) : status.reason);
}

/** The system's own words about the keychain, folded away under "Details". */
export function KeychainDetails({ status }: { status: SessionOnly }) {
  const { t } = useTranslation();
  if (!status.detail) return null;
  return (
    <details className="service-details">
      <summary>{t('common.details')}</summary>
      <p lang="en">{status.detail}</p>
    </details>
  );
}
