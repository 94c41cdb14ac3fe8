// How the UI words a draft's schedule (issue 25.4): when it is due, and what became of it, in the
// app's language with the seller's local date and time.
import { useTranslation } from 'react-i18next';
import type { DraftSchedule } from '../../../shared/domain/publishing';
import { ranLate } from '../../../shared/domain/publishing';

/** The words of a schedule: `full` for the editor and the Publishing view, `short` for a list row. */
export function useScheduleWords() {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string) => format.format(new Date(iso));
  const words = (schedule: DraftSchedule, short: boolean): string => {
    const at = when(schedule.at);
    const outcome = schedule.outcome;
    if (!outcome) return t('schedule.waiting', { at });
    if (outcome.kind === 'held')
      return short ? t('schedule.heldShort', { at }) : t('schedule.held', { at, count: outcome.issues });
    if (outcome.kind === 'failed')
      return short ? t('schedule.failedShort', { at }) : t('schedule.failed', { at, why: outcome.message });
    return ranLate(schedule)
      ? t('schedule.late', { due: at, at: when(outcome.at) })
      : t('schedule.started', { at });
  };
  return {
    when,
    full: (schedule: DraftSchedule) => words(schedule, false),
    short: (schedule: DraftSchedule) => words(schedule, true),
  };
}

/** A schedule the seller has to look at: not published when due. */
export const needsLook = (schedule: DraftSchedule | null | undefined) =>
  schedule?.outcome?.kind === 'held' || schedule?.outcome?.kind === 'failed';

/** The value of a date-time input for `ms` (local time, to the minute). */
export function inputValue(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}
