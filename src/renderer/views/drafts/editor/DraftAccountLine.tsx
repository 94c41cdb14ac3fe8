import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorStore } from '../../../store/editor-store';
import { useAccountLabel } from '../draft-account';
import { MoveAccountDialog } from '../MoveAccountDialog';

/** The open draft's account, and moving it to another (issue 15.1). */
export function DraftAccountLine() {
  const { t } = useTranslation();
  const draftId = useEditorStore((s) => s.draft?.id);
  const accountId = useEditorStore((s) => s.draft?.accountId ?? null);
  const { name, removed } = useAccountLabel(accountId);
  const [moving, setMoving] = useState<string[] | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // After the dialog is gone (its <dialog> closed in its own cleanup), focus goes back to the opener.
  useEffect(() => {
    if (moving || !refocus.current) return;
    refocus.current = false;
    opener.current?.focus();
  }, [moving]);
  if (!draftId) return null;

  const open = async () => {
    // What was typed lands first, so the move starts from the draft as the seller sees it.
    await useEditorStore.getState().flush();
    setMoving([draftId]);
  };
  const close = (moved: boolean) => {
    refocus.current = true;
    setMoving(null);
    if (moved) void useEditorStore.getState().refresh([draftId]);
  };

  return (
    <div className={`editor-account${removed ? ' removed' : ''}`} data-testid="editor-account">
      <span className="editor-account-name">{t('accountsApart.editor.account', { name })}</span>
      <button type="button" ref={opener} className="link-button" onClick={() => void open()}>
        {t('accountsApart.editor.move')}
      </button>
      {removed && <span className="editor-account-hint">{t('accountsApart.editor.removedHint')}</span>}
      {moving && <MoveAccountDialog ids={moving} fromAccountId={accountId} onClose={close} />}
    </div>
  );
}
