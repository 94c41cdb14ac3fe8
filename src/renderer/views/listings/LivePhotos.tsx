import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingView } from '../../../shared/ipc/types';
import { useLiveStore } from '../../store/live-store';
import { makeCover, moveBy } from '../drafts/photos/photo-order';
import { PhotoGrid } from '../drafts/photos/PhotoGrid';
import type { GridPhoto, TileAction } from '../drafts/photos/PhotoTile';
import '../drafts/photos/photos.css';

/** The live listing's photos as the service orders them: reorder, make cover, remove, add. */
export function LivePhotos({ listing }: { listing: ListingView }) {
  const { t } = useTranslation();
  const busy = useLiveStore((s) => s.busy === 'photos');
  const adding = useLiveStore((s) => s.adding);
  const chooser = useRef<HTMLInputElement>(null);
  const { uuid, urls } = listing;
  const photos = useMemo(
    () =>
      urls.map((url, index): GridPhoto => ({
        id: url,
        name: t('live.photos.label', { n: index + 1 }),
        src: url,
      })),
    [urls, t],
  );
  const live = useLiveStore.getState();

  const onAction = (action: TileAction, photo: GridPhoto) => {
    if (busy) return;
    if (action === 'remove') void live.removePhoto(uuid, photo.id);
    else
      void live.orderPhotos(
        uuid,
        action === 'cover' ? makeCover(urls, photo.id) : moveBy(urls, photo.id, action === 'left' ? -1 : 1),
      );
  };

  return (
    <section className="live-photos" aria-labelledby="live-photos-title" aria-busy={busy}>
      <div className="panel-head">
        <h3 id="live-photos-title">{t('live.photos.title')}</h3>
        <button type="button" disabled={busy} onClick={() => chooser.current?.click()}>
          {t('live.photos.add')}
        </button>
        <input
          ref={chooser}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void live.addPhotos(uuid, files);
          }}
        />
      </div>
      {photos.length > 0 ? (
        <PhotoGrid
          photos={photos}
          onReorder={(order) => {
            if (!busy) void live.orderPhotos(uuid, order);
          }}
          onAction={onAction}
        />
      ) : (
        <p className="muted">{t('live.photos.none')}</p>
      )}
      <p className="hint" role="status">
        {adding ? t('live.photos.adding', adding) : busy ? t('live.photos.working') : ''}
      </p>
    </section>
  );
}
