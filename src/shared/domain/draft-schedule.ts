// A draft's scheduled publishing (issue 25.4): the time it is to be published, and what became of
// the schedule once that time came. Stored on the draft (so a shop shares it like the draft's other
// fields); the runner in src/main/automation acts on it. Pure.
import { z } from 'zod';

/** What became of a schedule once its time came (absent: it is still waiting). */
export const scheduleOutcomeSchema = z.discriminatedUnion('kind', [
  /** Handed to the publish engine at `at` (later than due when nothing ran at the time). */
  z.object({ kind: z.literal('started'), at: z.iso.datetime(), jobId: z.string().max(200).nullable() }),
  /** Not published: the draft was not ready; `issues` counts what the seller has to fix. */
  z.object({ kind: z.literal('held'), at: z.iso.datetime(), issues: z.int().nonnegative() }),
  /** Not published: the publish engine refused it, in `message` (plain words, the app's language then). */
  z.object({ kind: z.literal('failed'), at: z.iso.datetime(), message: z.string().max(2000) }),
]);
export type ScheduleOutcome = z.infer<typeof scheduleOutcomeSchema>;

export const draftScheduleSchema = z.object({
  /** When the draft is to be published (ISO 8601, UTC). */
  at: z.iso.datetime(),
  outcome: scheduleOutcomeSchema.optional(),
});
export type DraftSchedule = z.infer<typeof draftScheduleSchema>;

/** The claim key of a schedule: the same draft at the same time is published once, whatever runs it. */
export function scheduleKey(draftId: string, at: string): string {
  return `schedule:${draftId}:${at}`;
}

/** A schedule that waits for its time (not yet run). */
export function isWaiting(schedule: DraftSchedule | null | undefined): schedule is DraftSchedule {
  return schedule !== null && schedule !== undefined && schedule.outcome === undefined;
}

// Started this long after its time, a schedule "fell due while nothing ran" and the seller is told.
export const LATE_AFTER_MS = 60_000;

/** Whether a started schedule ran late (the app and the worker were not running when it fell due). */
export function ranLate(schedule: DraftSchedule): boolean {
  const outcome = schedule.outcome;
  return outcome !== undefined && Date.parse(outcome.at) - Date.parse(schedule.at) >= LATE_AFTER_MS;
}
