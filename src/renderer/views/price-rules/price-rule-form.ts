// The price rule form's values as typed (text, so "12,50" and a half-typed "1" stay as they are)
// and the rule they make, or what to fix in each field. Pure.
import { priceRoundings, type PriceRounding } from '../../../shared/domain/bulk';
import {
  FLOOR_PERCENT_MAX,
  PRICE_RULE_MAX,
  type PriceFloor,
  type PriceRule,
} from '../../../shared/domain/price-rules';
import { readPriceText } from '../../../shared/domain/drafts';

/** The form's fields as typed. */
export interface PriceRuleFormValues {
  mode: PriceRule['mode'];
  value: string;
  everyDays: string;
  floor: string;
  rounding: PriceRounding;
  maxSteps: string;
}

export type PriceRuleField = 'value' | 'everyDays' | 'floor' | 'maxSteps';
/** What is wrong with a field (the UI words each code). */
export type PriceRuleFieldError = 'amount' | 'percent' | 'days' | 'floor' | 'steps';

export { priceRoundings };

/** The form of `rule`, or a sensible start (10 % every 7 days, no floor typed yet). */
export function formOf(rule: PriceRule | null | undefined): PriceRuleFormValues {
  if (!rule)
    return { mode: 'percent', value: '10', everyDays: '7', floor: '', rounding: 'none', maxSteps: '' };
  return {
    mode: rule.mode,
    value: String(rule.value),
    everyDays: String(rule.everyDays),
    floor: typeof rule.floor === 'number' ? String(rule.floor) : `${rule.floor.percent} %`,
    rounding: rule.rounding,
    maxSteps: rule.maxSteps === null ? '' : String(rule.maxSteps),
  };
}

const amountOf = (text: string): number | undefined => {
  const reading = readPriceText(text);
  return reading.ok && reading.amount !== null && reading.amount > 0 && reading.amount <= PRICE_RULE_MAX
    ? Math.round(reading.amount * 100) / 100
    : undefined;
};

/** The floor as typed: an amount ("49,90"), or a share of the start price ("70 %"). */
const floorOf = (text: string): PriceFloor | undefined => {
  const trimmed = text.trim();
  if (!trimmed.endsWith('%')) return amountOf(trimmed);
  const percent = amountOf(trimmed.slice(0, -1));
  return percent !== undefined && percent <= FLOOR_PERCENT_MAX ? { percent } : undefined;
};

const wholeOf = (text: string, max: number): number | undefined => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= max ? value : undefined;
};

/** The rule the form makes, or each field's problem. */
export function ruleOfForm(
  form: PriceRuleFormValues,
):
  | { ok: true; rule: PriceRule }
  | { ok: false; errors: Partial<Record<PriceRuleField, PriceRuleFieldError>> } {
  const errors: Partial<Record<PriceRuleField, PriceRuleFieldError>> = {};
  const value = amountOf(form.value);
  if (value === undefined || (form.mode === 'percent' && value > 100))
    errors.value = form.mode === 'percent' ? 'percent' : 'amount';
  const everyDays = wholeOf(form.everyDays, 3650);
  if (everyDays === undefined) errors.everyDays = 'days';
  const floor = floorOf(form.floor);
  if (floor === undefined) errors.floor = 'floor';
  const maxSteps = form.maxSteps.trim() === '' ? null : wholeOf(form.maxSteps, 1000);
  if (maxSteps === undefined) errors.maxSteps = 'steps';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    rule: {
      mode: form.mode,
      value: value!,
      everyDays: everyDays!,
      floor: floor!,
      rounding: form.rounding,
      maxSteps: maxSteps!,
    },
  };
}
