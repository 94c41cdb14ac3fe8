import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/ipc/types';
import { ImprintForm } from './ImprintForm';

/**
 * Asks for the account's imprint before its first publish: a modal <dialog> with the imprint form.
 * Escape and Cancel close it without a change (`onClose(false)`); saved, it closes with `true`.
 */
export function ImprintDialog({ account, onClose }: { account: AccountView; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    element.querySelector<HTMLInputElement>('input')?.focus();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog imprint-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <h2 id={`${id}-title`}>{t('imprintForm.dialogTitle', { account: account.name })}</h2>
      <div className="confirm-dialog-body">
        <ImprintForm
          account={account}
          submitLabel={t('imprintForm.saveAndPublish')}
          onSaved={() => onClose(true)}
          onCancel={() => onClose(false)}
        />
      </div>
    </dialog>
  );
}
