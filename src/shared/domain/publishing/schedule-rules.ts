// What a draft's schedule means (issue 25.4), without zod so the renderer's first view can use it.
// Pure.
import type { DraftSchedule } from './draft-schedule';

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
