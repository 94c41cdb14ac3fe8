import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../../i18n/use-dates';
import { relativeAgo } from './relative-time';

/** How often the words "2 minutes ago" are worked out again. */
const TICK_MS = 15_000;

/** When the list was last heard from the service, kept current while the view is open. */
export function LastUpdated({ fetchedAt, failed }: { fetchedAt: string | null; failed: boolean }) {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [fetchedAt]);
  if (!fetchedAt) return failed ? <span>{t('inventory.neverUpdated')}</span> : null;
  const then = Date.parse(fetchedAt);
  const ago = relativeAgo(then, now, i18n.language);
  const exact = dates.dateTime(then);
  return (
    <span data-testid="listings-updated" title={exact}>
      {ago ? t('inventory.lastUpdated', { when: ago }) : t('inventory.lastUpdatedJustNow')}
      {failed && (
        <strong className="inventory-failed" data-testid="listings-refresh-failed">
          {' · '}
          {t('inventory.lastRefreshFailed')}
        </strong>
      )}
    </span>
  );
}
