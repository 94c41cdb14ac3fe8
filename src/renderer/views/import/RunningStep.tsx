import { useTranslation } from 'react-i18next';
import { useImportStore } from '../../store/import-store';

/** Step 4 while it runs: drafts written, then photos taken in, as main reports them. */
export function RunningStep({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const progress = useImportStore((s) => s.progress);
  const label =
    !progress || progress.phase === 'done'
      ? t('import.running.starting')
      : t(`import.running.${progress.phase}`, { done: progress.done, total: progress.total });
  return (
    <div className="import-form" role="group" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {t('import.running.heading')}
      </h2>
      <progress
        className="import-progress"
        aria-label={t('import.running.progress')}
        aria-valuetext={label}
        {...(progress && progress.total > 0 ? { value: progress.done, max: progress.total } : {})}
      />
      <p role="status" data-testid="import-progress">
        {label}
      </p>
      <p className="muted small">{t('import.running.keepOpen')}</p>
    </div>
  );
}
