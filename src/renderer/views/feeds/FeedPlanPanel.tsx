import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedView } from '../../../shared/domain/feeds';
import { countNotReady, feedActions, isApplied, type FeedAction } from '../../../shared/domain/feeds';
import { useRoleGate } from '../../components/RoleGate';
import { useFeedsStore } from '../../store/feeds-store';
import { FeedRows, type FeedRowItem } from './FeedRows';
import { FeedCounts, HeldBanner } from './FeedSummary';
import { useFeedWords } from './use-feed-words';
import { UnmappedCategories } from '../../components/category-mapping/UnmappedCategories';
import { FeedSample, FeedSourceRead } from './FeedSample';

type Filter = 'changes' | 'all' | 'not-ready' | FeedAction;

/** Shown among the changes: what a run does, and the new rows that wait for the seller's mapping. */
const shownAsChange = (action: FeedAction) => isApplied(action) || action === 'wait';

/** The plan of the feed's next run, read from the file now; a first run waits here for the seller's yes. */
export function FeedPlanPanel({ feed }: { feed: FeedView }) {
  const { t } = useTranslation();
  const id = useId();
  const words = useFeedWords();
  const state = useFeedsStore((s) => s.plans[feed.id]);
  const running = useFeedsStore((s) => s.starting.has(feed.id) || s.progress[feed.id] !== undefined);
  const [filter, setFilter] = useState<Filter>('changes');
  // Issue 37.2: running a feed needs the publish role.
  const runGate = useRoleGate('run-feeds');
  const plan = state?.status === 'ready' ? state.plan : null;

  const items = useMemo<FeedRowItem[]>(() => {
    if (!plan) return [];
    const kept = plan.entries.filter((entry) =>
      filter === 'all'
        ? true
        : filter === 'changes'
          ? shownAsChange(entry.action)
          : filter === 'not-ready'
            ? (entry.notReady?.length ?? 0) > 0
            : entry.action === filter,
    );
    return kept.map((entry, i) => {
      const flag = words.notReady(entry);
      return {
        key: `${entry.reference ?? ''}:${entry.row ?? ''}:${i}`,
        badge: { kind: entry.action, text: words.action(entry.action) },
        title: entry.title,
        reference: entry.reference ?? t('feeds.plan.noReference'),
        why: words.why(entry),
        ...(flag !== undefined && { flag }),
      };
    });
  }, [plan, filter, words, t]);

  const changes = plan ? plan.entries.filter((entry) => isApplied(entry.action)).length : 0;
  const shown = plan ? plan.entries.filter((entry) => shownAsChange(entry.action)).length : 0;
  const notReady = plan ? countNotReady(plan.entries) : 0;
  const filters: Filter[] = plan
    ? [
        'changes',
        'all',
        ...feedActions.filter((action) => (plan.counts[action] ?? 0) > 0),
        ...(notReady > 0 ? (['not-ready'] as const) : []),
      ]
    : [];
  const { plan: readAgain, run } = useFeedsStore.getState();

  return (
    <section className="panel" aria-labelledby={`${id}-heading`} data-testid="feed-plan">
      <div className="panel-head">
        <h2 id={`${id}-heading`}>
          {plan?.needsApproval ? t('feeds.plan.firstHeading') : t('feeds.plan.heading')}
        </h2>
        <button
          type="button"
          disabled={state?.status === 'reading' || running}
          onClick={() => void readAgain(feed.id)}
        >
          {t('feeds.plan.readAgain')}
        </button>
      </div>
      {state?.status === 'reading' && (
        <p className="muted" role="status">
          {t('feeds.plan.reading')}
        </p>
      )}
      {state?.status === 'failed' && (
        <p className="banner error" role="alert" data-testid="feed-plan-failed">
          {t('feeds.plan.failed', { message: state.message })}
        </p>
      )}
      {plan && (
        <>
          <p className="muted small">
            {t('feeds.plan.read', { time: words.time(plan.at), count: plan.rows })}
          </p>
          <FeedSourceRead plan={plan} />
          <FeedCounts counts={plan.counts} done={false} testId="feed-plan-counts" />
          <HeldBanner held={plan.held} testId="feed-held" />
          {plan.unmapped && (
            // Mapped here, a shop category counts at once: the plan is read again with it.
            <div data-testid="feed-unmapped">
              <UnmappedCategories items={plan.unmapped} onMapped={() => void readAgain(feed.id)} />
            </div>
          )}
          {plan.unknownColumns && (
            <p className="muted small" data-testid="feed-unknown-columns">
              {t(
                plan.unknownColumns.length === 1 ? 'feeds.plan.unknownColumn' : 'feeds.plan.unknownColumns',
                {
                  columns: plan.unknownColumns.join(', '),
                },
              )}
            </p>
          )}
          <FeedSample sample={plan.sample} />
          {notReady > 0 && (
            // Said before the seller's yes: a run that publishes would fail on these rows.
            <div className="banner warning stacked" role="alert" data-testid="feed-not-ready">
              <p>
                <strong>{t('feeds.plan.notReadyTitle', { count: notReady })}</strong>
              </p>
              <p>{t(feed.publish ? 'feeds.plan.notReadyPublish' : 'feeds.plan.notReadyDraft')}</p>
            </div>
          )}
          {plan.held.length === 0 && changes === 0 && !plan.counts.wait && (
            <p className="muted">{t('feeds.plan.nothing')}</p>
          )}
          {plan.held.length === 0 && plan.needsApproval && (
            <div className="feed-yes banner warning" data-testid="feed-yes">
              <p>{t('feeds.plan.firstRun')}</p>
              {runGate.wrap(
                <button
                  type="button"
                  className="primary"
                  disabled={running}
                  onClick={runGate.guard(() => run(feed.id))}
                  {...runGate.control()}
                >
                  {running ? t('feeds.plan.running') : t('feeds.plan.yes')}
                </button>,
              )}
            </div>
          )}
          {plan.held.length === 0 && !plan.needsApproval && changes > 0 && (
            <div className="feed-yes">
              <p className="muted">{t('feeds.plan.later')}</p>
              {runGate.wrap(
                <button
                  type="button"
                  className="primary"
                  disabled={running}
                  onClick={runGate.guard(() => run(feed.id))}
                  {...runGate.control()}
                >
                  {running ? t('feeds.plan.running') : t('feeds.plan.runNow')}
                </button>,
              )}
            </div>
          )}
          {plan.entries.length > 0 && (
            <>
              <div className="feed-filter" role="group" aria-label={t('feeds.plan.filterLabel')}>
                {filters.map((value) => (
                  <button
                    key={value}
                    type="button"
                    className="feed-chip"
                    aria-pressed={filter === value}
                    onClick={() => setFilter(value)}
                  >
                    {value === 'changes'
                      ? t('feeds.plan.filterChanges', { count: shown })
                      : value === 'all'
                        ? t('feeds.plan.filterAll', { count: plan.entries.length })
                        : value === 'not-ready'
                          ? t('feeds.plan.notReadyFilter', { count: notReady })
                          : `${words.action(value)} (${plan.counts[value] ?? 0})`}
                  </button>
                ))}
              </div>
              {items.length === 0 ? (
                <p className="muted">{t('feeds.plan.noneInFilter')}</p>
              ) : (
                <FeedRows items={items} label={t('feeds.plan.rowsLabel')} testId="feed-plan-rows" />
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
