import { useTranslation } from 'react-i18next';
import { useConnectionStore } from '../bridge/connection-store';

/** The web shell's connection to main is gone: says why and offers to reload the page. */
export function ConnectionLost() {
  const { t } = useTranslation();
  const lost = useConnectionStore((s) => s.lost);
  if (!lost) return null;
  return (
    <div className="banner error" role="alert" data-testid="connection-lost">
      <strong>{t('connection.title')}</strong> <span>{t(`connection.${lost}`)}</span>
      <button type="button" onClick={() => window.location.reload()}>
        {t('connection.reload')}
      </button>
    </div>
  );
}
