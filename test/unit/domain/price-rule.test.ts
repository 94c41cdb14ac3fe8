// Price rules' arithmetic (issue 25.5) against hostile inputs: floors above the price, 0 % and
// 100 %, amounts larger than the price, rounding that would stall, summer time and leap days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  floorCents,
  priceRuleSchema,
  priceSteps,
  stepCents,
  stepDueAt,
  stepsDueBy,
  type PriceRule,
} from '../../../src/shared/domain/price-rules/price-rule';

const rule = (change: Partial<PriceRule> = {}): PriceRule => ({
  mode: 'percent',
  value: 10,
  everyDays: 7,
  floor: 50,
  rounding: 'none',
  maxSteps: null,
  ...change,
});
const prices = (steps: { cents: number }[]) => steps.map((step) => (step.cents / 100).toFixed(2));

let zone: string | undefined;
beforeAll(() => {
  // Summer time changes are checked where the sellers live.
  zone = process.env.TZ;
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('the rule as the seller sets it', () => {
  it('refuses 0 %, negative values, more than 100 %, no days and a zero floor', () => {
    expect(priceRuleSchema.safeParse(rule({ value: 0 })).success).toBe(false);
    expect(priceRuleSchema.safeParse(rule({ value: -5 })).success).toBe(false);
    expect(priceRuleSchema.safeParse(rule({ value: 100.5 })).success).toBe(false);
    expect(priceRuleSchema.safeParse(rule({ everyDays: 0 })).success).toBe(false);
    expect(priceRuleSchema.safeParse(rule({ everyDays: 1.5 })).success).toBe(false);
    expect(priceRuleSchema.safeParse(rule({ floor: 0 })).success).toBe(false);
    expect(priceRuleSchema.safeParse(rule({ maxSteps: 0 })).success).toBe(false);
    expect(priceRuleSchema.safeParse({ ...rule(), extra: 1 }).success).toBe(false);
    expect(priceRuleSchema.safeParse(rule({ value: 100 })).success).toBe(true);
    expect(priceRuleSchema.safeParse(rule({ mode: 'amount', value: 250 })).success).toBe(true);
  });
});

describe('priceSteps (the preview)', () => {
  it('lowers by the percentage of the price before each step, every N days, down to the floor', () => {
    const steps = priceSteps(rule(), 120, '2026-01-05T09:00:00.000Z', 10);
    expect(prices(steps)).toEqual([
      '108.00',
      '97.20',
      '87.48',
      '78.73',
      '70.86',
      '63.77',
      '57.39',
      '51.65',
      '50.00',
    ]);
    expect(steps.map((step) => step.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(steps[0]!.dueAt).toBe('2026-01-12T09:00:00.000Z');
    expect(steps[1]!.dueAt).toBe('2026-01-19T09:00:00.000Z');
  });

  it('stops after M steps and gives no more than asked', () => {
    expect(prices(priceSteps(rule({ maxSteps: 2 }), 120, '2026-01-05T09:00:00.000Z', 10))).toEqual([
      '108.00',
      '97.20',
    ]);
    expect(priceSteps(rule(), 120, '2026-01-05T09:00:00.000Z', 1)).toHaveLength(1);
    expect(priceSteps(rule(), 120, '2026-01-05T09:00:00.000Z', 0)).toEqual([]);
  });

  it('takes no step when the floor is at or above the price', () => {
    expect(priceSteps(rule({ floor: 200 }), 120, '2026-01-05T09:00:00.000Z', 5)).toEqual([]);
    expect(priceSteps(rule({ floor: 120 }), 120, '2026-01-05T09:00:00.000Z', 5)).toEqual([]);
  });

  it('goes straight to the floor at 100 % or with an amount larger than the price', () => {
    expect(prices(priceSteps(rule({ value: 100 }), 120, '2026-01-05T09:00:00.000Z', 5))).toEqual(['50.00']);
    expect(
      prices(priceSteps(rule({ mode: 'amount', value: 500 }), 120, '2026-01-05T09:00:00.000Z', 5)),
    ).toEqual(['50.00']);
  });

  it('lowers by an amount', () => {
    expect(
      prices(priceSteps(rule({ mode: 'amount', value: 25 }), 120, '2026-01-05T09:00:00.000Z', 5)),
    ).toEqual(['95.00', '70.00', '50.00']);
  });

  it('has no steps for a price that is not a price', () => {
    expect(priceSteps(rule(), Number.NaN, '2026-01-05T09:00:00.000Z', 5)).toEqual([]);
    expect(priceSteps(rule(), 0, '2026-01-05T09:00:00.000Z', 5)).toEqual([]);
    expect(priceSteps(rule(), -3, '2026-01-05T09:00:00.000Z', 5)).toEqual([]);
  });

  it('rounds as bulk edits round, and never stalls where rounding would give the price back', () => {
    expect(
      prices(priceSteps(rule({ rounding: '99', floor: 1 }), 100, '2026-01-05T09:00:00.000Z', 3)),
    ).toEqual(['89.99', '80.99', '72.99']);
    // 1 % of 9.99 rounded to .99 is 9.99 again: the step takes the next .99 below.
    expect(
      prices(priceSteps(rule({ value: 1, rounding: '99', floor: 1 }), 9.99, '2026-01-05T09:00:00.000Z', 3)),
    ).toEqual(['8.99', '7.99', '6.99']);
    expect(
      prices(priceSteps(rule({ value: 1, rounding: '5', floor: 1 }), 100, '2026-01-05T09:00:00.000Z', 2)),
    ).toEqual(['95.00', '90.00']);
  });

  it('keeps to the floor as the rounding reaches it, never below', () => {
    // Rounded to .99, the lowest price at or above a floor of 50 is 50.99.
    expect(floorCents(rule({ rounding: '99' }), 10_000)).toBe(5099);
    const steps = priceSteps(rule({ rounding: '99', value: 30 }), 100, '2026-01-05T09:00:00.000Z', 5);
    expect(prices(steps)).toEqual(['69.99', '50.99']);
    // .99 never goes under 0.99: a rule at 0.99 has nowhere to go.
    expect(priceSteps(rule({ rounding: '99', floor: 0.01 }), 0.99, '2026-01-05T09:00:00.000Z', 3)).toEqual(
      [],
    );
    expect(stepCents(rule({ floor: 0.5, rounding: 'euro' }), 100)).toBeUndefined();
  });
});

describe('dates of the steps', () => {
  it('keeps the time of day across the change to summer time and back', () => {
    // 10:00 in Berlin on 25 March 2026 (winter time) is 09:00 UTC; a week later it is summer time.
    expect(stepDueAt('2026-03-25T09:00:00.000Z', 7, 1).toISOString()).toBe('2026-04-01T08:00:00.000Z');
    expect(stepDueAt('2026-10-21T08:00:00.000Z', 7, 1).toISOString()).toBe('2026-10-28T09:00:00.000Z');
  });

  it('counts calendar days over leap days', () => {
    expect(stepDueAt('2028-02-22T11:00:00.000Z', 7, 1).toISOString()).toBe('2028-02-29T11:00:00.000Z');
    expect(stepDueAt('2028-02-29T11:00:00.000Z', 1, 1).toISOString()).toBe('2028-03-01T11:00:00.000Z');
    expect(stepDueAt('2028-02-29T11:00:00.000Z', 365, 1).toISOString()).toBe('2029-02-28T11:00:00.000Z');
  });

  it('knows which step is due, to the minute, also across summer time', () => {
    const start = '2026-03-25T09:00:00.000Z';
    expect(stepsDueBy(start, 7, new Date('2026-03-25T08:00:00.000Z'))).toBe(0);
    expect(stepsDueBy(start, 7, new Date('2026-04-01T07:59:00.000Z'))).toBe(0);
    expect(stepsDueBy(start, 7, new Date('2026-04-01T08:00:00.000Z'))).toBe(1);
    expect(stepsDueBy(start, 7, new Date('2026-04-15T08:00:00.000Z'))).toBe(3);
    expect(stepsDueBy(start, 1, new Date('2026-03-29T07:59:00.000Z'))).toBe(3);
    expect(stepsDueBy(start, 1, new Date('2026-03-29T08:00:00.000Z'))).toBe(4);
  });
});
