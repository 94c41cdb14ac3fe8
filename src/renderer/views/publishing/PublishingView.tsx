import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  batchProgress,
  currentBatch,
  isOpenJobState,
  type PublishJobView,
} from '../../../shared/domain/publishing';
import { EmptyState } from '../../components/EmptyState';
import { useListingsStore } from '../../store/listings-store';
import { needsSeller, usePublishStore } from '../../store/publish-store';
import { FOCUS_STALE_MS } from '../listings/inventory/use-auto-refresh';
import { JobCard } from './JobCard';
import { ScheduledPanel } from '../schedule/ScheduledPanel';
import { SlowDownNotice } from './SlowDownNotice';
import { useJobWords } from './job-words';
import './publishing.css';

type Filter = 'all' | 'open' | 'attention' | 'done';
const filters: Filter[] = ['all', 'open', 'attention', 'done'];

function filterOf(job: PublishJobView): Exclude<Filter, 'all'> {
  if (isOpenJobState(job.state)) return 'open';
  // A job a later one took over needs nothing from the seller any more.
  return needsSeller(job) ? 'attention' : 'done';
}

// Jobs that ended before this window opened are history; the batch bar sums the work of now.
const sessionStart = new Date().toISOString();

/** The whole batch: how many are live, and the steps and bytes of all of them. */
function BatchSummary({ jobs }: { jobs: PublishJobView[] }) {
  const { t } = useTranslation();
  const words = useJobWords();
  // The same jobs on every desk of a shop; shown while one is open or ended since this window opened.
  const current = currentBatch(jobs);
  const recent = current.some((job) => isOpenJobState(job.state) || job.updatedAt >= sessionStart);
  if (current.length === 0 || !recent) return null;
  const sum = batchProgress(current);
  const open = current.filter((job) => isOpenJobState(job.state)).length;
  // Published, but since sold, paused or taken down: not counted as live now (issue 23.5).
  const notLive = current.filter((job) => job.state === 'published' && job.later).length;
  return (
    <section className="panel batch" aria-label={t('publish.batchLabel')}>
      <p className="batch-counts">
        <strong>{t('publish.batchCounts', { published: sum.published - notLive, jobs: sum.jobs })}</strong>
        {notLive > 0 && <span>{t('publish.later.batch', { count: notLive })}</span>}
        {open > 0 && <span>{t('publish.batchOpen', { count: open })}</span>}
        {sum.failed > 0 && (
          <span className="danger-text">{t('publish.batchFailed', { count: sum.failed })}</span>
        )}
        {sum.rejected > 0 && (
          <span className="danger-text">{t('publish.batchRejected', { count: sum.rejected })}</span>
        )}
      </p>
      <div className="job-progress">
        <span className="muted small">
          {t('publish.steps', { done: sum.stepsDone, total: sum.stepsTotal })}
        </span>
        <progress
          max={Math.max(1, sum.stepsTotal)}
          value={sum.stepsDone}
          aria-label={t('publish.batchStepsLabel')}
        />
        <span />
        {sum.bytesTotal > 0 && (
          <>
            <span className="muted small">{words.bytes(sum.bytesDone, sum.bytesTotal)}</span>
            <progress max={sum.bytesTotal} value={sum.bytesDone} aria-label={t('publish.batchBytesLabel')} />
            <span />
          </>
        )}
      </div>
    </section>
  );
}

/** Every publish job, newest first, with the batch's progress; updated by main's events. */
export function PublishingView() {
  const { t } = useTranslation();
  const jobsById = usePublishStore((s) => s.jobs);
  const order = usePublishStore((s) => s.order);
  const [filter, setFilter] = useState<Filter>('all');
  const scroller = useRef<HTMLDivElement>(null);
  const reading = useListingsStore((s) => s.loading);

  // Shown again: what became of the ads meanwhile (sold, paused, taken down elsewhere) is read again
  // with the account's list when that is older than half a minute; the jobs follow it (issue 23.5).
  useEffect(() => {
    void usePublishStore.getState().load();
    // A failed read shows in Listings as the list's problem; the jobs keep their last word.
    useListingsStore
      .getState()
      .refreshIfStale(FOCUS_STALE_MS)
      .catch(() => undefined);
  }, []);

  const jobs = useMemo(() => order.flatMap((id) => jobsById.get(id) ?? []), [order, jobsById]);
  const counts = useMemo(() => {
    const result = { all: jobs.length, open: 0, attention: 0, done: 0 };
    for (const job of jobs) result[filterOf(job)] += 1;
    return result;
  }, [jobs]);
  const shown = useMemo(
    () => (filter === 'all' ? jobs : jobs.filter((job) => filterOf(job) === filter)),
    [jobs, filter],
  );
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 150,
    getItemKey: (index) => shown[index]!.id,
    overscan: 4,
  });

  return (
    <div className="publishing-view">
      <h1>{t('publishing.title')}</h1>
      <SlowDownNotice />
      <ScheduledPanel />
      {reading && jobs.length > 0 && (
        <p className="muted small" role="status" data-testid="publishing-reading">
          {t('publish.later.reading')}
        </p>
      )}
      {jobs.length === 0 ? (
        <EmptyState icon="publishing" title={t('publishing.emptyTitle')} body={t('publishing.emptyBody')} />
      ) : (
        <>
          <BatchSummary jobs={jobs} />
          <div className="job-filter" role="group" aria-label={t('publish.filter.label')}>
            {filters.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={filter === value}
                className={filter === value ? 'chip active' : 'chip'}
                onClick={() => setFilter(value)}
              >
                {/* No "(0)": a tab with nothing in it reads as its plain name. */}
                {counts[value] > 0
                  ? t(`publish.filter.${value}`, { count: counts[value] })
                  : t(`publish.filterBare.${value}`)}
              </button>
            ))}
          </div>
          <div className="job-list" ref={scroller} data-testid="job-list">
            {shown.length === 0 ? (
              <p className="muted">{t('publish.noneInFilter')}</p>
            ) : (
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => (
                  <div
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    className="job-slot"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <JobCard job={shown[item.index]!} />
                  </div>
                ))}
              </div>
            )}
          </div>
        </>
      )}
    </div>
  );
}
