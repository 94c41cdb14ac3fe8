// "2 minutes ago" / "vor 2 Minuten" in the UI's language (Intl.RelativeTimeFormat), for how old the
// list is. Under 45 seconds reads as "just now" (a word of the locale files, not a count).

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/** How long ago `thenMs` was at `nowMs`, or null when it is under 45 seconds ago. */
export function relativeAgo(thenMs: number, nowMs: number, language: string): string | null {
  const seconds = Math.max(0, (nowMs - thenMs) / 1000);
  if (seconds < 45) return null;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [name, length] of STEPS) {
    if (seconds >= length * 0.75 || name === 'minute') [unit, size] = [name, length];
  }
  return format.format(-Math.max(1, Math.round(seconds / size)), unit);
}
