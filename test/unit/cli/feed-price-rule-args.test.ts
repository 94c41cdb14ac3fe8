// A feed's price rule (issue 25.5): the feed's settings take one (and refuse a bad one), `feed add`
// reads it from --lower, --every-days, --floor, --steps and --round, and refuses bad values and
// combinations in English and German.
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/main/cli/args';
import { cliWords } from '../../../src/main/cli/words';
import { withFeedRule } from '../../../src/main/feeds/feed-apply';
import { feedSettingsSchema } from '../../../src/shared/domain/feeds/feed';
import type { PriceRule } from '../../../src/shared/domain/price-rules/price-rule';
import { usageProblem as problem } from '../helpers/cli-usage';

const rule: PriceRule = {
  mode: 'percent',
  value: 10,
  everyDays: 7,
  floor: 49.9,
  rounding: '99',
  maxSteps: 3,
};
const settings = {
  name: 'lager',
  source: { kind: 'file', path: '/tmp/lager.csv' },
  accountId: 'sandbox',
  referenceColumn: 'SKU',
};

const add = (...options: string[]) => ['feed', 'add', 'lager', '/tmp/lager.csv', ...options];

describe("a feed's price rule", () => {
  it('is optional in the settings, and checked as a rule', () => {
    expect(feedSettingsSchema.parse(settings).priceRule).toBeUndefined();
    expect(feedSettingsSchema.parse({ ...settings, priceRule: rule }).priceRule).toEqual(rule);
    expect(feedSettingsSchema.safeParse({ ...settings, priceRule: { ...rule, value: 120 } }).success).toBe(
      false,
    );
    expect(feedSettingsSchema.safeParse({ ...settings, priceRule: { ...rule, floor: 0 } }).success).toBe(
      false,
    );
  });

  it("starts the feed's new drafts with it, over the template's", () => {
    const template: PriceRule = { ...rule, mode: 'amount', value: 5 };
    const init = { title: 'Kühlschrank', priceRule: { rule: template, origin: 'template' as const } };
    expect(withFeedRule(init, { priceRule: rule }).priceRule).toEqual({ rule, origin: 'feed' });
    expect(withFeedRule(init, {})).toBe(init);
  });

  it('is read by feed add', () => {
    const args = parseCliArgs(
      add('--lower', '10%', '--every-days', '7', '--floor', '49,90', '--steps', '3', '--round', '99'),
    );
    expect(args.feedAdd?.priceRule).toEqual(rule);
    expect(
      parseCliArgs(add('--lower', '2,50', '--every-days', '14', '--floor', '20')).feedAdd?.priceRule,
    ).toEqual({ mode: 'amount', value: 2.5, everyDays: 14, floor: 20, rounding: 'none', maxSteps: null });
    expect(parseCliArgs(add('--every', '60')).feedAdd).not.toHaveProperty('priceRule');
    // Issue 32.6: a floor as a share of the price the rule starts from.
    for (const floor of ['70%', '70 %'])
      expect(
        parseCliArgs(add('--lower', '10%', '--every-days', '7', '--floor', floor)).feedAdd?.priceRule?.floor,
      ).toEqual({ percent: 70 });
  });

  it('refuses a share floor of 100 % or more, saying what it takes (issue 32.6)', () => {
    const rule = ['--lower', '10%', '--every-days', '7', '--floor'];
    expect(problem(add(...rule, '100%'))).toEqual({ problem: 'feed-floor', value: '100%' });
    expect(problem(add(...rule, '0%'))).toEqual({ problem: 'feed-floor', value: '0%' });
    expect(cliWords('en').usage(problem(add(...rule, '150%')))).toBe(
      '--floor takes the lowest price in euros (49,90) or a share of the start price below 100 % (70%), not "150%".',
    );
  });

  it('refuses bad values and combinations, in English and German', () => {
    const en = cliWords('en');
    const de = cliWords('de');
    const rule = ['--every-days', '7', '--floor', '20'];
    expect(problem(add('--floor', '20'))).toEqual({ problem: 'feed-rule-lower', flag: '--floor' });
    expect(en.usage(problem(add('--steps', '3')))).toBe(
      '--steps belongs to a price rule: give it with --lower PERCENT%|AMOUNT.',
    );
    expect(problem(add('--lower', '10%'))).toEqual({
      problem: 'feed-rule-needs',
      flags: '--every-days, --floor',
    });
    expect(de.usage(problem(add('--lower', '10%', '--every-days', '7')))).toBe(
      'Eine Preisregel (--lower) braucht auch --floor: wie viele Tage zwischen den Schritten und den niedrigsten Preis.',
    );
    expect(problem(add('--lower', '120%', ...rule))).toEqual({ problem: 'feed-lower', value: '120%' });
    expect(problem(add('--lower', 'viel', ...rule))).toEqual({ problem: 'feed-lower', value: 'viel' });
    expect(en.usage(problem(add('--lower', '0', ...rule)))).toBe(
      '--lower takes a percentage up to 100 (10%) or an amount in euros (2,50), not "0".',
    );
    expect(problem(add('--lower', '5', '--every-days', '0', '--floor', '20'))).toMatchObject({
      problem: 'feed-every-days',
    });
    expect(problem(add('--lower', '5', '--every-days', '7', '--floor', '0,00'))).toMatchObject({
      problem: 'feed-floor',
    });
    expect(problem(add('--lower', '5', ...rule, '--steps', '1.5'))).toMatchObject({ problem: 'feed-steps' });
    expect(de.usage(problem(add('--lower', '5', ...rule, '--round', 'cent')))).toBe(
      '--round nimmt none, euro, 99, 90, 5, nicht „cent“.',
    );
    // Only feed add sets a rule; --every stays the schedule's minutes.
    expect(problem(['feed', 'run', 'lager', '--lower', '5'])).toEqual({
      problem: 'not-with-feed',
      flag: '--lower',
      action: 'run',
    });
    expect(problem(['import', '/tmp/a.csv', '--every-days', '7'])).toEqual({
      problem: 'not-with',
      flag: '--every-days',
      command: 'import',
    });
  });
});
