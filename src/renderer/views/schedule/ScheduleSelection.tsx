import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftListRow } from '../../../shared/domain/drafts';
import { ScheduleForm } from './ScheduleForm';

/** The Drafts list's "Schedule…" for the selection (issue 25.4): a date and time for all of them. */
export function ScheduleSelection({ ids, items }: { ids: string[]; items: DraftListRow[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  const scheduled = items.some((item) => ids.includes(item.id) && item.schedule !== null);
  return (
    <>
      <button type="button" ref={button} aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('schedule.selection')}
      </button>
      {open && (
        <div
          className="schedule-popover panel"
          role="dialog"
          aria-label={t('schedule.selectionLabel')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <ScheduleForm ids={ids} scheduled={scheduled} autoFocus />
          <button type="button" className="link-button" onClick={close}>
            {t('schedule.close')}
          </button>
        </div>
      )}
    </>
  );
}
