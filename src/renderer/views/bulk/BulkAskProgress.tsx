// Issue 37.4: a bulk edit of live ads on a desk that must ask. Each ad that changes becomes a request
// of its own (one after another): how far it is, then how many were asked, and why any was not.
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../store/app-store';
import type { BulkAsking } from '../../store/bulk-store';
import { useBulkStore } from '../../store/bulk-store';

/** The requests being made (or made) for the preview's ads, with each ad's outcome. */
export function BulkAskProgress({ asking }: { asking: BulkAsking }) {
  const { t } = useTranslation();
  const asked = asking.results.filter((result) => result.requestId !== undefined).length;
  return (
    <section className="bulk-job" aria-label={t('live.bulkAsk.label')} data-testid="bulk-ask">
      <p role="status" data-testid="bulk-ask-status">
        {asking.running
          ? t('live.bulkAsk.progress', { done: asking.results.length, total: asking.total })
          : t('live.bulkAsk.finished', { count: asked, total: asking.total })}
      </p>
      <progress
        max={Math.max(asking.total, 1)}
        value={asking.results.length}
        aria-label={t('live.bulkAsk.label')}
      />
      <ul className="bulk-job-items">
        {asking.results.map((result) => (
          <li
            key={result.uuid}
            className={`bulk-item bulk-item-${result.requestId ? 'done' : 'failed'}`}
            data-state={result.requestId ? 'asked' : 'failed'}
          >
            <strong>{result.title.trim() || t('bulk.untitled')}</strong>
            <span className="bulk-item-state">
              {t(result.requestId ? 'live.bulkAsk.asked' : 'live.bulkAsk.notAsked')}
            </span>
            {result.failure && (
              <div className="bulk-item-failure" role="alert">
                <span>{result.failure.message}</span>
              </div>
            )}
          </li>
        ))}
      </ul>
      {!asking.running && asked > 0 && (
        <button
          type="button"
          onClick={() => {
            useBulkStore.getState().close();
            useAppStore.getState().navigate('approvals');
          }}
        >
          {t('live.bulkAsk.open')}
        </button>
      )}
    </section>
  );
}
