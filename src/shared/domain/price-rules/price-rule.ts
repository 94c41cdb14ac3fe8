// Price rules (issue 25.5): lower an ad's price by a percentage or an amount every N days, never
// below a floor, rounded as bulk edits round, optionally stopping after M steps. The rule and the
// arithmetic of its steps; what a rule did on one ad is in price-rule-record.ts. Pure; prices are
// worked in whole cents, as bulk-edit.ts works them, so every desk computes the same step.
import { z } from 'zod';
import { priceRoundings, roundCents, type PriceRounding } from './price-rounding';

/** The highest price a rule takes (the bulk edits' limit), in euros. */
export const PRICE_RULE_MAX = 100_000_000;

/** The highest share of the start price a floor may be, in per cent (at 100 nothing is lowered). */
export const FLOOR_PERCENT_MAX = 99;

/**
 * A rule's floor: an amount in euros (as rules were first stored, so those read as they are), or a
 * share of the price the rule starts from (a feed's new price starts it again, and its floor follows).
 */
export const priceFloorSchema = z.union([
  z.number().finite().positive().max(PRICE_RULE_MAX),
  z.object({ percent: z.number().finite().positive().max(FLOOR_PERCENT_MAX) }).strict(),
]);
export type PriceFloor = z.infer<typeof priceFloorSchema>;

/** A price rule as the seller sets it. */
export const priceRuleSchema = z
  .object({
    /** 'percent': `value` per cent of the price before the step; 'amount': `value` euros. */
    mode: z.enum(['percent', 'amount']),
    value: z.number().finite().positive().max(PRICE_RULE_MAX),
    everyDays: z.int().min(1).max(3650),
    /** The lowest price (euros, or a share of the start price); a rule never goes below it. */
    floor: priceFloorSchema,
    rounding: z.enum(priceRoundings),
    /** Stops after this many steps (null: only the floor stops it). */
    maxSteps: z.int().min(1).max(1000).nullable(),
  })
  .strict()
  .refine((rule) => rule.mode !== 'percent' || rule.value <= 100, {
    message: 'A percentage is at most 100.',
    path: ['value'],
  });
export type PriceRule = z.infer<typeof priceRuleSchema>;

/** One step of a rule: its number (1 = the first lowering), when it falls due and the price then. */
export interface PriceStep {
  step: number;
  /** ISO time. */
  dueAt: string;
  cents: number;
}

// Rounded prices lie at most 5 euros apart (the coarsest rounding), so these walks are short.
const WALK_LIMIT = 1_000;

/** The lowest rounded price at or above `cents` (the floor as the rounding can reach it). */
function roundedAtLeast(cents: number, rounding: PriceRounding): number {
  let probe = cents;
  for (let i = 0; i < WALK_LIMIT; i++, probe++) {
    const rounded = roundCents(probe, rounding);
    if (rounded >= cents) return rounded;
  }
  return cents;
}

/** The highest rounded price below `cents`, if any (rounding to .99 never goes under 0.99). */
function roundedBelow(cents: number, rounding: PriceRounding): number | undefined {
  for (let probe = cents - 1, i = 0; probe > 0 && i < WALK_LIMIT; probe--, i++) {
    const rounded = roundCents(probe, rounding);
    if (rounded < cents && rounded > 0) return rounded;
  }
  return undefined;
}

/** The floor in cents before rounding: its amount, or its share of `startCents` (up to the cent). */
export function floorBaseCents(floor: PriceFloor, startCents: number): number {
  return typeof floor === 'number'
    ? Math.round(floor * 100)
    : Math.ceil(Math.round(startCents * floor.percent) / 100);
}

/** The floor in cents as the rule's rounding reaches it, for a rule started from `startCents`. */
export function floorCents(rule: PriceRule, startCents: number): number {
  return roundedAtLeast(floorBaseCents(rule.floor, startCents), rule.rounding);
}

/**
 * The price after one step from `cents`, or undefined when the rule cannot lower it any more (the
 * floor is reached). A step always lowers: when rounding would give the price back (9.99 less 1 %
 * rounded to .99 is 9.99 again) it takes the next rounded price below, else a rule would stall.
 * `startCents`: the price the rule started from (a share floor's base; default `cents`).
 */
export function stepCents(rule: PriceRule, cents: number, startCents: number = cents): number | undefined {
  const raw =
    rule.mode === 'percent'
      ? Math.round((cents * (100 - rule.value)) / 100)
      : cents - Math.round(rule.value * 100);
  let next: number | undefined = roundCents(raw, rule.rounding);
  if (next >= cents) next = roundedBelow(cents, rule.rounding);
  const floor = floorCents(rule, startCents);
  if (next === undefined || next < floor) next = floor;
  return next < cents ? next : undefined;
}

/**
 * The time step `step` falls due: `step` times N calendar days after `start`, at the same time of
 * day where the seller lives (a step is not an hour early after a change to summer time).
 */
export function stepDueAt(start: string | Date, everyDays: number, step: number): Date {
  const at = new Date(start);
  at.setDate(at.getDate() + everyDays * step);
  return at;
}

/** The steps 1..`last` of the rule from `startCents` at `start` (fewer where the floor or M ends it). */
export function stepsUntil(
  rule: PriceRule,
  startCents: number,
  start: string | Date,
  last: number,
): PriceStep[] {
  const out: PriceStep[] = [];
  let cents = startCents;
  const end = rule.maxSteps === null ? last : Math.min(last, rule.maxSteps);
  for (let step = 1; step <= end; step++) {
    const next = stepCents(rule, cents, startCents);
    if (next === undefined) break;
    cents = next;
    out.push({ step, dueAt: stepDueAt(start, rule.everyDays, step).toISOString(), cents });
  }
  return out;
}

/**
 * The preview: the first `count` steps of the rule from `basePrice` (euros) at `from`, with their
 * dates and prices; fewer when the floor or the rule's last step comes first, none when the price
 * is already at or below the floor.
 */
export function priceSteps(
  rule: PriceRule,
  basePrice: number,
  from: string | Date,
  count: number,
): PriceStep[] {
  if (!Number.isFinite(basePrice) || basePrice <= 0 || count <= 0) return [];
  return stepsUntil(rule, Math.round(basePrice * 100), from, Math.floor(count));
}

/** Step `step` of the rule from `startCents` at `start`, or undefined when the rule ends before it. */
export function stepAt(
  rule: PriceRule,
  startCents: number,
  start: string | Date,
  step: number,
): PriceStep | undefined {
  const steps = stepsUntil(rule, startCents, start, step);
  return steps.length === step ? steps[step - 1] : undefined;
}

/** The number of the last step due at `now` (0: none yet), ignoring where the rule ends. */
export function stepsDueBy(start: string | Date, everyDays: number, now: Date): number {
  const begun = new Date(start).getTime();
  if (now.getTime() < begun) return 0;
  // A first guess from whole days, then corrected: calendar days are not all 24 hours long.
  let step = Math.floor((now.getTime() - begun) / (everyDays * 86_400_000));
  while (step > 0 && stepDueAt(start, everyDays, step).getTime() > now.getTime()) step--;
  while (stepDueAt(start, everyDays, step + 1).getTime() <= now.getTime()) step++;
  return step;
}
