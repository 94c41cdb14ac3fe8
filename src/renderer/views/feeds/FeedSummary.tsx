import { useTranslation } from 'react-i18next';
import { feedActions, type FeedCounts as Counts, type FeedHold } from '../../../shared/domain/feeds';
import { useFeedWords } from './use-feed-words';

/** The counts on top of a plan or a run: one figure per action that has any. */
export function FeedCounts({
  counts,
  done,
  failed = 0,
  testId,
}: {
  counts: Counts;
  /** A run's counts (what was done), else a plan's (what would be). */
  done: boolean;
  /** A run's ads that failed. */
  failed?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const shown = feedActions.filter((action) => (counts[action] ?? 0) > 0);
  return (
    <ul className="feed-counts" data-testid={testId}>
      {shown.map((action) => (
        <li key={action}>
          <strong>{counts[action]}</strong> {done ? t(`feeds.done.${action}`) : t(`feeds.count.${action}`)}
        </li>
      ))}
      {failed > 0 && (
        <li className="danger-text">
          <strong>{failed}</strong> {t('feeds.done.failed')}
        </li>
      )}
    </ul>
  );
}

/** What the safety valve held, in plain words, and that nothing was (or will be) applied. */
export function HeldBanner({ held, testId }: { held: readonly FeedHold[]; testId: string }) {
  const { t } = useTranslation();
  const words = useFeedWords();
  if (held.length === 0) return null;
  return (
    <div className="banner warning stacked" role="alert" data-testid={testId}>
      <p>
        <strong>{t('feeds.plan.heldTitle')}</strong>
      </p>
      <ul>
        {held.map((hold, i) => (
          <li key={i}>{words.hold(hold)}</li>
        ))}
      </ul>
      <p>{t('feeds.plan.heldTodo')}</p>
    </div>
  );
}
