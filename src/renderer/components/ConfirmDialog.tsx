import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  /** The question, naming the thing it is about (e.g. the ad's title). */
  title: string;
  /** What happens if the seller confirms: one or more paragraphs. */
  body: ReactNode;
  /** The label of the confirming button, a verb ("Delete ad"). */
  confirmLabel: string;
  /** The label of the safe button; "Cancel" in the UI's language when omitted. */
  cancelLabel?: string;
  /** Shows the confirming button as destructive. */
  danger?: boolean;
  /** While true both buttons are disabled (the action is running). */
  busy?: boolean;
  onConfirm: () => void;
  /** Called on the safe button and on Escape; the caller closes the dialog and restores focus. */
  onCancel: () => void;
}

/**
 * Asks before an action that cannot be taken back. A modal <dialog>: focus starts on the safe
 * choice (so a stray Enter cancels), Escape cancels, and the caller decides where focus goes
 * after it closes (usually the button that opened it, with useFocusAfterClose).
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    cancel.current?.focus();
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        // Escape closes a <dialog> by itself; the caller owns its lifetime, so we only report it.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-body`} className="confirm-dialog-body">
        {typeof body === 'string' ? <p>{body}</p> : body}
      </div>
      <div className="confirm-dialog-actions">
        <button type="button" ref={cancel} onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t('lifecycle.dialog.cancel')}
        </button>
        <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * Returns a function that moves focus to `target` after the next render: a button behind a modal
 * dialog cannot take focus until the dialog is gone (and may be disabled until its action ends).
 */
export function useFocusAfterClose(): (target: HTMLElement | null) => void {
  const pending = useRef<HTMLElement | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    const target = pending.current;
    pending.current = null;
    target?.focus();
  }, [request]);
  return useCallback((target) => {
    pending.current = target;
    setRequest((n) => n + 1);
  }, []);
}
