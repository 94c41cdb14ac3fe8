// Photos in order (a draft's, or a live listing's), sortable with dnd-kit: by mouse (a few pixels of movement start a
// drag, so clicks on the buttons stay clicks) and by keyboard, with the moves read out in the UI's
// language. dnd-kit works with pointer and key events, never HTML5 drag events, so it cannot be
// confused with files dragged in from the file system.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { moveIndex } from './photo-order';
import { PhotoTile, type GridPhoto, type TileAction } from './PhotoTile';

interface PhotoGridProps {
  photos: GridPhoto[];
  onReorder(ids: string[]): void;
  onAction(action: TileAction, photo: GridPhoto): void;
}

/** Pixels the pointer moves before a press becomes a drag. */
const DRAG_DISTANCE = 6;

function useAnnouncements(photos: GridPhoto[]): Announcements {
  const { t } = useTranslation();
  return useMemo(() => {
    const count = photos.length;
    const nameOf = (id: UniqueIdentifier) => photos.find((p) => p.id === id)?.name || t('photos.unnamed');
    const positionOf = (id: UniqueIdentifier) => photos.findIndex((p) => p.id === id) + 1;
    return {
      onDragStart: ({ active }) =>
        t('photos.announce.start', { name: nameOf(active.id), position: positionOf(active.id), count }),
      onDragOver: ({ active, over }) =>
        over
          ? t('photos.announce.over', { name: nameOf(active.id), position: positionOf(over.id), count })
          : t('photos.announce.outside', { name: nameOf(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('photos.announce.end', { name: nameOf(active.id), position: positionOf(over.id), count })
          : t('photos.announce.cancel', { name: nameOf(active.id), position: positionOf(active.id), count }),
      onDragCancel: ({ active }) =>
        t('photos.announce.cancel', { name: nameOf(active.id), position: positionOf(active.id), count }),
    };
  }, [photos, t]);
}

/** The sortable grid of photos (a draft's or a live listing's); the first is the cover. */
export function PhotoGrid({ photos, onReorder, onAction }: PhotoGridProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useAnnouncements(photos);
  const ids = useMemo(() => photos.map((p) => p.id), [photos]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onReorder(moveIndex(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('photos.instructions') } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className="photo-grid" aria-label={t('photos.gridLabel', { count: photos.length })}>
          {photos.map((photo, index) => (
            <PhotoTile key={photo.id} photo={photo} index={index} count={photos.length} onAction={onAction} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
