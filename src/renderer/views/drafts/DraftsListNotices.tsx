import { useTranslation } from 'react-i18next';
import { TRANSIENT_MS, useTransient } from '../../components/useTransient';
import { useDraftsStore } from '../../store/drafts-store';

// Moving drafts to the trash can be undone: that message stays a little longer than the others.
const UNDO_MS = 10_000;

/** What the last bulk action did, with Undo after moving drafts to the trash; it goes by itself. */
export function DraftsNotice() {
  const { t } = useTranslation();
  const notice = useDraftsStore((s) => s.notice);
  const { undoTrash, dismissNotice } = useDraftsStore.getState();
  const pause = useTransient(
    notice ? (notice.kind === 'trashed' ? UNDO_MS : TRANSIENT_MS) : null,
    dismissNotice,
    notice,
  );
  return (
    // The live region stays in the page, so screen readers announce each new message in it.
    <div className="drafts-notice-slot" role="status">
      {notice && (
        <div className="drafts-notice" {...pause}>
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
