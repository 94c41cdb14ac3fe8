import { useTranslation } from 'react-i18next';
import { DueWaits } from '../../components/DueWaits';
import { useAccountsStore } from '../../store/accounts-store';
import { useFeedsStore } from '../../store/feeds-store';
import { useFeedWords } from './use-feed-words';

/** Every feed: its source, account, schedule, last run with its outcome, and next run. */
export function FeedList() {
  const { t } = useTranslation();
  const words = useFeedWords();
  const feeds = useFeedsStore((s) => s.feeds);
  const progress = useFeedsStore((s) => s.progress);
  const accounts = useAccountsStore((s) => s.state?.accounts ?? []);
  if (feeds.length === 0) return null;
  return (
    <section className="panel" aria-label={t('feeds.list.label')}>
      <DueWaits action="run-feeds" />
      <table className="feeds-table" data-testid="feeds-table">
        <thead>
          <tr>
            <th scope="col">{t('feeds.list.name')}</th>
            <th scope="col">{t('feeds.list.source')}</th>
            <th scope="col">{t('feeds.list.account')}</th>
            <th scope="col">{t('feeds.list.schedule')}</th>
            <th scope="col">{t('feeds.list.lastRun')}</th>
            <th scope="col">{t('feeds.list.nextRun')}</th>
          </tr>
        </thead>
        <tbody>
          {feeds.map((feed) => {
            const outcome = words.outcome(feed, progress[feed.id] !== undefined);
            return (
              <tr key={feed.id} data-testid="feed-row">
                <th scope="row">
                  <button
                    type="button"
                    className="feed-name-button"
                    onClick={() => useFeedsStore.getState().open(feed.id)}
                  >
                    {feed.name}
                  </button>
                </th>
                <td className="feed-source">{words.source(feed.source)}</td>
                <td>
                  {accounts.find((account) => account.id === feed.accountId)?.name ??
                    t('feeds.list.noAccount')}
                </td>
                <td>{words.schedule(feed)}</td>
                <td>
                  {feed.lastRun ? words.time(feed.lastRun.startedAt) : t('feeds.list.never')}{' '}
                  <span className="feed-outcome" data-outcome={outcome.kind}>
                    {outcome.text}
                  </span>
                </td>
                <td>{words.nextRun(feed)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
