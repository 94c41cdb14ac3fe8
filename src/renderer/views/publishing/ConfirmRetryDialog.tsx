import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before publishing again a job whose ad may already be online (its publication answer was
 * lost and the service offers no way to look it up). A modal <dialog>: focus starts on the safe
 * choice, Escape cancels, and the caller puts focus back where it was.
 */
export function ConfirmRetryDialog({
  title,
  onConfirm,
  onClose,
}: {
  title: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
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
      className="confirm-retry"
      aria-labelledby="confirm-retry-title"
      aria-describedby="confirm-retry-risk"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="confirm-retry-title">{t('publish.confirmRetry.title', { title })}</h2>
      <p id="confirm-retry-risk">{t('publish.confirmRetry.risk')}</p>
      <p>{t('publish.confirmRetry.check')}</p>
      <div className="confirm-retry-actions">
        <button type="button" ref={cancel} onClick={onClose}>
          {t('publish.confirmRetry.keep')}
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {t('publish.confirmRetry.confirm')}
        </button>
      </div>
    </dialog>
  );
}
