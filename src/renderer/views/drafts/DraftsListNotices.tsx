import { useTranslation } from 'react-i18next';
import { useDraftsStore } from '../../store/drafts-store';

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
