// What shows while a part's code loads: usually nothing to see (a chunk from disk takes a few
// milliseconds), so the words fade in only after a moment; screen readers hear them at once.
import { useTranslation } from 'react-i18next';
import './lazy.css';

/** The Suspense fallback of a view (`fill`: takes the view's whole place) or of a pane. */
export function PartLoading({ fill = false }: { fill?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fill ? 'part-loading fill' : 'part-loading'} role="status" aria-live="polite">
      <span className="part-loading-text muted">{t('app.loadingPart')}</span>
    </div>
  );
}
