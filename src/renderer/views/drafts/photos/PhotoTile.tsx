// One photo in the grid: its thumbnail is the handle for dragging (mouse) and moving (Space, the
// arrow keys, Space), and four buttons do the same things without dragging.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type TileAction = 'cover' | 'left' | 'right' | 'remove';

/** A photo as the grid shows it: a draft's stored photo or a live listing's media URL. */
export interface GridPhoto {
  id: string;
  /** The name the seller knows it by (the file name, or "Photo 3"). */
  name: string;
  src: string;
  /** Pixel size, when known (live media URLs do not tell it). */
  width?: number;
  height?: number;
}

interface PhotoTileProps {
  photo: GridPhoto;
  index: number;
  count: number;
  onAction(action: TileAction, photo: GridPhoto): void;
}

const ICONS: Record<TileAction, string> = {
  cover: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  left: 'M14.5 6l-6 6 6 6',
  right: 'M9.5 6l6 6-6 6',
  remove: 'M6 6l12 12 M18 6L6 18',
};

function ActionIcon({ action }: { action: TileAction }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d={ICONS[action]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A sortable photo with its cover mark and its buttons. */
export function PhotoTile({ photo, index, count, onAction }: PhotoTileProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: photo.id, attributes: { roleDescription: t('photos.sortable') } });
  const name = photo.name || t('photos.unnamed');
  const size = { width: photo.width, height: photo.height };
  const sized = photo.width !== undefined && photo.height !== undefined;
  const cover = index === 0;
  const suffix = sized ? '' : 'NoSize';
  const label = cover
    ? t(`photos.tile.coverLabel${suffix}`, { name, count, ...size })
    : t(`photos.tile.label${suffix}`, { name, position: index + 1, count, ...size });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(event);
    if (event.defaultPrevented || isDragging) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onAction('remove', photo);
    }
  };

  const button = (action: TileAction, disabled = false) => (
    <button
      type="button"
      className={`photo-action photo-action-${action}`}
      aria-label={t(`photos.actions.${action}`, { name })}
      title={t(`photos.actions.${action}Short`)}
      disabled={disabled}
      onClick={() => onAction(action, photo)}
    >
      <ActionIcon action={action} />
    </button>
  );

  return (
    <li
      ref={setNodeRef}
      className={`photo-tile${cover ? ' is-cover' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-photo-id={photo.id}
    >
      <div
        ref={setActivatorNodeRef}
        className="photo-handle"
        {...attributes}
        {...listeners}
        onKeyDown={onKeyDown}
        aria-label={label}
        title={sized ? t('photos.tile.tooltip', { name, ...size }) : name}
      >
        <img src={photo.src} alt={name} draggable={false} loading="lazy" decoding="async" />
        {cover && <span className="photo-cover-mark">{t('photos.cover')}</span>}
      </div>
      <p className="photo-name" aria-hidden="true">
        {name}
      </p>
      <div className="photo-actions">
        {button('cover', cover)}
        {button('left', index === 0)}
        {button('right', index === count - 1)}
        {button('remove')}
      </div>
    </li>
  );
}
