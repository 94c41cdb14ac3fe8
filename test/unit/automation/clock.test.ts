// The automation's clock (clock.ts): the machine's, shifted by LISTING_DESK_CLOCK_SHIFT_MS and, for
// the soak benchmark, running LISTING_DESK_CLOCK_RATE times as fast from LISTING_DESK_CLOCK_ORIGIN,
// so that two processes given the same settings agree on one virtual time; its waits are the
// virtual span ÷ the rate in real time; the price rules and feeds read the same clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockSettings, systemClock } from '../../../src/main/automation/clock';
import { rulesClock } from '../../../src/main/automation/price-rules';

const ORIGIN = Date.parse('2026-12-01T00:00:00.000Z');
const HOUR = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('the automation clock', () => {
  it('is the machine’s time without settings, and shifted by the shift alone', () => {
    let real = ORIGIN + 5 * HOUR;
    expect(systemClock({}, () => real).now()).toBe(real);
    expect(systemClock({}).rate).toBe(1);
    const shifted = systemClock({ LISTING_DESK_CLOCK_SHIFT_MS: String(HOUR) }, () => real);
    real += 1000;
    expect(shifted.now()).toBe(real + HOUR);
  });

  it('runs rate times as fast from the origin, and two clocks of the same settings agree', () => {
    const env = { LISTING_DESK_CLOCK_RATE: '336', LISTING_DESK_CLOCK_ORIGIN: String(ORIGIN) };
    let real = ORIGIN;
    const a = systemClock(env, () => real);
    const b = systemClock(env, () => real);
    expect(a.now()).toBe(ORIGIN);
    // 30 real minutes are a week.
    real = ORIGIN + 30 * 60_000;
    expect(a.now()).toBe(ORIGIN + 7 * 24 * HOUR);
    expect(b.now()).toBe(a.now());
    const shifted = systemClock({ ...env, LISTING_DESK_CLOCK_SHIFT_MS: '5' }, () => real);
    expect(shifted.now()).toBe(a.now() + 5);
  });

  it('ignores a rate that is not a positive number', () => {
    for (const rate of ['0', '-2', 'fast', ''])
      expect(clockSettings({ LISTING_DESK_CLOCK_RATE: rate }).rate).toBe(1);
  });

  it('waits the virtual span divided by the rate in real time, and ends at once on abort', async () => {
    vi.useFakeTimers();
    const clock = systemClock({ LISTING_DESK_CLOCK_RATE: '100', LISTING_DESK_CLOCK_ORIGIN: '0' });
    let ended = false;
    void clock.wait(HOUR, new AbortController().signal).then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(HOUR / 100 - 1);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended).toBe(true);
    const stop = new AbortController();
    let cut = false;
    void clock.wait(HOUR, stop.signal).then(() => (cut = true));
    stop.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(cut).toBe(true);
  });

  it('is the clock of the price rules and feeds unless a test hands one in', () => {
    vi.useFakeTimers({ now: ORIGIN + HOUR });
    vi.stubEnv('LISTING_DESK_CLOCK_RATE', '24');
    vi.stubEnv('LISTING_DESK_CLOCK_ORIGIN', String(ORIGIN));
    // An hour after the origin at 24 × is a day after it.
    expect(rulesClock({})().getTime()).toBe(ORIGIN + 24 * HOUR);
    expect(rulesClock({ clock: () => 7 })().getTime()).toBe(7);
    expect(rulesClock({}, { automation: { clock: { now: () => 9 } } })().getTime()).toBe(9);
  });
});
