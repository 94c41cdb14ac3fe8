import { useTranslation } from 'react-i18next';
import { bulkJobRunning, type BulkJob } from '../../../shared/domain/bulk';
import { useProblemText } from '../../components/problem-text';
import { ServiceDetails } from '../../components/ServiceDetails';
import { useBulkStore } from '../../store/bulk-store';
import { BulkJobDesk } from './BulkJobDesk';
import { useFieldName, useRowNote, useValueText } from './BulkValues';

/** How far a job of live ads is, and each ad's result; a failed ad says why and can be tried again. */
export function BulkJobProgress({ job }: { job: BulkJob }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const valueText = useValueText();
  const fieldName = useFieldName();
  const note = useRowNote();
  const busy = useBulkStore((s) => s.busy);
  const work = job.items.filter((item) => item.patch !== null || item.state === 'failed');
  const done = work.filter((item) => item.state === 'done' || item.state === 'failed').length;
  const ok = work.filter((item) => item.state === 'done').length;
  const running = bulkJobRunning(job);
  const failed = job.items.some((item) => item.state === 'failed' && item.patch);
  return (
    <section className="bulk-job" aria-label={t('bulk.job.label')} data-testid="bulk-job">
      <p role="status" data-testid="bulk-job-status">
        {running
          ? t('bulk.job.progress', { done, total: work.length })
          : t('bulk.job.finished', { ok, total: work.length })}
      </p>
      <progress max={Math.max(work.length, 1)} value={done} aria-label={t('bulk.job.label')} />
      {job.desk && <BulkJobDesk desk={job.desk} />}
      {running && <p className="bulk-hint">{t('bulk.job.goesOn')}</p>}
      <ul className="bulk-job-items">
        {job.items.map((item) => (
          <li key={item.uuid} className={`bulk-item bulk-item-${item.state}`} data-state={item.state}>
            <strong>{item.title.trim() || t('bulk.untitled')}</strong>
            <span className="bulk-item-state">{t(`bulk.job.states.${item.state}`)}</span>
            {item.changes.map((change, index) => (
              <span key={index} className="bulk-item-change">
                {fieldName(change)}: {valueText(change, change.before)} → {valueText(change, change.after)}
              </span>
            ))}
            {(item.state === 'same' || item.state === 'invalid') && (
              <span className="bulk-item-note">
                {note({
                  id: item.uuid,
                  title: item.title,
                  outcome: item.state,
                  changes: [],
                  ...(item.reason && { reason: item.reason }),
                })}
              </span>
            )}
            {item.state === 'failed' && item.failure && (
              <div className="bulk-item-failure" role="alert">
                <span>{problemText(item.failure)}</span>
                <ServiceDetails
                  status={item.failure.status}
                  title={item.failure.title}
                  detail={item.failure.detail}
                />
                {item.patch && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void useBulkStore.getState().retry(job.id, item.uuid)}
                  >
                    {t('bulk.job.retry')}
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {!running && failed && (
        <button type="button" disabled={busy} onClick={() => void useBulkStore.getState().retry(job.id)}>
          {t('bulk.job.retryFailed')}
        </button>
      )}
    </section>
  );
}
