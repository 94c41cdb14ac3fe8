import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { activityChangeText, type ActivityEntry } from '../../../shared/domain/activity';
import { useDates } from '../../i18n/use-dates';

/**
 * The log as a virtual list (a team's two years can be many thousand rows): only the rows in view
 * are in the page. One scrollable region, a tab stop of its own, so the keyboard scrolls it.
 */
export function ActivityRows({
  entries,
  accountName,
}: {
  entries: ActivityEntry[];
  accountName: (id: string) => string;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 58,
    getItemKey: (index) => entries[index]!.id,
    overscan: 10,
  });
  return (
    <div
      className="activity-rows"
      ref={scroller}
      role="region"
      aria-label={t('activity.list')}
      tabIndex={0}
      data-testid="activity-rows"
      onKeyDown={(event) => {
        // Home and End through the list itself: the browser's own jump raced the rows' measuring,
        // which could put the list back where it was (seen in e2e); the list lands where it knows.
        if (event.key !== 'Home' && event.key !== 'End') return;
        event.preventDefault();
        if (event.key === 'Home') virtualizer.scrollToIndex(0, { align: 'start' });
        else virtualizer.scrollToIndex(entries.length - 1, { align: 'end' });
      }}
    >
      <ul style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const entry = entries[row.index]!;
          const by = entry.running ?? entry.desk;
          const made =
            entry.madeAt !== entry.recordedAt &&
            Date.parse(entry.recordedAt) - Date.parse(entry.madeAt) >= 1_000;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="activity-row"
              data-testid="activity-row"
              data-kind={entry.kind}
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <span className="activity-when">
                <time dateTime={entry.recordedAt}>{dates.dateTime(entry.recordedAt)}</time>
                {made && (
                  <span className="activity-sub">
                    {t('activity.made', { time: dates.dateTime(entry.madeAt) })}
                  </span>
                )}
              </span>
              <span>
                <span className="activity-kind" data-kind={entry.kind}>
                  {t(`activity.kind.${entry.kind}`)}
                </span>
              </span>
              <span className="activity-desks">
                {t('activity.ran', { name: by?.name ?? t('activity.owner') })}
                {entry.asking && entry.asking.id !== by?.id && (
                  <span className="activity-sub">{t('activity.asked', { name: entry.asking.name })}</span>
                )}
                {entry.approving && (
                  <span className="activity-sub">
                    {t('activity.approved', { name: entry.approving.name })}
                  </span>
                )}
              </span>
              <span className="activity-what" title={activityChangeText(entry.changed)}>
                {entry.account !== null && <span className="activity-sub">{accountName(entry.account)}</span>}
                {activityChangeText(entry.changed)}
                {(entry.ad ?? entry.draft) !== null && (
                  <span className="activity-sub activity-ref">{entry.ad ?? entry.draft}</span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
