import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLifecycleStore } from './lifecycle-store';
import '../live.css';

/**
 * What a delete did, shown where the ad was: gone (or sold) and what became of its drafts. It takes
 * focus when it appears, since the button that was pressed left with the ad.
 */
export function LifecycleNotice() {
  const { t } = useTranslation();
  const notice = useLifecycleStore((s) => s.notice);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) box.current?.focus();
  }, [notice]);
  if (!notice) return null;
  const { title, result } = notice;
  const ended = result.drafts.filter((d) => d.outcome === 'ended').length;
  const unlinked = result.drafts.filter((d) => d.outcome === 'unlinked').length;
  const headline = result.sold
    ? t('lifecycle.sold.done', { title })
    : t(result.outcome === 'gone' ? 'lifecycle.delete.doneGone' : 'lifecycle.delete.done', { title });
  return (
    <div
      className="banner lifecycle-notice"
      role="status"
      tabIndex={-1}
      ref={box}
      data-testid="lifecycle-notice"
    >
      <span>
        {headline}
        {ended > 0 && ` ${t('lifecycle.drafts.ended', { count: ended })}`}
        {unlinked > 0 && ` ${t('lifecycle.drafts.unlinked', { count: unlinked })}`}
      </span>
      <button type="button" onClick={() => useLifecycleStore.getState().dismissNotice()}>
        {t('errors.dismiss')}
      </button>
    </div>
  );
}
