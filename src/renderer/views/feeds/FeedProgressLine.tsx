import { useTranslation } from 'react-i18next';
import { useFeedsStore } from '../../store/feeds-store';

/** A run's progress while it applies its plan: ads done of all, as figures and a bar. */
export function FeedProgressLine({ feedId }: { feedId: string }) {
  const { t } = useTranslation();
  const progress = useFeedsStore((s) => s.progress[feedId]);
  const starting = useFeedsStore((s) => s.starting.has(feedId));
  if (!progress && !starting) return null;
  const text =
    !progress || progress.phase === 'plan'
      ? t('feeds.progress.reading')
      : t('feeds.progress.applying', { done: progress.done, total: progress.total });
  return (
    <section
      className="panel feed-progress"
      aria-label={t('feeds.progress.label')}
      data-testid="feed-progress"
    >
      <span role="status">{text}</span>
      {progress && progress.phase === 'apply' ? (
        <progress
          max={Math.max(1, progress.total)}
          value={progress.done}
          aria-label={t('feeds.progress.label')}
        />
      ) : (
        <progress aria-label={t('feeds.progress.label')} />
      )}
    </section>
  );
}
