// The time a seller types for a schedule (issue 25.8): ISO 8601 with its offset, or a local
// `YYYY-MM-DD HH:MM`; a time past, a day that does not exist, or words are refused.
import { describe, expect, it } from 'vitest';
import { parseScheduleTime } from '../../../src/shared/domain/publishing/schedule-time';

const now = Date.parse('2026-11-27T08:00:00.000Z');

describe('parseScheduleTime', () => {
  it('reads ISO 8601 with an offset or Z, to the second', () => {
    expect(parseScheduleTime('2026-11-27T10:30:00+01:00', now)).toEqual({
      ok: true,
      at: '2026-11-27T09:30:00.000Z',
    });
    expect(parseScheduleTime(' 2026-12-01T09:00:15.750Z ', now)).toEqual({
      ok: true,
      at: '2026-12-01T09:00:15.000Z',
    });
  });

  it('reads a local date and time, with a space or a T', () => {
    const local = new Date(2026, 11, 24, 18, 5).toISOString();
    expect(parseScheduleTime('2026-12-24 18:05', now)).toEqual({ ok: true, at: local });
    expect(parseScheduleTime('2026-12-24T18:05', now)).toEqual({ ok: true, at: local });
  });

  it('refuses a time that is not after now, naming it', () => {
    expect(parseScheduleTime('2026-11-27T08:00:00Z', now)).toEqual({
      ok: false,
      problem: 'past',
      at: '2026-11-27T08:00:00.000Z',
    });
    expect(parseScheduleTime('2020-01-01 09:30', now)).toMatchObject({ ok: false, problem: 'past' });
  });

  it.each([
    'tomorrow',
    '',
    '2026-02-30 10:00',
    '2026-12-01 25:00',
    '2026-12-01T09:00:00',
    '1798758000000',
    '2026-12-01 9:00',
  ])('refuses %j as unreadable', (text) => {
    expect(parseScheduleTime(text, now)).toEqual({ ok: false, problem: 'unparsable' });
  });
});
