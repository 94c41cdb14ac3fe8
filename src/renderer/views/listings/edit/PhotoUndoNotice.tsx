import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStore } from '../../../store/live-store';

// How long "the photo is back" (or "too late") stays: long enough to read, short enough not to linger.
const NOTE_MS = 8_000;

/** Beside the photos: "Photo 3 of 8 removed" with Undo while it is offered, then what Undo did. */
export function PhotoUndoNotice({ listingUuid }: { listingUuid: string }) {
  const { t } = useTranslation();
  const offer = useLiveStore((s) => (s.photoUndo?.listingUuid === listingUuid ? s.photoUndo : null));
  const undone = useLiveStore((s) => s.undone);
  const busy = useLiveStore((s) => s.busy === 'photos');

  // The offer ends when its window does; main refuses a later undo anyway, in plain words.
  useEffect(() => {
    if (!offer) return;
    const timer = setTimeout(() => useLiveStore.getState().dropUndo(), Math.max(0, offer.until - Date.now()));
    return () => clearTimeout(timer);
  }, [offer]);
  useEffect(() => {
    if (!undone) return;
    const timer = setTimeout(() => useLiveStore.setState({ undone: null }), NOTE_MS);
    return () => clearTimeout(timer);
  }, [undone]);

  return (
    <div className="photo-removed live-undo" role="status">
      {offer && (
        <>
          <span>
            {t('liveEdit.undo.removed', {
              name: t('liveEdit.photos.name', { position: offer.position, total: offer.total }),
            })}
          </span>
          <button
            type="button"
            disabled={busy}
            onClick={() => void useLiveStore.getState().undoRemovePhoto()}
          >
            {busy ? t('liveEdit.undo.working') : t('liveEdit.undo.undo')}
          </button>
        </>
      )}
      {!offer && undone && <span>{t(`liveEdit.undo.${undone.result}`, { position: undone.position })}</span>}
    </div>
  );
}
