// Setting and cancelling a draft's schedule (issue 25.4): the editor, the Drafts list's selection
// and `publish ID... --at TIME`. The time is checked here (the renderer is not trusted), each draft
// is refused in plain words when it cannot be scheduled, and the runner is woken so that it sleeps
// until the new earliest time.
import type { Draft } from '../../shared/domain/drafts';
import type { ScheduleAnswer } from '../../shared/ipc/contract-schedule';
import { parseScheduleTime } from '../../shared/domain/publishing';
import { formatDateTimeInZone } from '../../shared/dates';
import type { UiLanguage } from '../../shared/i18n-language';
import { wordsIn } from '../i18n';
import { AppError } from '../errors/app-error';
import type { DraftsStore } from '../storage/drafts-store';

export interface SchedulesDeps {
  store: Pick<DraftsStore, 'list' | 'update'>;
  now(): number;
  language(): UiLanguage;
  onChanged(ids: string[]): void;
  /** A schedule was set or cancelled: the runner looks again. */
  wake(): void;
}

export interface Schedules {
  /** Schedules drafts at `at` (ISO 8601 or local `YYYY-MM-DD HH:MM`); refuses a past or unreadable time. */
  set(ids: readonly string[], at: string): Promise<ScheduleAnswer[]>;
  /** Cancels the drafts' schedules (also one kept after it was not published). */
  cancel(ids: readonly string[]): Promise<ScheduleAnswer[]>;
}

// A draft being published or published has nothing left to schedule.
const SCHEDULABLE = new Set<Draft['status']>(['draft', 'ready', 'failed']);

/** A scheduled time in the seller's language and this desk's time zone, named (the CLI and main's notices). */
export function localTime(iso: string, language: UiLanguage): string {
  return formatDateTimeInZone(iso, { language });
}

/** The schedules service. */
export function createSchedules(deps: SchedulesDeps): Schedules {
  const words = () => wordsIn(deps.language(), 'schedule');
  const change = async (
    ids: readonly string[],
    next: (draft: Draft) => Draft['schedule'],
    said: (title: string, id: string) => string,
  ): Promise<ScheduleAnswer[]> => {
    const w = words();
    const live = new Map(deps.store.list().map((summary) => [summary.id, summary]));
    const answers: ScheduleAnswer[] = [];
    for (const id of ids) {
      const summary = live.get(id);
      if (!summary) {
        answers.push({ id, title: '', ok: false, message: w('notFound', { id }) });
        continue;
      }
      const title = summary.title || w('untitled');
      if (!SCHEDULABLE.has(summary.status)) {
        answers.push({ id, title, ok: false, message: w('published', { title }) });
        continue;
      }
      await deps.store.update(id, (draft) => ({ ...draft, schedule: next(draft) }));
      answers.push({ id, title, ok: true, message: said(title, id) });
    }
    const changed = answers.filter((answer) => answer.ok).map((answer) => answer.id);
    if (changed.length > 0) {
      deps.onChanged(changed);
      deps.wake();
    }
    return answers;
  };
  return {
    async set(ids, text) {
      const time = parseScheduleTime(text, deps.now());
      const w = words();
      if (!time.ok)
        throw new AppError(
          'invalid-input',
          time.problem === 'past'
            ? w('past', { at: localTime(time.at, deps.language()) })
            : w('unparsable', { text }),
        );
      const at = localTime(time.at, deps.language());
      return change(
        ids,
        () => ({ at: time.at }),
        (title, id) => w('scheduled', { title, id, at }),
      );
    },
    cancel: (ids) =>
      change(
        ids,
        () => null,
        (title) => words()('cancelled', { title }),
      ),
  };
}
