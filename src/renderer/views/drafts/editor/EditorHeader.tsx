import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftStatus } from '../../../../shared/domain/drafts';
import { useDates } from '../../../i18n/use-dates';
import { useEditorStore } from '../../../store/editor-store';
import { DraftAccountLine } from './DraftAccountLine';
import { SaveTemplateButton } from '../../templates/SaveTemplateButton';

/** Whether the seller's typing is on disk: saving, saved, or failed with a way to try again. */
function SaveIndicator() {
  const { t } = useTranslation();
  const save = useEditorStore((s) => s.save);
  const flush = useEditorStore((s) => s.flush);
  if (save.state === 'error') {
    // Main refuses saves of a draft in the trash ('conflict') or gone ('not-found'): say what to do.
    const message =
      save.code === 'conflict'
        ? t('editor.save.conflict')
        : save.code === 'not-found'
          ? t('editor.save.gone')
          : save.message;
    return (
      <div className="save-state failed" role="alert">
        <span>{t('editor.save.failed', { message })}</span>
        <button type="button" onClick={() => void flush()}>
          {t('editor.save.retry')}
        </button>
      </div>
    );
  }
  const text =
    save.state === 'pending' || save.state === 'saving'
      ? t('editor.save.saving')
      : save.state === 'saved'
        ? t('editor.save.saved')
        : '';
  return (
    <div className="save-state" role="status" title={t('editor.save.shortcut')}>
      {text}
    </div>
  );
}

interface HeaderProps {
  title: string;
  status: DraftStatus;
  /** Fields two desks changed apart wait for the seller (issue 24.4): not ready, whatever the status. */
  inConflict: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The draft's name, status and dates, and the state of its saving (drawn again only when they change). */
export const EditorHeader = memo(function EditorHeader({
  title,
  status,
  inConflict,
  createdAt,
  updatedAt,
}: HeaderProps) {
  const { t } = useTranslation();
  const date = useDates().dateTime;
  return (
    <header className="editor-head">
      <div className="editor-head-main">
        <h2>{title.trim() || t('editor.untitled')}</h2>
        <p className="muted small">
          {inConflict && status === 'ready' ? (
            <span className="status-badge status-conflict" data-testid="editor-status">
              {t('shopMerge.pick')}
            </span>
          ) : (
            <span className={`status-badge status-${status}`} data-testid="editor-status">
              {t(`editor.status.${status}`)}
            </span>
          )}
          <span>{t('editor.created', { date: date(createdAt) })}</span>
          <span>{t('editor.updated', { date: date(updatedAt) })}</span>
        </p>
        {/* Issue 15.1: the draft's account, and moving it. */}
        <DraftAccountLine />
        {/* Issue 17: the draft's shared fields as a template of its account. */}
        <SaveTemplateButton />
      </div>
      <SaveIndicator />
    </header>
  );
});
