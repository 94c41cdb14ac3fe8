import { useTranslation } from 'react-i18next';
import { useDraftsStore } from '../../store/drafts-store';

/** Draft files that could not be read: where they went, so the seller (or support) can find them. */
export function DraftsProblemsBanner() {
  const { t } = useTranslation();
  const problems = useDraftsStore((s) => s.result?.problems);
  const seen = useDraftsStore((s) => s.problemsSeen);
  const dismiss = useDraftsStore((s) => s.dismissProblems);
  if (!problems || problems.length <= seen) return null;
  return (
    <div className="banner warning drafts-problems" role="alert">
      <div>
        <p>{t('draftsList.problems', { count: problems.length })}</p>
        <ul>
          {problems.map((problem) => (
            <li key={problem.movedAside}>
              {t('draftsList.problemFile', { file: problem.file, movedAside: problem.movedAside })}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={dismiss}>
        {t('draftsList.hide')}
      </button>
    </div>
  );
}

/** What the last bulk action did, with Undo after moving drafts to the trash. */
export function DraftsNotice() {
  const { t } = useTranslation();
  const notice = useDraftsStore((s) => s.notice);
  const { undoTrash, dismissNotice } = useDraftsStore.getState();
  return (
    // The live region stays in the page, so screen readers announce each new message in it.
    <div className="drafts-notice-slot" role="status">
      {notice && (
        <div className="drafts-notice">
          <span>{t(`draftsList.notice.${notice.kind}`, { count: notice.count })}</span>
          {notice.kind === 'trashed' && (
            <button type="button" onClick={() => void undoTrash()}>
              {t('draftsList.undo')}
            </button>
          )}
          <button type="button" className="drafts-link" onClick={dismissNotice}>
            {t('draftsList.dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
