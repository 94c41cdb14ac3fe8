// The window's dates (issue 32.7): the shared helpers bound to the app's language and the desk's
// time zone (main's, from app:info; the browser's until it has answered), so every view writes a
// date one way and a time in the zone main reads a typed time in.
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  formatDateTimeInZone,
  formatDayMonth,
  formatLong,
  formatTime,
  localTimeZone,
  type DateStyle,
} from '../../shared/dates';
import { useAppStore } from '../store/app-store';

type When = string | number | Date;

/** The date style of the window now: the app's language, the desk's time zone. */
export function useDateStyle(): DateStyle & { timeZone: string } {
  const { i18n } = useTranslation();
  const timeZone = useAppStore((s) => s.info?.timeZone) ?? localTimeZone();
  return { language: i18n.language, timeZone };
}

/** Formatters of dates and times in the app's language and the desk's time zone. */
export function useDates() {
  const style = useDateStyle();
  return {
    style,
    dateTime: (at: When) => formatDateTime(at, style),
    /** With the zone named: a time the seller set ("17:30 (Europe/Berlin)"). */
    dateTimeInZone: (at: When) => formatDateTimeInZone(at, style),
    date: (at: When) => formatDate(at, style),
    time: (at: When, seconds = false) => formatTime(at, style, seconds),
    dayMonth: (at: When) => formatDayMonth(at, style),
    long: (at: When) => formatLong(at, style),
  };
}
