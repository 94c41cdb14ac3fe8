import type { Draft } from '../../../../shared/domain/draft';

export interface PhotosPanelProps {
  draft: Draft;
  /** Called with the draft as main stored it after photos were added, reordered or removed. */
  onChange(draft: Draft): void;
}

// PLACEHOLDER (replaced by the photos work): the draft's photos, drop zone, order, cover, remove.
export function PhotosPanel({ draft }: PhotosPanelProps) {
  return <section aria-label="Photos" data-count={draft.photos.length} />;
}
