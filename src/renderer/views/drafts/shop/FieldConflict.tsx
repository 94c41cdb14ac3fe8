// Under a field in conflict, beside what the seller is typing (issue 32.2): the other values kept
// for it, with who made each and when, and a button to keep one. The panel above the fields lists
// every conflict; this note is where the seller's eyes are when a change crosses their typing.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sameShopValue, shopConflictsOf, shopValueOf } from '../../../../shared/domain/shop';
import { call } from '../../../ipc/client';
import { fieldDomId } from '../editor/field-ids';
import { useEditorStore } from '../../../store/editor-store';
import { useAuthorText, useDeskText, useValueText } from './use-shop-words';
import './shop-conflicts.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The values of `field`'s conflict other than the one in the field now; nothing without a conflict. */
export function FieldConflict({ field, label }: { field: string; label: string }) {
  const { t } = useTranslation();
  const draft = useEditorStore((s) => s.draft);
  const authorText = useAuthorText();
  const deskText = useDeskText();
  const valueText = useValueText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const conflict = draft && shopConflictsOf(draft).find((c) => c.field === field);
  if (!draft || !conflict) return null;
  const noteId = `${fieldDomId(field)}-conflict`;
  const now = shopValueOf(draft, field) ?? null;
  const others = conflict.values
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => !sameShopValue(now, entry.value));

  const keep = async (index: number) => {
    setBusy(true);
    setError(null);
    const editor = useEditorStore.getState();
    try {
      // What was typed goes first, so the pick is not overwritten by an older save.
      if (!(await editor.flush())) return;
      await call('drafts:shop-pick', { id: draft.id, field, index });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      await useEditorStore.getState().refresh([draft.id]);
      setBusy(false);
    }
  };

  return (
    <div className="field-conflict" role="group" aria-labelledby={noteId}>
      <p id={noteId} className="small">
        {t('shopMerge.fieldNote', { field: label })}
      </p>
      <ul>
        {others.map(({ entry, index }) => (
          <li key={index}>
            <span className="field-conflict-text">
              <span className="shop-value">{valueText(field, entry.value)}</span>
              <span className="muted small">{authorText(entry.by)}</span>
            </span>
            <button
              type="button"
              disabled={busy}
              aria-label={t('shopMerge.keepLabel', { field: label, desk: deskText(entry.by) })}
              onClick={() => void keep(index)}
            >
              {t('shopMerge.keep')}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
