// A price rule follows the feed's price (issue 32.6): a new price from the feed starts the rule
// again from it, one the seller sets stops it, and the preview never shows a "step" at or above
// the price now; a floor may be a share of the start price, and a floor stored as an amount reads
// as it was.
import { describe, expect, it } from 'vitest';
import {
  floorCents,
  priceRuleSchema,
  priceSteps,
  type PriceRule,
} from '../../../src/shared/domain/price-rules/price-rule';
import {
  dueStepOf,
  followPrice,
  isRulePrice,
  newPriceRuleRecord,
  rulePreview,
  type PriceRuleRecord,
} from '../../../src/shared/domain/price-rules/price-rule-record';

const DAY = 86_400_000;
const at = '2026-03-02T09:00:00.000Z';
const later = new Date(Date.parse(at) + 10 * DAY);
const rule: PriceRule = {
  mode: 'percent',
  value: 10,
  everyDays: 7,
  floor: 50,
  rounding: 'none',
  maxSteps: null,
};

/** A rule live since `at` from 120.50 €, its first step done (108.45 €). */
const running = (r: PriceRule = rule): PriceRuleRecord => ({
  ...newPriceRuleRecord(r, 'feed', new Date(at)),
  start: { at, cents: 12_050 },
  steps: [{ step: 1, at: new Date(Date.parse(at) + 7 * DAY).toISOString(), from: 12_050, to: 10_845 }],
});

const cents = (record: PriceRuleRecord, now: Date, price: number | undefined) => {
  const shown = rulePreview(record, 5, { now, cents: price });
  return shown.kind === 'steps' ? shown.steps.map((s) => s.cents) : shown;
};

describe('a new price from the feed', () => {
  it('lowered below the rule’s price: the rule starts again from it, its steps all below it', () => {
    const followed = followPrice(running(), 9_900, later, 'feed');
    expect(followed.start).toEqual({ at: later.toISOString(), cents: 9_900 });
    expect(followed.steps).toEqual([]);
    expect(followed.followed).toEqual({ at: later.toISOString(), from: 10_845 });
    expect(followed.stopped).toBeUndefined();
    expect(cents(followed, later, 9_900)).toEqual([8_910, 8_019, 7_217, 6_495, 5_846]);
    // Its first step falls due N days after the new price, not at the old schedule's next date.
    expect(dueStepOf(followed, new Date(later.getTime() + 6 * DAY))).toBeUndefined();
    expect(dueStepOf(followed, new Date(later.getTime() + 7 * DAY))).toMatchObject({
      step: 1,
      from: 9_900,
      to: 8_910,
    });
  });

  it('raised above it: the rule starts again from the higher price', () => {
    const followed = followPrice(running(), 15_000, later, 'feed');
    expect(followed.start?.cents).toBe(15_000);
    expect(cents(followed, later, 15_000)).toEqual([13_500, 12_150, 10_935, 9_842, 8_858]);
  });

  it('the price the rule left the ad at changes nothing (a run of an unchanged row)', () => {
    const record = running();
    expect(followPrice(record, 10_845, later, 'feed')).toBe(record);
  });

  it('leaves a rule that has not started (it starts from the live price) or has stopped', () => {
    const waiting = newPriceRuleRecord(rule, 'feed', new Date(at));
    expect(followPrice(waiting, 9_900, later, 'feed')).toBe(waiting);
    const stopped = { ...running(), stopped: { at, cents: 11_000 } };
    expect(followPrice(stopped, 9_900, later, 'feed')).toBe(stopped);
  });
});

describe('a price the seller sets', () => {
  it('stops the rule, and the preview says so with the price', () => {
    const stopped = followPrice(running(), 9_900, later, 'seller');
    expect(stopped.stopped).toEqual({ at: later.toISOString(), cents: 9_900 });
    expect(cents(stopped, later, 9_900)).toEqual({ kind: 'stopped', cents: 9_900, at: later.toISOString() });
  });

  it('not yet seen by the rule: the preview says it stops rather than show a step above the price', () => {
    // Before: the rule's next step (97.61 €) would be shown though the ad is at 90 € now.
    expect(cents(running(), later, 9_000)).toEqual({ kind: 'stopped', cents: 9_000 });
    expect(cents(running(), later, 10_845)).toEqual([9_761, 8_785, 7_907, 7_116, 6_404]);
    expect(cents(running(), later, undefined)).toEqual([9_761, 8_785, 7_907, 7_116, 6_404]);
  });

  it('knows the rule’s own prices from others (a draft lags behind its ad’s steps)', () => {
    expect(isRulePrice(running(), 12_050)).toBe(true);
    expect(isRulePrice(running(), 10_845)).toBe(true);
    expect(isRulePrice(running(), 9_900)).toBe(false);
  });
});

describe('a floor as a share of the start price', () => {
  const share = (percent: number, more: Partial<PriceRule> = {}): PriceRule => ({
    ...rule,
    floor: { percent },
    ...more,
  });

  it('stops at 70 % of the start price, whatever that price is', () => {
    const prices = (start: number) =>
      priceSteps(share(70), start, at, 10).map((s) => (s.cents / 100).toFixed(2));
    expect(prices(100)).toEqual(['90.00', '81.00', '72.90', '70.00']);
    expect(prices(200)).toEqual(['180.00', '162.00', '145.80', '140.00']);
    expect(floorCents(share(70), 9_999)).toBe(7_000);
    expect(floorCents(share(70, { rounding: '99' }), 10_000)).toBe(7_099);
  });

  it('follows the feed’s new price: the floor is the share of the price the rule starts again from', () => {
    const followed = followPrice(running(share(70)), 8_000, later, 'feed');
    expect(cents(followed, later, 8_000)).toEqual([7_200, 6_480, 5_832, 5_600]);
  });

  it('is a rule the schema takes; a floor stored as an amount reads as it was', () => {
    expect(priceRuleSchema.parse(share(70)).floor).toEqual({ percent: 70 });
    expect(priceRuleSchema.parse(JSON.parse(JSON.stringify(rule)))).toEqual(rule);
    for (const bad of [0, 100, 150, -5])
      expect(priceRuleSchema.safeParse(share(bad)).success, String(bad)).toBe(false);
    expect(priceRuleSchema.safeParse({ ...rule, floor: { percent: 70, amount: 5 } }).success).toBe(false);
  });
});
