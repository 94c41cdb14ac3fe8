import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// From the zod-free list, not the schemas: this is the first view (bench/renderer/size.ts).
import { draftSorts, draftStatuses, type DraftSort, type DraftStatus } from '../../../shared/domain/drafts';
import { useDraftsStore } from '../../store/drafts-store';
import { AccountScopeSelect } from './AccountScopeSelect';

/** How long the search waits after a keystroke, so typing a word lists once, not per letter. */
const SEARCH_DELAY_MS = 150;

/** Search (title, reference), status filter and sort of the drafts list. */
export function DraftsListFilter() {
  const { t } = useTranslation();
  const filter = useDraftsStore((s) => s.filter);
  const setFilter = useDraftsStore((s) => s.setFilter);
  const [text, setText] = useState(filter.query);

  // The store's query can change without typing (a new draft clears it): the field follows.
  useEffect(() => setText(filter.query), [filter.query]);

  useEffect(() => {
    if (text === useDraftsStore.getState().filter.query) return;
    const timer = setTimeout(() => setFilter({ query: text }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, setFilter]);

  return (
    <div className="drafts-filter" role="search">
      <AccountScopeSelect />
      <input
        type="search"
        className="drafts-search"
        value={text}
        placeholder={t('draftsList.searchPlaceholder')}
        aria-label={t('draftsList.search')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            setText('');
          }
        }}
      />
      <label className="drafts-select">
        <span>{t('draftsList.statusFilter')}</span>
        <select
          value={filter.status}
          onChange={(event) => setFilter({ status: event.target.value as DraftStatus | 'all' })}
        >
          <option value="all">{t('draftsList.statusAll')}</option>
          {draftStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`draftsList.statusOption.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="drafts-select">
        <span>{t('draftsList.sort')}</span>
        <select
          value={filter.sort}
          onChange={(event) => setFilter({ sort: event.target.value as DraftSort })}
        >
          {draftSorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(`draftsList.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
