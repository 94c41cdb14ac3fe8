import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../ipc/client';
import { inputValue } from './schedule-words';
import './schedule.css';

/**
 * A date and time for drafts (issue 25.4): Schedule (or Change time) and, when they are scheduled,
 * Cancel. The time is the seller's local time as the date-time input gives it; main checks it and
 * answers in plain words, shown here (a refusal as an alert).
 */
export function ScheduleForm({
  ids,
  scheduled,
  autoFocus = false,
  onDone,
}: {
  ids: string[];
  /** The drafts have a schedule now (Change time and Cancel are offered). */
  scheduled: boolean;
  autoFocus?: boolean;
  onDone?(): void;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState(() => inputValue(Date.now() + 60 * 60_000));
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const send = async (at: string | null) => {
    if (at === '') {
      setSaid({ text: t('schedule.emptyTime'), problem: true });
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { answers } = await call('schedule:set', { ids, at });
      const refused = answers.filter((answer) => !answer.ok);
      const done = answers.length - refused.length;
      const lines = refused.map((answer) => answer.message);
      if (done > 0) {
        const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
        lines.unshift(
          at === null
            ? t('schedule.cancelled', { count: done })
            : t('schedule.scheduled', { count: done, at: format.format(new Date(at)) }),
        );
      }
      setSaid({ text: lines.join(' '), problem: refused.length > 0 });
      if (refused.length === 0) onDone?.();
    } catch (error) {
      setSaid({ text: error instanceof Error ? error.message : String(error), problem: true });
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="schedule-form"
      // The time is checked by main and said in words; the browser's own bubble would say less.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send(value);
      }}
    >
      <label htmlFor={inputId}>{t('schedule.at')}</label>
      <input
        id={inputId}
        ref={input}
        type="datetime-local"
        value={value}
        min={inputValue(Date.now())}
        autoFocus={autoFocus}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" disabled={busy}>
        {scheduled ? t('schedule.change') : t('schedule.schedule')}
      </button>
      {scheduled && (
        <button type="button" disabled={busy} onClick={() => void send(null)}>
          {t('schedule.cancel')}
        </button>
      )}
      {said && (
        <p className={said.problem ? 'field-error' : 'muted small'} role={said.problem ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </form>
  );
}
