// One date format through the app (issue 32.7): the shared helpers write a date one way in each
// language ("06.12.2026", never "6.12.2026" beside it), in the zone they are given, name the zone
// of a time the seller set, and read back what the schedule's field shows in either language.
import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  dateTimeFieldText,
  formatDate,
  formatDateTime,
  formatDateTimeInZone,
  formatTime,
  localTimeZone,
  readDateTimeField,
} from '../../../src/shared/dates';
import { parseScheduleTime } from '../../../src/shared/domain/publishing';

// 6 December 2026, 16:30 UTC: 17:30 in Berlin, 11:30 in New York.
const AT = '2026-12-06T16:30:00.000Z';
const berlin = { timeZone: 'Europe/Berlin' };

describe('the one date format', () => {
  it('writes a date and time the same way everywhere, in the zone given', () => {
    expect(formatDateTime(AT, { language: 'de', ...berlin })).toBe('06.12.2026, 17:30');
    expect(formatDate(AT, { language: 'de', ...berlin })).toBe('06.12.2026');
    expect(formatTime(AT, { language: 'de', ...berlin })).toBe('17:30');
    expect(formatTime(AT, { language: 'de', ...berlin }, true)).toBe('17:30:00');
    expect(formatDateTime(AT, { language: 'en', timeZone: 'America/New_York' })).toMatch(
      /^Dec 6, 2026, 11:30\s?AM$/,
    );
    // A day early in the month keeps its two digits: the form a bare toLocaleString would drop.
    expect(formatDate('2026-03-02T12:00:00Z', { language: 'de', ...berlin })).toBe('02.03.2026');
  });

  it('names the zone of a time the seller set, the desk’s own when none is given', () => {
    expect(formatDateTimeInZone(AT, { language: 'de', ...berlin })).toBe('06.12.2026, 17:30 (Europe/Berlin)');
    expect(formatDateTimeInZone(AT, { language: 'de' })).toMatch(
      new RegExp(`\\(${localTimeZone().replace('/', '\\/')}\\)$`),
    );
    expect(localTimeZone()).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$|^UTC$/);
  });

  it('counts the calendar day in the zone: past midnight in Berlin is the next day there', () => {
    expect(calendarDay('2026-12-06T23:30:00Z', { language: 'de', ...berlin })).toBe('2026-12-07');
    expect(calendarDay('2026-12-06T23:30:00Z', { language: 'de', timeZone: 'UTC' })).toBe('2026-12-06');
  });
});

describe("the schedule's typed date and time", () => {
  it('reads back what the field shows, in German and English', () => {
    for (const language of ['de', 'en']) {
      const shown = dateTimeFieldText(AT, { language, ...berlin });
      expect(readDateTimeField(shown, language), shown).toBe('2026-12-06 17:30');
    }
    expect(dateTimeFieldText(AT, { language: 'de', ...berlin })).toBe('06.12.2026, 17:30');
  });

  it('takes what a seller types: the language’s order, a 12-hour clock, an ISO date', () => {
    expect(readDateTimeField('6.12.2026 9:05', 'de')).toBe('2026-12-06 09:05');
    expect(readDateTimeField('12/6/2026 5:30 PM', 'en')).toBe('2026-12-06 17:30');
    expect(readDateTimeField('12/6/2026 12:10 am', 'en')).toBe('2026-12-06 00:10');
    expect(readDateTimeField('12/06/2026, 17:30', 'en')).toBe('2026-12-06 17:30');
    expect(readDateTimeField('2026-12-06T17:30', 'de')).toBe('2026-12-06 17:30');
  });

  it('refuses what it cannot read, and leaves an impossible date to the schedule’s own check', () => {
    for (const text of ['morgen', '06.12.2026', '06.12.26 17:30', '06.12.2026 25:00', '12/6/2026 13:00 PM'])
      expect(readDateTimeField(text, text.includes('/') ? 'en' : 'de'), text).toBeUndefined();
    const impossible = readDateTimeField('31.02.2027 10:00', 'de')!;
    expect(parseScheduleTime(impossible, Date.parse(AT))).toEqual({ ok: false, problem: 'unparsable' });
  });
});
