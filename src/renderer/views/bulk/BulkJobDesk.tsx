import { useTranslation } from 'react-i18next';
import type { BulkJob } from '../../../shared/domain/bulk';

/**
 * In a shop: which desk runs a bulk job, where it was started, that it waits for a desk with the
 * secret, or that it waits here for the shop's database to be reached.
 */
export function BulkJobDesk({ desk }: { desk: NonNullable<BulkJob['desk']> }) {
  const { t } = useTranslation();
  const runner =
    desk.runner === null
      ? t('bulk.job.desk.none')
      : desk.here
        ? t('bulk.job.desk.here', { desk: desk.runner })
        : t('bulk.job.desk.elsewhere', { desk: desk.runner });
  if (desk.unsent)
    return (
      <p className="small bulk-job-desk" data-testid="bulk-job-desk" role="status">
        {t('bulk.job.desk.unsent')}
      </p>
    );
  return (
    <p className="muted small bulk-job-desk" data-testid="bulk-job-desk">
      {desk.waiting ? t('bulk.job.desk.waiting') : runner}
      {desk.requestedBy !== desk.runner && <> {t('bulk.job.desk.startedOn', { desk: desk.requestedBy })}</>}
    </p>
  );
}
