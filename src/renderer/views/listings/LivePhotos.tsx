import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingView } from '../../../shared/ipc/types';
import { useLiveStore } from '../../store/live-store';
import { makeCover, moveBy } from '../drafts/photos/photo-order';
import { PhotoGrid } from '../drafts/photos/PhotoGrid';
import type { GridPhoto, TileAction } from '../drafts/photos/PhotoTile';
import { PhotoUndoNotice } from './edit/PhotoUndoNotice';
import { RemovePhotoDialog } from './edit/RemovePhotoDialog';
import '../drafts/photos/photos.css';

/** Focuses the remove button of the tile showing `url`, if it is still there. */
function focusRemoveOf(url: string): boolean {
  const button = document.querySelector<HTMLButtonElement>(
    `.live-photos [data-photo-id="${CSS.escape(url)}"] .photo-action-remove`,
  );
  button?.focus();
  return button !== null;
}

/**
 * The live listing's photos as the service orders them: reorder, make cover, add, and remove after
 * a confirmation naming the photo, with Undo for a while beside the photos. On a desk that must ask
 * (`asks`, issue 37.4) they are shown only, with the reason: a request carries no photos yet.
 */
export function LivePhotos({ listing, asks = false }: { listing: ListingView; asks?: boolean }) {
  if (asks) return <ShownPhotos listing={listing} />;
  return <EditablePhotos listing={listing} />;
}

/** The photos in their order, not to be changed from this desk, and why. */
function ShownPhotos({ listing }: { listing: ListingView }) {
  const { t } = useTranslation();
  return (
    <section className="live-photos" aria-labelledby="live-photos-title">
      <div className="panel-head">
        <h3 id="live-photos-title">{t('live.photos.title')}</h3>
        <button type="button" aria-disabled="true" aria-describedby="live-photos-asks">
          {t('live.photos.add')}
        </button>
      </div>
      <p className="hint" id="live-photos-asks" data-testid="live-photos-asks">
        {t('live.ask.photos')}
      </p>
      {listing.urls.length > 0 ? (
        <ol className="live-photos-shown">
          {listing.urls.map((url, index) => (
            <li key={url}>
              <img src={url} alt={t('live.photos.label', { n: index + 1 })} loading="lazy" />
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('live.photos.none')}</p>
      )}
    </section>
  );
}

function EditablePhotos({ listing }: { listing: ListingView }) {
  const { t } = useTranslation();
  const busy = useLiveStore((s) => s.busy === 'photos');
  const adding = useLiveStore((s) => s.adding);
  const chooser = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState<string | null>(null);
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
    if (action === 'remove') setAsking(photo.id);
    else
      void live.orderPhotos(
        uuid,
        action === 'cover' ? makeCover(urls, photo.id) : moveBy(urls, photo.id, action === 'left' ? -1 : 1),
      );
  };

  // Focus moves once the modal dialog is gone (everything behind it is inert until then): to Undo
  // when the photo went, else back to the photo's own remove button.
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    const url = focusAfter.current;
    if (asking !== null || url === null) return;
    focusAfter.current = null;
    const undo = document.querySelector<HTMLButtonElement>('.live-photos .live-undo button');
    if (undo) undo.focus();
    else if (!focusRemoveOf(url)) addButton.current?.focus();
  }, [asking]);
  const close = (url: string) => {
    focusAfter.current = url;
    setAsking(null);
  };
  const confirmRemove = async (url: string) => {
    await live.removePhoto(uuid, url);
    close(url);
  };
  const asked = asking === null ? -1 : urls.indexOf(asking);

  return (
    <section className="live-photos" aria-labelledby="live-photos-title" aria-busy={busy}>
      <div className="panel-head">
        <h3 id="live-photos-title">{t('live.photos.title')}</h3>
        <button type="button" ref={addButton} disabled={busy} onClick={() => chooser.current?.click()}>
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
      <PhotoUndoNotice listingUuid={uuid} />
      <p className="hint" role="status">
        {adding ? t('live.photos.adding', adding) : busy ? t('live.photos.working') : ''}
      </p>
      {asking !== null && asked >= 0 && (
        <RemovePhotoDialog
          position={asked + 1}
          total={urls.length}
          src={asking}
          busy={busy}
          onConfirm={() => void confirmRemove(asking)}
          onCancel={() => close(asking)}
        />
      )}
    </section>
  );
}
