// A price rule on one ad (issue 25.5): which step is due, steps missed while nothing ran,
// precedence of a price set outside the rule, and where a rule comes from (template, feed).
import { describe, expect, it } from 'vitest';
import { newDraft } from '../../../src/shared/domain/drafts/draft';
import type { PriceRule } from '../../../src/shared/domain/price-rules/price-rule';
import {
  dueStepOf,
  expectedCents,
  feedPriceRule,
  newPriceRuleRecord,
  priceRuleRecordSchema,
  priceRuleState,
  priceSetOutside,
  totalStepsOf,
  upcomingSteps,
  withStepDone,
  type PriceRuleRecord,
} from '../../../src/shared/domain/price-rules/price-rule-record';
import { mergeShopDraft } from '../../../src/shared/domain/shop/shop-merge';
import { applyTemplate, templateFromDraft } from '../../../src/shared/domain/drafts/template';

const rule: PriceRule = {
  mode: 'percent',
  value: 10,
  everyDays: 7,
  floor: 80,
  rounding: 'none',
  maxSteps: 5,
};
const started = (change: Partial<PriceRuleRecord> = {}): PriceRuleRecord => ({
  ...newPriceRuleRecord(rule, 'ad', new Date('2026-01-01T09:00:00.000Z')),
  start: { at: '2026-01-01T09:00:00.000Z', cents: 12_000 },
  ...change,
});
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 9));

describe('the step due', () => {
  it('waits for the ad to go live, then for the step’s day', () => {
    const waiting = newPriceRuleRecord(rule, 'ad', day(0));
    expect(priceRuleState(waiting)).toBe('waiting');
    expect(dueStepOf(waiting, day(100))).toBeUndefined();
    expect(dueStepOf(started(), day(6))).toBeUndefined();
    expect(dueStepOf(started(), day(7))).toEqual({
      step: 1,
      dueAt: day(7).toISOString(),
      from: 12_000,
      to: 10_800,
    });
  });

  it('sends only the latest step after a time in which nothing ran', () => {
    expect(dueStepOf(started(), day(15))).toMatchObject({ step: 2, from: 12_000, to: 9_720 });
    const after = withStepDone(started(), dueStepOf(started(), day(15))!, day(15));
    expect(after.steps).toEqual([{ step: 2, at: day(15).toISOString(), from: 12_000, to: 9_720 }]);
    expect(expectedCents(after)).toBe(9_720);
    expect(dueStepOf(after, day(20))).toBeUndefined();
    expect(dueStepOf(after, day(21))).toMatchObject({ step: 3, from: 9_720, to: 8_748 });
  });

  it('ends at the floor and never goes below it, however long nothing ran', () => {
    const due = dueStepOf(started(), day(400))!;
    expect(due).toMatchObject({ step: 4, to: 8_000 });
    const done = withStepDone(started(), due, day(400));
    expect(priceRuleState(done)).toBe('finished');
    expect(dueStepOf(done, day(800))).toBeUndefined();
    expect(totalStepsOf(started({ rule: { ...rule, maxSteps: null } }))).toBe(4);
  });

  it('ends after M steps', () => {
    const low = started({ rule: { ...rule, floor: 1, maxSteps: 2 } });
    expect(dueStepOf(low, day(70))).toMatchObject({ step: 2, to: 9_720 });
    expect(totalStepsOf(low)).toBe(2);
  });

  it('previews what is still to come, and from the ad’s price before it started', () => {
    const done = withStepDone(started(), dueStepOf(started(), day(7))!, day(7));
    expect(upcomingSteps(done, 5, { now: day(8), cents: undefined }).map((s) => s.cents)).toEqual([
      9_720, 8_748, 8_000,
    ]);
    const waiting = newPriceRuleRecord(rule, 'ad', day(0));
    expect(upcomingSteps(waiting, 1, { now: day(3), cents: 10_000 })).toEqual([
      { step: 1, dueAt: day(10).toISOString(), cents: 9_000 },
    ]);
    expect(upcomingSteps(waiting, 1, { now: day(3), cents: undefined })).toEqual([]);
  });
});

describe('precedence', () => {
  it('a price other than the rule’s last one was set outside it; a stopped rule does nothing more', () => {
    const done = withStepDone(started(), dueStepOf(started(), day(7))!, day(7));
    expect(priceSetOutside(done, 10_800)).toBe(false);
    expect(priceSetOutside(done, 11_500)).toBe(true);
    expect(priceSetOutside(started(), 12_000)).toBe(false);
    const stopped = { ...done, stopped: { at: day(9).toISOString(), cents: 11_500 } };
    expect(priceRuleState(stopped)).toBe('stopped');
    expect(dueStepOf(stopped, day(60))).toBeUndefined();
    expect(upcomingSteps(stopped, 3, { now: day(9), cents: 11_500 })).toEqual([]);
  });
});

describe('where a rule comes from', () => {
  it('a template passes its rule to drafts made from it, and a draft’s rule to a template', () => {
    const now = day(0);
    const source = { ...newDraft({}, { id: crypto.randomUUID(), now }), priceRule: started() };
    const template = templateFromDraft(source, {
      id: crypto.randomUUID(),
      name: 'Bikes',
      accountId: 'a',
      now,
    });
    expect(template.priceRule).toEqual(rule);
    const made = newDraft(applyTemplate({}, template), { id: crypto.randomUUID(), now: day(2) });
    expect(made.priceRule).toEqual({ rule, origin: 'template', setAt: day(2).toISOString(), steps: [] });
    const plain = newDraft(applyTemplate({}, { ...template, priceRule: null }), {
      id: crypto.randomUUID(),
      now,
    });
    expect(plain.priceRule).toBeUndefined();
  });

  it('a feed’s rule becomes the record of each ad it makes', () => {
    expect(feedPriceRule(rule, day(1))).toEqual({
      rule,
      origin: 'feed',
      setAt: day(1).toISOString(),
      steps: [],
    });
    expect(feedPriceRule(null, day(1))).toBeUndefined();
    expect(priceRuleRecordSchema.safeParse(feedPriceRule(rule, day(1))).success).toBe(true);
  });
});

describe('in a shop', () => {
  it('a step one desk recorded and a title the other typed are both kept, on either desk', () => {
    const laden = { desk: 'desk-laden', deskName: 'Laden', at: '2026-11-27T09:00:00.000Z' };
    const lager = { desk: 'desk-lager', deskName: 'Lager', at: '2026-11-27T09:05:00.000Z' };
    const base = {
      ...newDraft({ title: 'Lampe' }, { id: crypto.randomUUID(), now: day(0) }),
      priceRule: started(),
    };
    const stepped = { ...base, priceRule: withStepDone(started(), dueStepOf(started(), day(7))!, day(7)) };
    const retitled = { ...base, title: 'Stehlampe' };
    for (const merged of [
      mergeShopDraft(base, stepped, retitled, { mine: laden, theirs: lager }),
      mergeShopDraft(base, retitled, stepped, { mine: lager, theirs: laden }),
    ]) {
      expect(merged.title).toBe('Stehlampe');
      expect(merged.priceRule?.steps).toHaveLength(1);
    }
  });
});
