import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFieldText, formatDateTime, readDateTimeField } from '../../../shared/dates';
import { call } from '../../ipc/client';
import { useDateStyle } from '../../i18n/use-dates';
import './schedule.css';

/** How the field's example is written: Christmas Eve, 09:30, in the app's language. */
const EXAMPLE = Date.UTC(2026, 11, 24, 9, 30);

/**
 * A date and time for drafts (issue 25.4): Schedule (or Change time) and, when they are scheduled,
 * Cancel. The time is typed as the app's language writes it, in the desk's time zone, which is
 * named beside it (issue 32.7): main reads the local time in that zone, checks it and answers in
 * plain words, shown here (a refusal as an alert).
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
  const { t } = useTranslation();
  const style = useDateStyle();
  const inputId = useId();
  const [value, setValue] = useState(() => dateTimeFieldText(Date.now() + 60 * 60_000, style));
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const example = dateTimeFieldText(EXAMPLE, { language: style.language, timeZone: 'UTC' });
  const refuse = (text: string) => {
    setSaid({ text, problem: true });
    input.current?.focus();
  };
  // The time as typed, in the desk's zone and named: exactly what main scheduled.
  const wallClock = (local: string) => {
    const [y, mo, d, h, mi] = local.match(/\d+/g)!.map(Number) as [number, number, number, number, number];
    const at = formatDateTime(Date.UTC(y, mo - 1, d, h, mi), { language: style.language, timeZone: 'UTC' });
    return `${at} (${style.timeZone})`;
  };
  const send = async (typed: string | null) => {
    if (typed !== null && typed.trim() === '') return refuse(t('schedule.emptyTime'));
    const local = typed === null ? null : readDateTimeField(typed, style.language);
    if (local === undefined) return refuse(t('schedule.unreadable', { example }));
    setBusy(true);
    try {
      const { answers } = await call('schedule:set', { ids, at: local });
      const refused = answers.filter((answer) => !answer.ok);
      const done = answers.length - refused.length;
      const lines = refused.map((answer) => answer.message);
      if (done > 0)
        lines.unshift(
          local === null
            ? t('schedule.cancelled', { count: done })
            : t('schedule.scheduled', { count: done, at: wallClock(local) }),
        );
      setSaid({ text: lines.join(' '), problem: refused.length > 0 });
      if (refused.length === 0) onDone?.();
    } catch (error) {
      refuse(error instanceof Error ? error.message : String(error));
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
      {/* The field and its zone stay together on one line. */}
      <span className="schedule-time-zone">
        <input
          id={inputId}
          ref={input}
          type="text"
          lang={style.language}
          className="schedule-time"
          value={value}
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${inputId}-zone ${inputId}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <span id={`${inputId}-zone`} className="muted small" data-testid="schedule-zone">
          {t('schedule.zone', { zone: style.timeZone })}
        </span>
      </span>
      <button type="submit" disabled={busy}>
        {scheduled ? t('schedule.change') : t('schedule.schedule')}
      </button>
      {scheduled && (
        <button type="button" disabled={busy} onClick={() => void send(null)}>
          {t('schedule.cancel')}
        </button>
      )}
      <p id={`${inputId}-hint`} className="muted small">
        {t('schedule.format', { example })}
      </p>
      {said && (
        <p className={said.problem ? 'field-error' : 'muted small'} role={said.problem ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </form>
  );
}
