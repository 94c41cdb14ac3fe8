// A price rule on one ad (issue 25.5): the rule, where it came from, the price and time its steps
// count from, what it did (the ad's price history by rule), a step under way, and why it stopped.
// Stored with the draft, so it is shared in a shop like the draft's other fields. Pure.
import { z } from 'zod';
import {
  priceRuleSchema,
  stepAt,
  stepsDueBy,
  stepsUntil,
  type PriceRule,
  type PriceStep,
} from './price-rule';

const iso = z.iso.datetime();
const cents = z
  .int()
  .min(0)
  .max(100_000_000 * 100);

/** Where an ad's rule was set: on the ad itself, on the template it was made from, or on its feed. */
export const priceRuleOrigins = ['ad', 'template', 'feed'] as const;
export type PriceRuleOrigin = (typeof priceRuleOrigins)[number];

/** One step a rule applied: the price went from `from` to `to` (cents) at `at`. */
export const priceRuleStepSchema = z
  .object({ step: z.int().min(1), at: iso, from: cents, to: cents })
  .strict();
export type PriceRuleStepDone = z.infer<typeof priceRuleStepSchema>;

export const priceRuleRecordSchema = z
  .object({
    rule: priceRuleSchema,
    origin: z.enum(priceRuleOrigins),
    setAt: iso,
    /** The price and time the steps count from; absent until the ad is live (its step 0). */
    start: z.object({ at: iso, cents }).strict().optional(),
    steps: z.array(priceRuleStepSchema).max(1000),
    /** A step written down before its update was sent: after a crash it is read back, not sent blindly. */
    pending: z
      .object({ step: z.int().min(1), dueAt: iso, from: cents, to: cents, sentAt: iso })
      .strict()
      .optional(),
    /** The price was set outside the rule (by hand, or by a feed before 32.6) to `cents`: the rule stopped. */
    stopped: z.object({ at: iso, cents: cents.nullable() }).strict().optional(),
    /** The feed set a new price at `at` (the rule had left the ad at `from`): `start` is that price since. */
    followed: z.object({ at: iso, from: cents.nullable() }).strict().optional(),
    /** The last try of step `step` (0: the start) failed, `attempts` times so far, with why in the seller's words. */
    failed: z
      .object({ step: z.int().min(0), at: iso, message: z.string().max(2000), attempts: z.int().min(1) })
      .strict()
      .optional(),
  })
  .strict();
export type PriceRuleRecord = z.infer<typeof priceRuleRecordSchema>;

/** A new record of `rule` set at `now`, not yet started. */
export function newPriceRuleRecord(rule: PriceRule, origin: PriceRuleOrigin, now: Date): PriceRuleRecord {
  return { rule, origin, setAt: now.toISOString(), steps: [] };
}

/**
 * The record an ad made by a feed gets from the feed's rule (undefined: the feed has none); the
 * feed engine calls it when it makes a draft from a row.
 */
export function feedPriceRule(rule: PriceRule | null | undefined, now: Date): PriceRuleRecord | undefined {
  return rule ? newPriceRuleRecord(rule, 'feed', now) : undefined;
}

/** The last step applied (0: none yet). */
export function lastStepOf(record: PriceRuleRecord): number {
  return record.steps.at(-1)?.step ?? 0;
}

/** The price the rule last left the ad at (cents), or undefined before it started. */
export function expectedCents(record: PriceRuleRecord): number | undefined {
  return record.steps.at(-1)?.to ?? record.start?.cents;
}

/** What the rule is doing: waiting for the ad to go live, lowering, done, or stopped by a price set outside it. */
export type PriceRuleState = 'waiting' | 'running' | 'finished' | 'stopped';

/** The rule's state (see PriceRuleState). */
export function priceRuleState(record: PriceRuleRecord): PriceRuleState {
  if (record.stopped) return 'stopped';
  if (!record.start) return 'waiting';
  return nextStepOf(record) ? 'running' : 'finished';
}

/** The step after the last one applied, or undefined when the rule has none left (floor or M reached). */
export function nextStepOf(record: PriceRuleRecord): PriceStep | undefined {
  if (!record.start || record.stopped) return undefined;
  return stepAt(record.rule, record.start.cents, record.start.at, lastStepOf(record) + 1);
}

/** A step to apply now: the latest one due (steps missed while nothing ran are not sent one by one). */
export interface DueStep {
  step: number;
  dueAt: string;
  from: number;
  to: number;
}

/** The step due at `now`, if any (none before the ad is live, after a stop, or once the rule is done). */
export function dueStepOf(record: PriceRuleRecord, now: Date): DueStep | undefined {
  const from = expectedCents(record);
  if (!record.start || record.stopped || from === undefined) return undefined;
  const { rule, start } = record;
  // Steps missed while nothing ran: only the latest due one is sent, as far as the rule goes.
  const due = stepsUntil(rule, start.cents, start.at, stepsDueBy(start.at, rule.everyDays, now)).at(-1);
  if (!due || due.step <= lastStepOf(record)) return undefined;
  return { step: due.step, dueAt: due.dueAt, from, to: due.cents };
}

/** The next steps still to come (the preview), at most `count`; before the start, as if it started at `now` from `cents`. */
export function upcomingSteps(
  record: PriceRuleRecord,
  count: number,
  fallback: { now: Date; cents: number | undefined },
): PriceStep[] {
  if (record.stopped) return [];
  const start =
    record.start ?? (fallback.cents ? { at: fallback.now.toISOString(), cents: fallback.cents } : null);
  if (!start) return [];
  const out: PriceStep[] = [];
  for (let step = lastStepOf(record) + 1; out.length < count; step++) {
    const at = stepAt(record.rule, start.cents, start.at, step);
    if (!at) break;
    out.push(at);
  }
  return out;
}

/** How many steps the rule takes in all from its start (M, or until the floor), when it is known. */
export function totalStepsOf(record: PriceRuleRecord): number | undefined {
  if (record.rule.maxSteps !== null) return record.rule.maxSteps;
  if (!record.start) return undefined;
  const steps = stepsUntil(record.rule, record.start.cents, record.start.at, 1000).length;
  return steps < 1000 ? steps : undefined;
}

/**
 * Precedence: whether the ad's price `liveCents` was set outside the rule since its last step (by
 * hand or by a feed). Such a price wins: the rule stops rather than lowering a price the seller or
 * the shop just chose, which could sell below what they meant; setting the rule again starts it from
 * that price.
 */
export function priceSetOutside(record: PriceRuleRecord, liveCents: number): boolean {
  const expected = expectedCents(record);
  return expected !== undefined && expected !== liveCents;
}

/** Whether `cents` is a price the rule itself started from or set (a draft that lags behind its ad's steps shows one). */
export function isRulePrice(record: PriceRuleRecord, cents: number): boolean {
  return record.start?.cents === cents || record.steps.some((step) => step.to === cents);
}

/** Who set an ad's price outside its rule: the seller (by hand, a bulk edit) or the ad's feed. */
export type PriceSetter = 'seller' | 'feed';

/**
 * The record after the ad's price was set to `cents` at `now` outside the rule. The feed's price is
 * the shop's: the rule starts again from it (its steps, and a share floor, count from it and now).
 * A price the seller chose wins: the rule stops rather than lower it. Unchanged when the price is
 * the rule's own, or the rule has not started (it starts from the live price) or has stopped.
 */
export function followPrice(
  record: PriceRuleRecord,
  cents: number,
  now: Date,
  by: PriceSetter,
): PriceRuleRecord {
  if (!record.start || record.stopped || !priceSetOutside(record, cents)) return record;
  const { pending: _pending, failed: _failed, followed: _followed, ...rest } = record;
  const at = now.toISOString();
  if (by === 'seller') return { ...rest, stopped: { at, cents } };
  return {
    ...rest,
    start: { at, cents },
    steps: [],
    followed: { at, from: expectedCents(record) ?? null },
  };
}

/** What the rule's preview shows against the ad's price now. */
export type PriceRulePreview =
  /** The steps still to come, each below the price now (none: the floor or the last step is reached). */
  | { kind: 'steps'; steps: PriceStep[] }
  /** The rule stopped (`at` known), or stops at its next turn: the price now is not the rule's. */
  | { kind: 'stopped'; cents: number | null; at?: string };

/**
 * The preview of a started rule against the ad's price now (`cents`; undefined: not known): never a
 * "step" at or above that price. A price other than the one the rule left the ad at was set outside
 * it, and the rule stops at its next turn, so the preview says so rather than show its old steps.
 */
export function rulePreview(
  record: PriceRuleRecord,
  count: number,
  now: { now: Date; cents: number | undefined },
): PriceRulePreview {
  if (record.stopped) return { kind: 'stopped', cents: record.stopped.cents, at: record.stopped.at };
  if (record.start && now.cents !== undefined && priceSetOutside(record, now.cents))
    return { kind: 'stopped', cents: now.cents };
  const steps = upcomingSteps(record, count, now).filter(
    (step) => now.cents === undefined || step.cents < now.cents,
  );
  return { kind: 'steps', steps };
}

/** The record after step `done` landed at `at`. */
export function withStepDone(record: PriceRuleRecord, done: DueStep, at: Date): PriceRuleRecord {
  const { pending: _pending, failed: _failed, ...rest } = record;
  return {
    ...rest,
    steps: [...record.steps, { step: done.step, at: at.toISOString(), from: done.from, to: done.to }],
  };
}

// After a failed try the step waits a little longer each time (1, 2, 4... minutes, at most an
// hour), so a service that is down is not asked again on every turn of the runner.
const retryDelay = (attempts: number) => Math.min(60, 2 ** (attempts - 1)) * 60_000;

/**
 * When the rule next has something to do (ISO time), or undefined when it has nothing left: its
 * start (once the ad is live), a step under way, or its next step; later after a failed try.
 */
export function priceRuleDueAt(record: PriceRuleRecord): string | undefined {
  if (record.stopped) return undefined;
  const at = record.pending?.sentAt ?? (record.start ? nextStepOf(record)?.dueAt : record.setAt);
  if (at === undefined || !record.failed) return at;
  const retry = new Date(record.failed.at).getTime() + retryDelay(record.failed.attempts);
  return new Date(Math.max(new Date(at).getTime(), retry)).toISOString();
}
