// A draft's scheduled publishing (issue 25.4): the time it is to be published, and what became of
// the schedule once that time came. Stored on the draft (so a shop shares it like the draft's other
// fields); the runner in src/main/automation acts on it. The rules without zod (for the renderer's
// first view) are in schedule-rules.ts. Pure.
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
