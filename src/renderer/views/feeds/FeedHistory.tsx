import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedRun } from '../../../shared/domain/feeds';
import { useRoleGate } from '../../components/RoleGate';
import { useFeedsStore } from '../../store/feeds-store';
import { FeedCounts, HeldBanner } from './FeedSummary';
import { FeedHeldApproval } from './FeedHeldApproval';
import { FeedRows, type FeedRowItem } from './FeedRows';
import { runCounts, type OutcomeKind } from './feed-words';
import { useFeedWords } from './use-feed-words';

/** A run's report: each ad it touched with its outcome; a failed one says why and offers Retry. */
function RunReport({ run }: { run: FeedRun }) {
  const { t } = useTranslation();
  const words = useFeedWords();
  const busy = useFeedsStore((s) => s.starting.has(run.feedId));
  const items = useMemo<FeedRowItem[]>(
    () =>
      run.entries
        .filter((entry) => entry.action !== 'unchanged')
        .map((entry, i) => {
          const failed = entry.outcome === 'failed';
          return {
            key: `${entry.reference ?? ''}:${i}`,
            badge: failed
              ? { kind: 'failed', text: t('feeds.history.failedAd') }
              : {
                  kind: entry.action,
                  text:
                    entry.outcome === 'done'
                      ? t(`feeds.applied.${entry.action}`)
                      : words.action(entry.action),
                },
            title: entry.title,
            reference: entry.reference ?? t('feeds.plan.noReference'),
            why: failed
              ? t('feeds.history.failedWhy', {
                  action: words.action(entry.action),
                  message: entry.failure?.message ?? '',
                })
              : entry.outcome === 'pending'
                ? t('feeds.history.pending')
                : words.why(entry),
            failed,
            actions:
              failed && entry.reference !== null ? (
                <button
                  type="button"
                  disabled={busy}
                  aria-label={t('feeds.history.retryOneLabel', { title: entry.title })}
                  onClick={() =>
                    void useFeedsStore.getState().retry(run.feedId, run.id, entry.reference ?? undefined)
                  }
                >
                  {t('feeds.history.retryOne')}
                </button>
              ) : undefined,
          };
        }),
    [run, words, t, busy],
  );
  if (items.length === 0) return <p className="muted small">{t('feeds.history.noAds')}</p>;
  return <FeedRows items={items} label={t('feeds.history.rowsLabel')} testId="feed-run-rows" />;
}

/** One run in short: when, who started it, its outcome and counts; its report on demand. */
function RunItem({
  run,
  newest,
  open,
  onToggle,
}: {
  run: FeedRun;
  newest: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const words = useFeedWords();
  const busy = useFeedsStore((s) => s.starting.has(run.feedId));
  // Issue 37.2: running a feed again needs the publish role.
  const retryGate = useRoleGate('run-feeds');
  const kind: OutcomeKind = run.state === 'done' && run.failed > 0 ? 'failed' : run.state;
  return (
    <li className="feed-run" data-testid="feed-run">
      <div className="feed-run-head">
        <strong>{words.time(run.startedAt)}</strong>
        <span className="muted small">{t(`feeds.history.trigger.${run.trigger}`)}</span>
        {run.ranBy !== undefined && (
          <span className="muted small" data-testid="feed-run-desk">
            {t('feeds.history.ranBy', { desk: run.ranBy })}
          </span>
        )}
        <span className="feed-outcome" data-outcome={kind}>
          {t(`feeds.outcome.${kind}`)}
        </span>
        {run.failed > 0 && (
          <>
            {retryGate.wrap(
              <button
                type="button"
                disabled={busy}
                onClick={retryGate.guard(() => useFeedsStore.getState().retry(run.feedId, run.id))}
                {...retryGate.control()}
              >
                {t('feeds.history.retry', { count: run.failed })}
              </button>,
            )}
          </>
        )}
        <button
          type="button"
          className="feed-run-toggle"
          aria-expanded={open}
          aria-controls={`${id}-report`}
          onClick={onToggle}
        >
          {open ? t('feeds.history.hide') : t('feeds.history.show')}
        </button>
      </div>
      {run.state === 'held' ? (
        <FeedCounts counts={run.counts} done={false} testId="feed-run-counts" />
      ) : (
        <FeedCounts counts={runCounts(run)} done failed={run.failed} testId="feed-run-counts" />
      )}
      {run.failure && (
        <p className="form-error" role="alert">
          {t('feeds.history.couldNotStart', { message: run.failure })}
        </p>
      )}
      <HeldBanner held={run.held} testId="feed-run-held" />
      <FeedHeldApproval run={run} newest={newest} />
      <div id={`${id}-report`} hidden={!open}>
        {open && <RunReport run={run} />}
      </div>
    </li>
  );
}

/** The feed's runs, newest first: each run's counts, outcome and report (its history). */
export function FeedHistory({ feedId }: { feedId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const runs = useFeedsStore((s) => s.history[feedId]);
  // The newest run's report is open: that is the one the seller just made or came to see.
  const [open, setOpen] = useState<string | null | undefined>(undefined);
  const shown = open === undefined ? (runs?.[0]?.id ?? null) : open;
  return (
    <section className="panel" aria-labelledby={`${id}-heading`} data-testid="feed-history">
      <h2 id={`${id}-heading`}>{t('feeds.history.heading')}</h2>
      {!runs ? (
        <p className="muted" role="status">
          {t('feeds.history.reading')}
        </p>
      ) : runs.length === 0 ? (
        <p className="muted">{t('feeds.history.none')}</p>
      ) : (
        <ul className="feed-runs">
          {runs.map((run, i) => (
            <RunItem
              key={run.id}
              run={run}
              newest={i === 0}
              open={shown === run.id}
              onToggle={() => setOpen(shown === run.id ? null : run.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
