import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../shared/domain/drafts';
import { isWaiting } from '../../../shared/domain/publishing';
import { needsLook, useScheduleWords } from './schedule-words';
import { ScheduleForm } from './ScheduleForm';

// A draft being published or published has nothing left to schedule (main refuses it too).
const SCHEDULABLE = new Set<Draft['status']>(['draft', 'ready', 'failed']);

/** The editor's "Publish later" (issue 25.4): the draft's schedule in words, and the time to set or cancel. */
export function ScheduleBar({ draft }: { draft: Draft }) {
  const { t } = useTranslation();
  const words = useScheduleWords();
  const schedule = draft.schedule ?? null;
  const open = SCHEDULABLE.has(draft.status);
  if (!open && !schedule) return null;
  return (
    <section className="schedule-bar" aria-label={t('schedule.label')} data-testid="schedule-bar">
      <h3>{t('schedule.label')}</h3>
      {schedule && (
        <p className={needsLook(schedule) ? 'banner error' : 'schedule-state'} data-testid="schedule-state">
          {words.full(schedule)}
        </p>
      )}
      {open && (
        <ScheduleForm
          key={draft.id}
          ids={[draft.id]}
          scheduled={isWaiting(schedule) || needsLook(schedule)}
        />
      )}
    </section>
  );
}
