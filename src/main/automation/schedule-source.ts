// Scheduled publishing as a DueSource (issue 25.4): a draft whose time has come is handed to the
// publish engine (exactly-once already: a draft's open job is reused, a published draft refused),
// under the claim key `schedule:<draftId>:<iso>`. A draft that is not ready then is not published:
// its schedule is kept with what happened, for the seller to fix; one that fell due while nothing
// ran is published at the next start (or by the worker), and the seller is told so.
import type { Draft } from '../../shared/domain/drafts';
import type { ScheduleOutcome } from '../../shared/domain/publishing';
import { isWaiting, ranLate, scheduleKey } from '../../shared/domain/publishing';
import { validateDraft } from '../../shared/domain/drafts';
import { shopConflictsOf } from '../../shared/domain/shop';
import type { PublishEngine } from '../publish/engine';
import type { DraftsStore } from '../storage/drafts-store';
import type { DueSource, DueTask } from './due';

/** What the seller is told of a schedule whose time came (the words are the caller's). */
export interface ScheduleNews {
  draftId: string;
  title: string;
  /** When it was due (ISO). */
  dueAt: string;
  outcome: ScheduleOutcome;
  /** Published (started) a minute or more after its time: nothing ran when it fell due. */
  late: boolean;
}

export interface ScheduleSourceDeps {
  store: Pick<DraftsStore, 'list' | 'get' | 'update'>;
  publish: Pick<PublishEngine, 'start'>;
  now(): number;
  onChanged(ids: string[]): void;
  /** Tells the seller (and the log) what became of a schedule. */
  tell(news: ScheduleNews): void;
}

/** The schedules' DueSource. */
export function scheduleSource(deps: ScheduleSourceDeps): DueSource {
  const waiting = () =>
    deps.store
      .list()
      .flatMap((summary) =>
        isWaiting(summary.schedule)
          ? [{ summary, at: summary.schedule.at, ms: Date.parse(summary.schedule.at) }]
          : [],
      );
  return {
    async due(now) {
      return waiting()
        .filter((entry) => entry.ms <= now)
        .map(({ summary, at, ms }): DueTask => ({
          key: scheduleKey(summary.id, at),
          kind: 'schedule',
          dueAt: ms,
          label: summary.title || summary.id,
          run: (signal) => publishScheduled(deps, summary.id, at, signal),
        }));
    },
    async next(now) {
      const later = waiting().filter((entry) => entry.ms > now);
      return later.length > 0 ? Math.min(...later.map((entry) => entry.ms)) : undefined;
    },
  };
}

const stillDue = (draft: Draft, at: string) => isWaiting(draft.schedule) && draft.schedule.at === at;

async function publishScheduled(deps: ScheduleSourceDeps, draftId: string, at: string, signal: AbortSignal) {
  const draft = await deps.store.get(draftId);
  // Changed or cancelled since it was listed: the new time has its own key.
  if (!stillDue(draft, at) || signal.aborted) return;
  const when = () => new Date(deps.now()).toISOString();
  const issues = validateDraft(draft).length + shopConflictsOf(draft).length;
  let outcome: ScheduleOutcome;
  if (issues > 0) outcome = { kind: 'held', at: when(), issues };
  else {
    const [result] = await deps.publish.start([draftId]);
    outcome = result?.error
      ? { kind: 'failed', at: when(), message: result.error.detail || result.error.title }
      : { kind: 'started', at: when(), jobId: result?.jobId ?? null };
  }
  let written: Draft | undefined;
  await deps.store.update(draftId, (current) => {
    if (!stillDue(current, at)) return current;
    written = { ...current, schedule: { at, outcome } };
    return written;
  });
  deps.onChanged([draftId]);
  if (written?.schedule)
    deps.tell({
      draftId,
      title: draft.title,
      dueAt: at,
      outcome,
      late: outcome.kind === 'started' && ranLate(written.schedule),
    });
}
