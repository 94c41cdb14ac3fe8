// The one way dates and times are written for the seller (issue 32.7), in the window, main's words
// and the command line alike: the app's language, and the desk's time zone, named where a time is
// one the seller sets (a schedule). "06.12.2026, 17:30" in German, never "6.12.2026, 17:30:00" beside it.

/** What a date is written for: the app's language (BCP 47) and the desk's time zone (IANA). */
export interface DateStyle {
  language: string;
  /** Absent: the time zone of the process writing it. */
  timeZone?: string;
}

type When = string | number | Date;

const formats = new Map<string, Intl.DateTimeFormat>();

/** One cached Intl format per language, zone and options: the lists format thousands of rows. */
function format(style: DateStyle, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${style.language}|${style.timeZone ?? ''}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(style.language, {
      ...options,
      ...(style.timeZone && { timeZone: style.timeZone }),
    });
    formats.set(key, made);
  }
  return made;
}

const dateOf = (at: When) => (at instanceof Date ? at : new Date(at));

/** Date and time: "06.12.2026, 17:30", "Dec 6, 2026, 5:30 PM". */
export function formatDateTime(at: When, style: DateStyle): string {
  return format(style, { dateStyle: 'medium', timeStyle: 'short' }).format(dateOf(at));
}

/** The date alone: "06.12.2026", "Dec 6, 2026". */
export function formatDate(at: When, style: DateStyle): string {
  return format(style, { dateStyle: 'medium' }).format(dateOf(at));
}

/** The time alone: "17:30" (with `seconds`, "17:30:05"). */
export function formatTime(at: When, style: DateStyle, seconds = false): string {
  return format(style, { timeStyle: seconds ? 'medium' : 'short' }).format(dateOf(at));
}

/** Day and month, for a list's rows of this year: "6. Dez.", "Dec 6". */
export function formatDayMonth(at: When, style: DateStyle): string {
  return format(style, { day: 'numeric', month: 'short' }).format(dateOf(at));
}

/** The long form, for a tooltip: "Sonntag, 6. Dezember 2026 um 17:30". */
export function formatLong(at: When, style: DateStyle): string {
  return format(style, { dateStyle: 'full', timeStyle: 'short' }).format(dateOf(at));
}

/** The calendar day `YYYY-MM-DD` of `at` in the style's zone: "today" and "this year" as the desk counts them. */
export function calendarDay(at: When, style: DateStyle): string {
  return format(
    { language: 'en-CA', timeZone: style.timeZone },
    {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    },
  ).format(dateOf(at));
}

/** The time zone of this process (IANA name, e.g. Europe/Berlin). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A date and time with its time zone named: "06.12.2026, 17:30 (Europe/Berlin)". */
export function formatDateTimeInZone(at: When, style: DateStyle): string {
  return `${formatDateTime(at, style)} (${style.timeZone ?? localTimeZone()})`;
}

const FIELD: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/** What a typed date and time field shows for `at`: "06.12.2026, 17:30", "12/06/2026, 05:30 PM". */
export function dateTimeFieldText(at: When, style: DateStyle): string {
  return format(style, FIELD).format(dateOf(at));
}

/**
 * The local date and time (`YYYY-MM-DD HH:MM`, for parseScheduleTime in the desk's zone) of a
 * field's text in `language`: the day, month and year in that language's order ("06.12.2026 17:30",
 * "12/06/2026 5:30 PM"), or an ISO date ("2026-12-06 17:30"). Undefined when it cannot be read.
 */
export function readDateTimeField(text: string, language: string): string | undefined {
  const marker = /\b([ap])\.?\s?m\.?(?=\s|$)/i.exec(text);
  const numbers = text.match(/\d+/g) ?? [];
  if (numbers.length !== 5) return undefined;
  let year: string, month: string, day: string;
  if (numbers[0]!.length === 4) [year, month, day] = numbers as [string, string, string];
  else {
    const order = format({ language, timeZone: 'UTC' }, FIELD)
      .formatToParts(0)
      .map((part) => part.type)
      .filter((type) => type === 'day' || type === 'month' || type === 'year');
    const at = (type: string) => numbers[order.indexOf(type as 'day')]!;
    [year, month, day] = [at('year'), at('month'), at('day')];
  }
  let hour = Number(numbers[3]);
  const minute = Number(numbers[4]);
  if (year.length !== 4 || month.length > 2 || day.length > 2) return undefined;
  if (marker) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (marker[1]!.toLowerCase() === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return undefined;
  const two = (n: number | string) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}`;
}
