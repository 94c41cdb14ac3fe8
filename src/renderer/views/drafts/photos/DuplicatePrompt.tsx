// Photos just added that look like one the draft already has: each named with the photo it looks
// like, and the seller keeps both or removes the new one (through the same removal, with its Undo,
// as the tile's Remove). Nothing is removed unless the seller says so.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftPhoto, PhotoDuplicate } from '../../../../shared/domain/drafts';

interface DuplicatePromptProps {
  duplicates: readonly PhotoDuplicate[];
  /** The photos as shown, in order (positions are counted in it). */
  photos: readonly DraftPhoto[];
  onKeep(photoId: string): void;
  onRemove(photoId: string): void;
}

/** The duplicates whose both photos are still shown, with their names and the older one's position. */
function shownPairs(duplicates: readonly PhotoDuplicate[], photos: readonly DraftPhoto[]) {
  const at = new Map(photos.map((photo, index) => [photo.id, index]));
  return duplicates.flatMap((duplicate) => {
    const added = at.get(duplicate.photoId);
    const same = at.get(duplicate.sameAs);
    if (added === undefined || same === undefined) return [];
    return [{ duplicate, added: photos[added]!, same: photos[same]!, position: same + 1 }];
  });
}

/** The prompt for photos added twice; nothing when there are none. */
export function DuplicatePrompt({ duplicates, photos, onKeep, onRemove }: DuplicatePromptProps) {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  const pairs = shownPairs(duplicates, photos);
  if (pairs.length === 0) return null;
  const unnamed = t('photos.unnamed');

  // The choice removes its row: focus goes to the next row's first button, or the section itself.
  const settle = (photoId: string, choose: (id: string) => void) => {
    const rows = [...(section.current?.querySelectorAll<HTMLElement>('[data-duplicate]') ?? [])];
    const index = rows.findIndex((row) => row.dataset.duplicate === photoId);
    const next = rows[index + 1] ?? rows[index - 1];
    choose(photoId);
    requestAnimationFrame(() => (next?.querySelector('button') ?? section.current)?.focus());
  };

  return (
    <section
      ref={section}
      className="photo-duplicates"
      aria-labelledby="photo-duplicates-title"
      tabIndex={-1}
      data-testid="photo-duplicates"
    >
      <h4 id="photo-duplicates-title">{t('photos.duplicates.title', { count: pairs.length })}</h4>
      <ul>
        {pairs.map(({ duplicate, added, same, position }) => {
          const values = {
            name: added.originalName || unnamed,
            other: same.originalName || unnamed,
            position,
          };
          return (
            <li key={duplicate.photoId} data-duplicate={duplicate.photoId}>
              <span>
                {duplicate.identical
                  ? t('photos.duplicates.identical', values)
                  : t('photos.duplicates.near', values)}
              </span>
              <span className="photo-duplicates-buttons">
                <button
                  type="button"
                  onClick={() => settle(duplicate.photoId, onKeep)}
                  aria-label={t('photos.duplicates.keepLabel', values)}
                >
                  {t('photos.duplicates.keep')}
                </button>
                <button
                  type="button"
                  onClick={() => settle(duplicate.photoId, onRemove)}
                  aria-label={t('photos.duplicates.removeLabel', values)}
                >
                  {t('photos.duplicates.remove')}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
