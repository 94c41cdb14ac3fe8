import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftTemplate } from '../../../shared/domain/drafts';
import { call } from '../../ipc/client';
import { useActiveAccount } from '../../store/accounts-store';
import { useDraftsStore } from '../../store/drafts-store';
import '../../components/confirm-dialog.css';
import { TemplatePriceRule } from '../../lazy/inner-parts';
import { usePriceRuleSummary } from '../price-rules/price-rule-summary';
import './templates.css';

type Editing =
  | { id: string; mode: 'rename'; name: string }
  | { id: string; mode: 'delete' }
  | { id: string; mode: 'price' }
  | null;

/** One template: start a draft from it, rename it, or delete it (asked first). */
function TemplateRow({
  template,
  editing,
  setEditing,
  onUse,
  onChanged,
  onError,
}: {
  template: DraftTemplate;
  editing: Editing;
  setEditing(editing: Editing): void;
  onUse(template: DraftTemplate): void;
  onChanged(): void;
  onError(error: unknown): void;
}) {
  const { t } = useTranslation();
  const mine = editing?.id === template.id ? editing : null;
  const attributes = Object.keys(template.attributes).length;
  const ruleSummary = usePriceRuleSummary();
  const rename = async (name: string) => {
    try {
      await call('templates:rename', { accountId: template.accountId, id: template.id, name });
      setEditing(null);
      onChanged();
    } catch (error) {
      onError(error);
    }
  };
  const remove = async () => {
    try {
      await call('templates:delete', { accountId: template.accountId, id: template.id });
      setEditing(null);
      onChanged();
    } catch (error) {
      onError(error);
    }
  };
  return (
    <li className="template-row" data-testid="template-row">
      {mine?.mode === 'rename' ? (
        <form
          className="template-rename"
          onSubmit={(event) => {
            event.preventDefault();
            if (mine.name.trim() !== '') void rename(mine.name.trim());
          }}
        >
          <input
            type="text"
            value={mine.name}
            maxLength={200}
            aria-label={t('exportTemplates.templates.renameLabel', { name: template.name })}
            ref={(element) => element?.focus()}
            onChange={(event) => setEditing({ ...mine, name: event.target.value })}
          />
          <button type="submit" className="primary" disabled={mine.name.trim() === ''}>
            {t('exportTemplates.templates.renameSave')}
          </button>
          <button type="button" onClick={() => setEditing(null)}>
            {t('exportTemplates.templates.cancel')}
          </button>
        </form>
      ) : (
        <>
          <div className="template-info">
            <strong>{template.name}</strong>
            <span className="muted small">
              {template.category.trim()
                ? t('exportTemplates.templates.category', { category: template.category })
                : t('exportTemplates.templates.noCategory')}
              {attributes > 0 && ` · ${t('exportTemplates.templates.attributes', { count: attributes })}`}
            </span>
            {ruleSummary(template) && <span className="muted small">{ruleSummary(template)}</span>}
          </div>
          <div className="template-actions">
            <button
              type="button"
              className="primary"
              aria-label={t('exportTemplates.templates.useHint', { name: template.name })}
              onClick={() => onUse(template)}
            >
              {t('exportTemplates.templates.use')}
            </button>
            <button
              type="button"
              onClick={() => setEditing({ id: template.id, mode: 'rename', name: template.name })}
            >
              {t('exportTemplates.templates.rename')}
            </button>
            <button
              type="button"
              aria-expanded={mine?.mode === 'price'}
              onClick={() => setEditing(mine?.mode === 'price' ? null : { id: template.id, mode: 'price' })}
            >
              {t('priceRule.templateButton')}
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => setEditing({ id: template.id, mode: 'delete' })}
            >
              {t('exportTemplates.templates.delete')}
            </button>
          </div>
        </>
      )}
      {mine?.mode === 'price' && <TemplatePriceRule template={template} onSaved={onChanged} />}
      {mine?.mode === 'delete' && (
        <div className="template-confirm" role="alertdialog" aria-label={template.name}>
          <p>{t('exportTemplates.templates.deleteConfirm', { name: template.name })}</p>
          <button type="button" className="danger" onClick={() => void remove()}>
            {t('exportTemplates.templates.deleteYes')}
          </button>
          <button type="button" ref={(element) => element?.focus()} onClick={() => setEditing(null)}>
            {t('exportTemplates.templates.cancel')}
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The selected account's templates (issue 17): start a new draft from one, rename or delete them.
 * Starting a draft closes the dialog and opens the draft in the editor.
 */
export function TemplatesDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const account = useActiveAccount();
  const [templates, setTemplates] = useState<DraftTemplate[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);
  const onError = (reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason));

  const load = useCallback(async () => {
    try {
      setTemplates((await call('templates:list')).templates);
    } catch (reason) {
      onError(reason);
    }
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    return () => element.close();
  }, []);
  useEffect(() => void load(), [load, account?.id]);

  const use = async (template: DraftTemplate) => {
    try {
      const draft = await call('templates:new-draft', { accountId: template.accountId, id: template.id });
      const drafts = useDraftsStore.getState();
      drafts.setShowTrash(false);
      await drafts.load();
      drafts.open(draft.id);
      onClose();
    } catch (reason) {
      onError(reason);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog templates-dialog"
      aria-labelledby={`${id}-title`}
      data-testid="templates-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (editing) setEditing(null);
        else onClose();
      }}
    >
      <h2 id={`${id}-title`}>{t('exportTemplates.templates.listTitle', { account: account?.name ?? '' })}</h2>
      <div className="confirm-dialog-body">
        {templates !== null && templates.length === 0 && (
          <p className="muted">{t('exportTemplates.templates.empty')}</p>
        )}
        {templates !== null && templates.length > 0 && (
          <ul className="template-list">
            {templates.map((template) => (
              <TemplateRow
                key={template.id}
                template={template}
                editing={editing}
                setEditing={setEditing}
                onUse={(chosen) => void use(chosen)}
                onChanged={() => void load()}
                onError={onError}
              />
            ))}
          </ul>
        )}
        {error !== null && (
          <p className="template-failed" role="alert">
            {t('exportTemplates.templates.failed', { message: error })}
          </p>
        )}
      </div>
      <div className="confirm-dialog-actions">
        <button type="button" onClick={onClose}>
          {t('exportTemplates.templates.close')}
        </button>
      </div>
    </dialog>
  );
}

/** "New from template…": opens the templates of the selected account. */
export function TemplatesButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        ref={button}
        title={t('exportTemplates.templates.openHint')}
        onClick={() => setOpen(true)}
      >
        {t('exportTemplates.templates.open')}
      </button>
      {open && (
        <TemplatesDialog
          onClose={() => {
            setOpen(false);
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      )}
    </>
  );
}
