// Search, filters and sort of the listings view, over the cached list (pure, so a view of 1,000+
// listings is recomputed only when the list or the query changes, and tested without a DOM).
import { stateMeaning, type StateMeaning } from '../../../../shared/domain/publishing';
import type { ListingExtras, ListingView } from '../../../../shared/ipc/types';

/** A publication-state filter: a known meaning, a state the app does not know, or no publication. */
export type StateFilter = 'all' | StateMeaning | 'other' | 'none';
export const stateFilters: readonly StateFilter[] = [
  'all',
  'live',
  'review',
  'rejected',
  'paused',
  'other',
  'none',
];

export type PhotoFilter = 'all' | 'with' | 'without';
export const photoFilters: readonly PhotoFilter[] = ['all', 'with', 'without'];

export const inventorySorts = ['oldest', 'newest', 'changed', 'title', 'priceUp', 'priceDown'] as const;
export type InventorySort = (typeof inventorySorts)[number];

/** What the seller asked the list to show. */
export interface InventoryQuery {
  text: string;
  state: StateFilter;
  photos: PhotoFilter;
  /** A category path exactly as the service returns it, or '' for every category. */
  category: string;
  sort: InventorySort;
}

export const defaultInventoryQuery: InventoryQuery = {
  text: '',
  state: 'all',
  photos: 'all',
  category: '',
  // The service's own order (creation order), as the list read before there was a sort.
  sort: 'oldest',
};

type Extras = Readonly<Record<string, ListingExtras>> | undefined;

/** The state groups a listing's publications fall into (a listing with two ads can be in two). */
export function stateGroups(extras: ListingExtras | undefined): Set<StateFilter> {
  const publications = extras?.publications ?? [];
  if (publications.length === 0) return new Set(['none']);
  return new Set(publications.map((p) => stateMeaning(p.actualState) ?? 'other'));
}

const matchesText = (listing: ListingView, needle: string) =>
  needle === '' ||
  listing.title.toLocaleLowerCase().includes(needle) ||
  (listing.customReference ?? '').toLocaleLowerCase().includes(needle);

/** The listings the query lets through, in its order; ties keep the service's order. */
export function applyInventoryQuery(
  listings: readonly ListingView[],
  extras: Extras,
  query: InventoryQuery,
  language: string,
): ListingView[] {
  const needle = query.text.trim().toLocaleLowerCase();
  const kept: Array<{ listing: ListingView; index: number }> = [];
  listings.forEach((listing, index) => {
    if (!matchesText(listing, needle)) return;
    if (query.photos === 'with' && listing.urls.length === 0) return;
    if (query.photos === 'without' && listing.urls.length > 0) return;
    if (query.category !== '' && listing.category !== query.category) return;
    if (query.state !== 'all' && !stateGroups(extras?.[listing.uuid]).has(query.state)) return;
    kept.push({ listing, index });
  });
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const time = (uuid: string, key: 'seenAt' | 'changedAt') => extras?.[uuid]?.[key] ?? '';
  // The service gives no dates: "newest" is when the app first saw a listing, and among listings
  // first seen in one fetch, later in the service's list counts as newer (it lists in creation order).
  const compare: Record<InventorySort, (a: (typeof kept)[number], b: (typeof kept)[number]) => number> = {
    newest: (a, b) =>
      time(b.listing.uuid, 'seenAt').localeCompare(time(a.listing.uuid, 'seenAt')) || b.index - a.index,
    oldest: (a, b) =>
      time(a.listing.uuid, 'seenAt').localeCompare(time(b.listing.uuid, 'seenAt')) || a.index - b.index,
    changed: (a, b) =>
      time(b.listing.uuid, 'changedAt').localeCompare(time(a.listing.uuid, 'changedAt')) || b.index - a.index,
    title: (a, b) => collator.compare(a.listing.title, b.listing.title) || a.index - b.index,
    priceUp: (a, b) => a.listing.adPrice.amount - b.listing.adPrice.amount || a.index - b.index,
    priceDown: (a, b) => b.listing.adPrice.amount - a.listing.adPrice.amount || a.index - b.index,
  };
  return kept.sort(compare[query.sort]).map((entry) => entry.listing);
}

/** Every category of the list, once each, in the language's order. */
export function categoriesOf(listings: readonly ListingView[], language: string): string[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...new Set(listings.map((l) => l.category))].sort(collator.compare);
}

/** Whether the query hides anything (so the view can offer to show everything again). */
export function isFiltered(query: InventoryQuery): boolean {
  return query.text.trim() !== '' || query.state !== 'all' || query.photos !== 'all' || query.category !== '';
}
