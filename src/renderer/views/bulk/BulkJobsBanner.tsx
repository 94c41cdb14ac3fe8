import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkJobRunning } from '../../../shared/domain/bulk';
import { useBulkStore } from '../../store/bulk-store';
import { BulkJobProgress } from './BulkJobProgress';
import './bulk.css';

/**
 * The jobs of live ads outside the dialog (closed, or after a restart): each while it runs or has
 * failed ads, with its results, until dismissed.
 */
export function BulkJobsBanner() {
  const { t } = useTranslation();
  const jobs = useBulkStore((s) => s.jobs);
  const shown = useBulkStore((s) => (s.dialog ? s.jobId : null));
  useEffect(() => useBulkStore.getState().follow(), []);
  const open = jobs.filter(
    (job) => job.id !== shown && (bulkJobRunning(job) || job.items.some((item) => item.state === 'failed')),
  );
  if (open.length === 0) return null;
  return (
    <div className="bulk-banners">
      {open.map((job) => (
        <div key={job.id} className="bulk-banner">
          <BulkJobProgress job={job} />
          {!bulkJobRunning(job) && (
            <button type="button" onClick={() => void useBulkStore.getState().dismiss(job.id)}>
              {t('bulk.job.dismiss')}
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
