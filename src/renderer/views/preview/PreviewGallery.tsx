import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewPhoto } from '../../../shared/domain/drafts';
import { photoSrc } from '../../components/photo-src';

/** How an `src` of the view model becomes an image address (drafts: data-folder paths). */
export type PhotoAddress = (src: string) => string;

/** Live media URLs are used as they are; draft photos are paths in the data folder. */
export const draftPhotoAddress: PhotoAddress = photoSrc;
export const livePhotoAddress: PhotoAddress = (src) => src;

/**
 * The ad's photos as buyers page through them: the shown one large (the cover first), all of them
 * as a strip below in order. Arrow keys, Home and End move between photos wherever focus is in it.
 */
export function PreviewGallery({ photos, address }: { photos: PreviewPhoto[]; address: PhotoAddress }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  const strip = useRef<HTMLUListElement>(null);
  const total = photos.length;
  const index = Math.min(shown, Math.max(total - 1, 0));
  const current = photos[index];

  if (!current) {
    return (
      <div className="ad-gallery-empty" role="img" aria-label={t('preview.noPhotos')}>
        {t('preview.noPhotos')}
      </div>
    );
  }

  const show = (next: number, focusStrip: boolean) => {
    const target = (next + total) % total;
    setShown(target);
    if (focusStrip) strip.current?.querySelectorAll('button')[target]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: total - 1,
    };
    const next = moves[event.key];
    if (next === undefined || total < 2) return;
    event.preventDefault();
    // From the strip, focus follows the photo; from the arrows beside the photo it stays there.
    show(next, strip.current?.contains(event.target as Node) ?? false);
  };
  const alt = (n: number) => t('preview.photoAlt', { n, total });

  return (
    <section className="ad-gallery" aria-label={t('preview.photos')} onKeyDown={onKeyDown}>
      <div className="ad-gallery-stage">
        <img src={address(current.src)} alt={alt(index + 1)} />
        {index === 0 && <span className="ad-gallery-cover">{t('preview.cover')}</span>}
        {total > 1 && (
          <>
            <button
              type="button"
              className="ad-gallery-step previous"
              aria-label={t('preview.previous')}
              onClick={() => show(index - 1, false)}
            >
              ‹
            </button>
            <button
              type="button"
              className="ad-gallery-step next"
              aria-label={t('preview.next')}
              onClick={() => show(index + 1, false)}
            >
              ›
            </button>
            <span className="ad-gallery-count" aria-hidden="true">
              {index + 1} / {total}
            </span>
          </>
        )}
      </div>
      {total > 1 && (
        <>
          <ul className="ad-gallery-strip" ref={strip} aria-describedby="ad-gallery-hint">
            {photos.map((photo, n) => (
              <li key={photo.id}>
                <button
                  type="button"
                  // One stop in the tab order: the arrow keys move within the strip.
                  tabIndex={n === index ? 0 : -1}
                  aria-current={n === index ? 'true' : undefined}
                  onClick={() => show(n, false)}
                >
                  <img src={address(photo.thumb)} alt={alt(n + 1)} />
                </button>
              </li>
            ))}
          </ul>
          <p id="ad-gallery-hint" className="ad-preview-sr-only">
            {t('preview.stripHint')}
          </p>
        </>
      )}
    </section>
  );
}
