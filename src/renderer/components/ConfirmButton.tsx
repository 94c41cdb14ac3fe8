import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog, useFocusAfterClose } from './ConfirmDialog';

interface Props {
  /** The button's label. */
  children: ReactNode;
  className?: string;
  /** The dialog's question, its explanation and the confirming button's label. */
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** The action; the dialog stays open (busy) until it settles, and closes whatever the outcome. */
  onConfirm: () => Promise<unknown>;
}

/**
 * A button for an action that cannot be taken back: it asks in the app's own dialog (not the
 * browser's confirm box, issue 26.7) and returns focus to itself when the dialog closes.
 */
export function ConfirmButton({ children, className, title, body, confirmLabel, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const focusAfterClose = useFocusAfterClose();
  const close = () => {
    setAsking(false);
    focusAfterClose(button.current);
  };
  return (
    <>
      <button type="button" className={className} ref={button} onClick={() => setAsking(true)}>
        {children}
      </button>
      {asking && (
        <ConfirmDialog
          title={title}
          body={body}
          confirmLabel={confirmLabel}
          danger
          busy={busy}
          onCancel={close}
          onConfirm={() => {
            setBusy(true);
            // The caller reports a failure; the dialog closes either way.
            void onConfirm().finally(() => {
              setBusy(false);
              close();
            });
          }}
        />
      )}
    </>
  );
}
