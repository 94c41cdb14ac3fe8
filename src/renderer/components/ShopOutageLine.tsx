// While the shop's database cannot be reached, every view says so in one line (issue 32.3): since
// when, and how many changes wait to go up; in Publishing, why publishing waits too. Fed by main's
// shop events (shop:changed), which come whenever the link or what waits moves.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../store/app-store';
import { useShopStore } from '../store/shop-store';
import './shop-outage.css';

/** The outage line of a desk in a shop; nothing while the database answers or on a lone desk. */
export function ShopOutageLine() {
  const { t, i18n } = useTranslation();
  const status = useShopStore((s) => s.status);
  const view = useAppStore((s) => s.view);
  useEffect(() => {
    const { follow, load } = useShopStore.getState();
    const stop = follow();
    // A status that cannot be read shows no line: the views say what fails when it matters.
    load().catch(() => undefined);
    return stop;
  }, []);
  // Main words the link's problem in the seller's language: read again in the one just chosen.
  const language = i18n.language;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    useShopStore
      .getState()
      .load()
      .catch(() => undefined);
  }, [language]);
  const link = status?.member ? status.link : undefined;
  if (!status || link?.state !== 'offline') return null;
  const since = new Date(link.since).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <div className="banner warning shop-outage" role="status" data-testid="shop-outage">
      <strong>{t('shopOutage.title')}</strong>{' '}
      <span>
        {t('shopOutage.since', { when: since })} {t('shopOutage.waiting', { count: status.waiting })}
        {view === 'publishing' && <> {t('shopOutage.publishing')}</>}
      </span>
    </div>
  );
}
