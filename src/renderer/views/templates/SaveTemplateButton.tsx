import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../ipc/client';
import { useEditorStore } from '../../store/editor-store';
import { useAccountLabel } from '../drafts/draft-account';
import '../../components/confirm-dialog.css';
import './templates.css';

/** Names the open draft's template and saves it (the draft's typing lands first). */
function SaveTemplateDialog({
  draftId,
  suggested,
  onClose,
}: {
  draftId: string;
  suggested: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const accountId = useEditorStore((s) => s.draft?.accountId ?? null);
  const { name: account } = useAccountLabel(accountId);
  const [name, setName] = useState(suggested);
  const [state, setState] = useState<{ busy: boolean; saved?: string; error?: string }>({ busy: false });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    // The dialog opens to name the template: the name field is where the seller starts.
    input.current?.select();
    return () => element.close();
  }, []);

  const save = async () => {
    if (name.trim() === '') {
      setState({ busy: false, error: t('exportTemplates.templates.nameMissing') });
      return;
    }
    setState({ busy: true });
    try {
      await useEditorStore.getState().flush();
      const template = await call('templates:save', { draftId, name: name.trim() });
      setState({ busy: false, saved: template.name });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog template-dialog"
      aria-labelledby={`${id}-title`}
      data-testid="save-template-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!state.busy) onClose();
      }}
    >
      <h2 id={`${id}-title`}>{t('exportTemplates.templates.saveTitle')}</h2>
      <form
        className="confirm-dialog-body"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="muted">{t('exportTemplates.templates.saveIntro', { account })}</p>
        <label className="template-name">
          <span>{t('exportTemplates.templates.name')}</span>
          <input
            type="text"
            value={name}
            maxLength={200}
            disabled={state.busy || state.saved !== undefined}
            ref={input}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <div aria-live="polite">
          {state.saved !== undefined && <p>{t('exportTemplates.templates.saved', { name: state.saved })}</p>}
          {state.error !== undefined && (
            <p className="template-failed" role="alert">
              {t('exportTemplates.templates.failed', { message: state.error })}
            </p>
          )}
        </div>
        <div className="confirm-dialog-actions">
          <button type="button" onClick={onClose} disabled={state.busy}>
            {state.saved !== undefined
              ? t('exportTemplates.templates.close')
              : t('exportTemplates.templates.cancel')}
          </button>
          {state.saved === undefined && (
            <button type="submit" className="primary" disabled={state.busy}>
              {t('exportTemplates.templates.saveConfirm')}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

/** "Save as template…" for the open draft (issue 17). */
export function SaveTemplateButton() {
  const { t } = useTranslation();
  const draftId = useEditorStore((s) => s.draft?.id);
  const category = useEditorStore((s) => s.draft?.category ?? '');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!draftId) return null;
  // A category's last part is a good first name ("Möbel/Sofas" → "Sofas").
  const suggested = category.split('/').pop()?.trim() ?? '';
  return (
    <>
      <button type="button" ref={button} className="link-button" onClick={() => setOpen(true)}>
        {t('exportTemplates.templates.save')}
      </button>
      {open && (
        <SaveTemplateDialog
          draftId={draftId}
          suggested={suggested}
          onClose={() => {
            setOpen(false);
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      )}
    </>
  );
}
