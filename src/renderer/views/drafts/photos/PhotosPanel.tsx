// The photos of the draft open in the editor: the grid in order (the first is the cover), files and
// folders dropped or chosen, progress and refusals of the intake, and reordering, cover and removal.
// Main stores every change; each draft it answers with goes to the editor through onChange. What
// the intake says (progress, refusals, photos added twice, a removal to undo) is shown above the
// grid and scrolled into view when it appears, never below a long grid out of sight.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft, DraftPhoto } from '../../../../shared/domain/drafts';
import { photoSrc } from '../../../components/photo-src';
import { useAppStore } from '../../../store/app-store';
import { DropZone } from './DropZone';
import { DuplicatePrompt } from './DuplicatePrompt';
import { IntakeStatus } from './IntakeStatus';
import { PhotoCallGate } from './photo-call-gate';
import { PhotoGrid } from './PhotoGrid';
import { arrangeBatches, makeCover, moveBy } from './photo-order';
import type { GridPhoto, TileAction } from './PhotoTile';
import { usePhotoIntake } from './use-photo-intake';
import { usePhotoOrder } from './use-photo-order';
import './photos.css';

export interface PhotosPanelProps {
  draft: Draft;
  /** Called with the draft as main stored it after photos were added, reordered or removed. */
  onChange(draft: Draft): void;
}

const reportError = (error: unknown) => useAppStore.getState().reportError(error);

function RemovedNotice({ removed, onUndo }: { removed: DraftPhoto[]; onUndo(): void }) {
  const { t } = useTranslation();
  const last = removed.at(-1);
  return (
    <div className="photo-removed" role="status">
      {last && (
        <>
          <span>
            {removed.length === 1
              ? t('photos.removed.one', { name: last.originalName || t('photos.unnamed') })
              : t('photos.removed.many', { count: removed.length })}
          </span>
          <button type="button" onClick={onUndo}>
            {t('photos.removed.undo')}
          </button>
        </>
      )}
    </div>
  );
}

/** A stored photo as the grid shows it. */
function gridPhotoOf(photo: DraftPhoto): GridPhoto {
  return {
    id: photo.id,
    name: photo.originalName,
    src: photoSrc(photo.thumb),
    width: photo.width,
    height: photo.height,
  };
}

function DraftPhotos({ draft, onChange }: PhotosPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  const [gate] = useState(() => new PhotoCallGate());
  // The newest draft known: main's answers, or the editor's (which also saves other fields).
  const newest = useRef(draft);
  if (draft.updatedAt >= newest.current.updatedAt) newest.current = draft;
  const latest = useCallback(() => newest.current, []);
  // Answers may overtake each other (photos sent side by side); an older draft never replaces a newer.
  const accept = useCallback((stored: Draft) => {
    if (stored.updatedAt < newest.current.updatedAt) return;
    newest.current = stored;
    change.current(stored);
  }, []);
  const order = usePhotoOrder({ draft, gate, latest, accept, reportError });
  const intake = usePhotoIntake({
    draftId: draft.id,
    gate,
    latest,
    accept,
    userRevision: order.revision,
    reportError,
  });
  const photos = arrangeBatches(order.photos, intake.arriving);
  const gridPhotos = useMemo(() => photos.map(gridPhotoOf), [photos]);
  const messages = useRef<HTMLDivElement>(null);
  const shownMessages =
    intake.refusals.length + intake.duplicates.length + order.removed.length + (intake.progress ? 1 : 0);
  const lastShown = useRef(shownMessages);
  useEffect(() => {
    // Only a message that appeared is brought into view, not one that went away.
    if (shownMessages > lastShown.current) messages.current?.scrollIntoView?.({ block: 'nearest' });
    lastShown.current = shownMessages;
  }, [shownMessages]);

  /** Puts focus on a photo's handle (or "Add photos…") when the action took it away. */
  const refocus = (photoId: string | undefined, always: boolean) =>
    requestAnimationFrame(() => {
      const tile = photoId ? panel.current?.querySelector(`[data-photo-id="${CSS.escape(photoId)}"]`) : null;
      const active = document.activeElement;
      const kept = tile && active && tile.contains(active) && !(active as HTMLButtonElement).disabled;
      const target =
        !always && kept
          ? (active as HTMLElement)
          : (tile?.querySelector<HTMLElement>('.photo-handle') ?? addButton.current);
      if (target !== active) target?.focus({ preventScroll: true });
      // The moved photo in sight: focus alone leaves it under the editor's sticky header (that counts
      // as in view); 'nearest' with the header's scroll margin brings it out from under it (issue 26.7).
      target?.scrollIntoView?.({ block: 'nearest' });
    });

  const onAction = (action: TileAction, photo: GridPhoto) => {
    const ids = photos.map((p) => p.id);
    if (action === 'remove') {
      const at = ids.indexOf(photo.id);
      order.remove(photo.id);
      refocus(ids[at + 1] ?? ids[at - 1], true);
      return;
    }
    order.reorder(
      action === 'cover' ? makeCover(ids, photo.id) : moveBy(ids, photo.id, action === 'left' ? -1 : 1),
    );
    refocus(photo.id, false);
  };

  return (
    <div className="photos-panel" ref={panel}>
      <div className={shownMessages > 0 ? 'photo-messages' : 'photo-messages is-empty'} ref={messages}>
        <IntakeStatus
          progress={intake.progress}
          refusals={intake.refusals}
          last={intake.last}
          onDismiss={intake.dismissRefusals}
        />
        <DuplicatePrompt
          duplicates={intake.duplicates}
          photos={photos}
          onKeep={intake.settleDuplicate}
          onRemove={(photoId) => {
            intake.settleDuplicate(photoId);
            order.remove(photoId);
          }}
        />
        <RemovedNotice removed={order.removed} onUndo={order.undoRemove} />
      </div>
      <DropZone hasPhotos={photos.length > 0} onDropped={intake.add} addButtonRef={addButton}>
        {photos.length > 0 && <PhotoGrid photos={gridPhotos} onReorder={order.reorder} onAction={onAction} />}
      </DropZone>
    </div>
  );
}

/** The photos of `draft`; a new draft starts with a fresh panel (no refusals of another draft). */
export function PhotosPanel({ draft, onChange }: PhotosPanelProps) {
  return <DraftPhotos key={draft.id} draft={draft} onChange={onChange} />;
}
