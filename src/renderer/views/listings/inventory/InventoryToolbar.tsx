import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListingsStore } from '../../../store/listings-store';
import {
  inventorySorts,
  isFiltered,
  photoFilters,
  stateFilters,
  type InventorySort,
  type PhotoFilter,
  type StateFilter,
} from './inventory-filter';
import { categoryLeaf } from '../format';

/** How long the search waits after a keystroke, so typing a word filters once, not per letter. */
const SEARCH_DELAY_MS = 150;

interface Props {
  categories: readonly string[];
  shown: readonly string[];
  total: number;
}

/** Search (title, reference), filters (state, photos, category), sort, and ticking every listing shown. */
export function InventoryToolbar({ categories, shown, total }: Props) {
  const { t } = useTranslation();
  const ids = useId();
  const query = useListingsStore((s) => s.query);
  const selected = useListingsStore((s) => s.selectedUuids);
  const { setQuery, setSelection } = useListingsStore.getState();
  const [text, setText] = useState(query.text);
  const all = useRef<HTMLInputElement>(null);

  useEffect(() => setText(query.text), [query.text]);
  useEffect(() => {
    if (text === useListingsStore.getState().query.text) return;
    const timer = setTimeout(() => setQuery({ text }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, setQuery]);

  const ticked = shown.filter((uuid) => selected.has(uuid)).length;
  const allTicked = shown.length > 0 && ticked === shown.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = ticked > 0 && !allTicked;
  }, [ticked, allTicked]);

  const select = <T extends string>(
    key: string,
    label: string,
    value: T,
    options: readonly T[],
    word: (option: T) => string,
    onChange: (value: T) => void,
  ) => (
    <label className="inventory-select" htmlFor={`${ids}-${key}`}>
      <span>{label}</span>
      <select id={`${ids}-${key}`} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {word(option)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="inventory-toolbar">
      <div className="inventory-filters" role="search">
        <input
          type="search"
          className="inventory-search"
          value={text}
          placeholder={t('inventory.searchPlaceholder')}
          aria-label={t('inventory.search')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text !== '') {
              event.preventDefault();
              setText('');
            }
          }}
        />
        {select<StateFilter>(
          'state',
          t('inventory.stateFilter'),
          query.state,
          stateFilters,
          (o) => t(`inventory.states.${o}`),
          (state) => setQuery({ state }),
        )}
        {select<PhotoFilter>(
          'photos',
          t('inventory.photoFilter'),
          query.photos,
          photoFilters,
          (o) => t(`inventory.photoOptions.${o}`),
          (photos) => setQuery({ photos }),
        )}
        {select<string>(
          'category',
          t('inventory.categoryFilter'),
          query.category,
          ['', ...categories],
          (o) =>
            o === '' ? t('inventory.allCategories') : o.includes('/') ? `${categoryLeaf(o)} (${o})` : o,
          (category) => setQuery({ category }),
        )}
        {select<InventorySort>(
          'sort',
          t('inventory.sort'),
          query.sort,
          inventorySorts,
          (o) => t(`inventory.sorts.${o}`),
          (sort) => setQuery({ sort }),
        )}
      </div>
      <div className="inventory-counts">
        <label className="inventory-select-all">
          <input
            ref={all}
            type="checkbox"
            checked={allTicked}
            disabled={shown.length === 0}
            onChange={() => {
              const these = new Set(shown);
              setSelection(
                allTicked
                  ? [...selected].filter((uuid) => !these.has(uuid))
                  : new Set([...selected, ...shown]),
              );
            }}
          />
          <span>{t('inventory.selectAllShown')}</span>
        </label>
        <span className="muted small" role="status" data-testid="listings-shown">
          {isFiltered(query)
            ? t('inventory.shownOf', { count: total, shown: shown.length })
            : t('inventory.shownAll', { count: total })}
        </span>
        {isFiltered(query) && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setText('');
              setQuery({ text: '', state: 'all', photos: 'all', category: '' });
            }}
          >
            {t('inventory.showAll')}
          </button>
        )}
      </div>
    </div>
  );
}
