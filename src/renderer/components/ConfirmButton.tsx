import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog, useFocusAfterClose } from './ConfirmDialog';
import type { RoleGate } from './RoleGate';

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
  /** This desk's role's say (issue 37.2): refused, the button stays, aria-disabled, with the reason. */
  gate?: RoleGate;
}

/**
 * A button for an action that cannot be taken back: it asks in the app's own dialog (not the
 * browser's confirm box, issue 26.7) and returns focus to itself when the dialog closes.
 */
export function ConfirmButton({ children, className, title, body, confirmLabel, onConfirm, gate }: Props) {
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
      {(gate?.wrap ?? ((control: ReactNode) => control))(
        <button
          type="button"
          className={className}
          ref={button}
          {...gate?.control()}
          onClick={gate ? gate.guard(() => setAsking(true)) : () => setAsking(true)}
        >
          {children}
        </button>,
      )}
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
