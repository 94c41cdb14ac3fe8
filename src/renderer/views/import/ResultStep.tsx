import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useFocusAfterClose } from '../../components/ConfirmDialog';
import { useImportStore } from '../../store/import-store';
import { useRefusalText } from '../drafts/photos/refusal-text';
import { useMessageLanguage } from '../../components/problem-text';
import { FailureBanner } from './FailureBanner';
import { problemText, sheetRow } from './import-words';

/** What undoing did: drafts to the trash, some already gone, published ones kept. */
function Undone({ takeFocus }: { takeFocus: boolean }) {
  const { t } = useTranslation();
  const undone = useImportStore((s) => s.undone);
  const box = useRef<HTMLDivElement>(null);
  // The undo button goes with the import: focus comes here once the question is gone (its
  // dialog gives focus back as it closes, in the same commit, before this effect).
  useEffect(() => {
    if (undone && takeFocus) box.current?.focus();
  }, [undone, takeFocus]);
  if (!undone) return null;
  return (
    <div className="banner import-undone" role="status" tabIndex={-1} ref={box} data-testid="import-undone">
      <span>
        {t('import.result.undone', { count: undone.trashed })}
        {undone.gone > 0 && ` ${t('import.result.gone', { count: undone.gone })}`}
        {undone.kept.length > 0 && ` ${t('import.result.kept', { count: undone.kept.length })}`}
      </span>
    </div>
  );
}

/** Step 4 done: how many drafts, the rows left out with why, photos refused; undo and the way on. */
export function ResultStep({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const result = useImportStore((s) => s.result);
  const undone = useImportStore((s) => s.undone);
  const busy = useImportStore((s) => s.busy);
  const preview = useImportStore((s) => s.preview);
  const { undo, showDrafts, start } = useImportStore.getState();
  const [asking, setAsking] = useState(false);
  const undoButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useFocusAfterClose();
  // The same words as for a dropped photo (German from the code, English from main).
  const refusalText = useRefusalText();
  const language = useMessageLanguage();
  if (!result) return null;
  // A table's row by the number the spreadsheet shows, with its title when it has one.
  const rowName = (index: number, file?: string) => {
    const row = preview?.rows.find((candidate) => candidate.index === index);
    const source = file ?? row?.file;
    if (source) return source;
    const title = row?.draft.title?.trim();
    return title
      ? t('import.result.rowNamed', { index: sheetRow(index), title })
      : t('import.result.rowName', { index: sheetRow(index) });
  };

  return (
    <div className="import-form" role="group" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {t('import.result.heading')}
      </h2>
      <div data-testid="import-result">
        <p className="import-created">
          <strong>{t('import.result.created', { count: result.created })}</strong>
          {result.updated > 0 && ` ${t('import.result.updated', { count: result.updated })}`}
          {result.unchanged.length > 0 &&
            ` ${t('import.result.unchanged', { count: result.unchanged.length })}`}
          {result.duplicatesSkipped.length > 0 &&
            ` ${t('import.result.duplicates', { count: result.duplicatesSkipped.length })}`}
          {result.photosAdded > 0 && ` ${t('import.result.photos', { count: result.photosAdded })}`}
        </p>
        {result.notReady.length > 0 && (
          <p className="muted">{t('import.result.notReady', { count: result.notReady.length })}</p>
        )}
        {result.refused.length > 0 && (
          <div className="import-refused">
            <p>{t('import.result.refused', { count: result.refused.length })}</p>
            <ul>
              {result.refused.map((row) => (
                <li key={`${row.index}-${row.file ?? ''}`}>
                  <strong>{rowName(row.index, row.file)}</strong>:{' '}
                  {row.problems
                    .filter((problem) => problem.severity === 'error')
                    .map((problem) => problemText(t, problem, language))
                    .join(' ')}
                </li>
              ))}
            </ul>
          </div>
        )}
        {result.photosRefused.length > 0 && (
          <div className="import-refused">
            <p>{t('import.result.photosRefused', { count: result.photosRefused.length })}</p>
            <ul>
              {result.photosRefused.map((photo, i) => (
                <li key={i}>
                  {t('import.result.photoRefused', {
                    row: rowName(photo.index),
                    message: refusalText(photo),
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
        {result.created > 0 && !undone && <p className="muted">{t('import.result.notPublished')}</p>}
      </div>
      <Undone takeFocus={!asking} />
      <FailureBanner />
      <div className="import-actions">
        {result.created > 0 && !undone && (
          <>
            <button type="button" className="primary" onClick={showDrafts}>
              {t('import.result.show')}
            </button>
            <button
              type="button"
              ref={undoButton}
              className="danger"
              disabled={busy}
              onClick={() => setAsking(true)}
            >
              {t('import.result.undo')}
            </button>
          </>
        )}
        <button type="button" onClick={start}>
          {t('import.result.another')}
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={t('import.result.undoTitle', { count: result.created })}
          body={t('import.result.undoBody')}
          confirmLabel={t('import.result.undoConfirm')}
          danger
          busy={busy}
          onCancel={() => {
            setAsking(false);
            focusAfter(undoButton.current);
          }}
          onConfirm={() =>
            void undo().then(() => {
              setAsking(false);
              // Undone: the note takes focus (above); failed: back to the button, the reason shown.
              if (!useImportStore.getState().undone) focusAfter(undoButton.current);
            })
          }
        />
      )}
    </div>
  );
}
