// How the UI words a draft's schedule (issue 25.4): when it is due, and what became of it, in the
// app's language with the date and time in the desk's time zone, named.
import { useTranslation } from 'react-i18next';
import type { DraftSchedule } from '../../../shared/domain/publishing';
import { ranLate } from '../../../shared/domain/publishing';
import { useDates } from '../../i18n/use-dates';

/** The words of a schedule: `full` for the editor and the Publishing view, `short` for a list row. */
export function useScheduleWords() {
  const { t } = useTranslation();
  // A time the seller set: in the desk's time zone, named (issue 32.7).
  const when = useDates().dateTimeInZone;
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
