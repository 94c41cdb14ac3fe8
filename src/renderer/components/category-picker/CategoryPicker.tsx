// The category picker (issue 33.2), for the editor and the bulk change "Set category": a text field
// with a list (the ARIA combobox pattern, list autocomplete, no automatic selection). Typed words
// search the catalog in German and English; with nothing typed the list shows the recently used
// categories, then the tree one level at a time (→ or Enter opens a level, ← goes back). The names
// are shown, the path is what the caller gets. Typed text becomes the category only when it is
// taken (Enter) or left as a whole path (blur), never half-way (issue 33.8); a path the catalog
// does not know is kept, with a quiet note. The catalog loads when the field is first focused.
import { Fragment, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogHit, CatalogLanguage } from '../../../shared/domain/catalog';
import { call } from '../../ipc/client';
import { isCategoryPath } from '../../../shared/domain/drafts';
import { useCatalogStore } from '../../store/catalog-store';
import {
  categoryName,
  HITS_SHOWN,
  hitRows,
  levelUp,
  pickerRows,
  type PickedKind,
  type PickerLevel,
  type PickerRow,
} from './picker-rows';
import '../combobox.css';
import './category-picker.css';

export interface CategoryChoice {
  path: string;
  /** For a kind: the attribute it sets (`art` = `lego_duplo`). */
  kind?: PickedKind;
}

export interface CategoryPickerProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  /** The category path stored now. */
  value: string;
  /** The draft's attributes: its kind is named with the category (`… › LEGO & Duplo`). */
  attributes?: Readonly<Record<string, string>>;
  /** Categories used recently, most recent first. */
  recent: readonly string[];
  language: CatalogLanguage;
  onPick(choice: CategoryChoice): void;
}

const TOP: PickerLevel = { at: 'top' };

export function CategoryPicker({
  id,
  value,
  attributes,
  recent,
  language,
  onPick,
  ...aria
}: CategoryPickerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const loaded = useCatalogStore((s) => s.loaded);
  const failure = useCatalogStore((s) => s.failure);
  // What is typed; null while the field shows the stored category's name.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [level, setLevel] = useState<PickerLevel>(TOP);
  const [active, setActiveIndex] = useState(-1);
  // Going back up, the row of the level left is the active one.
  const [returnTo, setReturnTo] = useState<PickerLevel | null>(null);
  const setActive = (index: number) => {
    setActiveIndex(index);
    setReturnTo(null);
  };

  // A stored category is named from the catalog; the catalog otherwise waits for the list.
  useEffect(() => {
    if (value.trim() !== '' && !loaded) void useCatalogStore.getState().ensure();
  }, [value, loaded]);

  const shownName = loaded ? categoryName(loaded.view, value.trim(), language, attributes) : null;
  const text = typed ?? shownName ?? value;
  // Typed words are searched by the window's own index once it is built; until then main answers
  // (catalog:search), so the first result does not wait for the index (issue 33.9).
  const query = (typed ?? '').trim();
  const [remote, setRemote] = useState<{ query: string; language: string; hits: CatalogHit[] | null }>();
  const localSearch = loaded?.searchReady() === true || (remote?.query === query && remote.hits === null);
  const asking = open && query !== '' && !localSearch;
  useEffect(() => {
    if (!asking) return;
    let live = true;
    call('catalog:search', { query, language, limit: HITS_SHOWN }).then(
      (hits) => live && setRemote({ query, language, hits }),
      // Main could not answer: the window's own index does (built now, a moment's wait).
      () => live && setRemote({ query, language, hits: null }),
    );
    return () => {
      live = false;
    };
  }, [asking, query, language]);
  // The last answer stays shown while the next is asked for (a few milliseconds): no flicker per key.
  const remoteHits = asking && remote?.language === language && remote.hits ? remote.hits : null;
  // Once main's hits are painted and the page is idle: the catalog (names, the tree), then the
  // window's own index (its big answer must not hold up the first hits).
  const haveHits = (remoteHits?.length ?? 0) > 0;
  useEffect(() => {
    if (!haveHits) return;
    const idle = requestIdleCallback(
      () =>
        void useCatalogStore
          .getState()
          .ensure()
          .then((catalog) => catalog && requestIdleCallback(() => void catalog.search, { timeout: 500 })),
      { timeout: 1_000 },
    );
    return () => cancelIdleCallback(idle);
  }, [haveHits]);
  const rows: PickerRow[] = remoteHits
    ? hitRows(remoteHits)
    : open && loaded && !asking
      ? pickerRows(loaded, {
          query: typed ?? '',
          level,
          recent,
          language,
          words: {
            up: (name) => (name ? t('picker.upTo', { name }) : t('picker.upTop')),
            whole: (name) => t('picker.whole', { name }),
          },
        })
      : [];
  const expanded = open && (rows.length > 0 || !loaded);
  const optionId = (index: number) => `${listId}-${index}`;
  const unknown = loaded !== undefined && value.trim() !== '' && !loaded.view.known(value);
  const noteId = `${id}-catalog-note`;
  const pathId = `${id}-path`;
  const describedBy =
    [aria['aria-describedby'], unknown ? noteId : value.trim() !== '' && pathId].filter(Boolean).join(' ') ||
    undefined;

  // `load` false: typed words, which main answers at once; the catalog follows their answer.
  const show = (next: boolean, load = true) => {
    setOpen(next);
    if (next && load) void useCatalogStore.getState().ensure();
    else {
      setActive(-1);
      setLevel(TOP);
    }
  };
  const finish = (choice: CategoryChoice | null) => {
    if (choice) onPick(choice);
    setTyped(null);
    show(false);
  };
  const goTo = (next: PickerLevel) => {
    setLevel(next);
    setActive(0);
    const back = levelUp(level);
    if (back && levelKey(back) === levelKey(next)) setReturnTo(level);
  };
  const act = (row: PickerRow) => {
    if (row.type === 'pick') finish({ path: row.path, ...(row.kind && { kind: row.kind }) });
    else goTo(row.level);
  };
  const browsing = (typed ?? '').trim() === '';
  // ArrowUp before the catalog had loaded (-2) means the last row.
  const back = returnTo
    ? rows.findIndex((row) => row.type === 'open' && levelKey(row.level) === levelKey(returnTo))
    : -1;
  const activeIndex = back >= 0 ? back : active === -2 ? rows.length - 1 : active;
  useEffect(() => {
    // The first row shows with its group's heading above it.
    if (activeIndex === 0) document.getElementById(`${listId}-popup`)?.scrollTo({ top: 0 });
    else if (activeIndex > 0)
      document.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        show(true);
        setActive(key === 'ArrowDown' ? 0 : -2);
        return;
      }
      if (rows.length === 0) return;
      const step = key === 'ArrowDown' ? 1 : -1;
      setActive(
        activeIndex < 0 ? (step > 0 ? 0 : rows.length - 1) : (activeIndex + step + rows.length) % rows.length,
      );
    } else if ((key === 'Home' || key === 'End') && expanded && activeIndex >= 0) {
      event.preventDefault();
      setActive(key === 'Home' ? 0 : rows.length - 1);
    } else if (key === 'Enter') {
      const row = expanded ? rows[activeIndex] : undefined;
      if (row) {
        event.preventDefault();
        act(row);
      } else if (typed !== null) {
        event.preventDefault();
        // Taken as typed: a path the catalog may not know (the note below says so).
        finish(typed.trim() === '' ? null : { path: typed.trim() });
      }
    } else if (key === 'ArrowRight' && expanded && browsing && rows[activeIndex]?.type === 'open') {
      event.preventDefault();
      act(rows[activeIndex]!);
    } else if (key === 'ArrowLeft' && expanded && browsing && levelUp(level)) {
      event.preventDefault();
      goTo(levelUp(level)!);
    } else if (key === 'Escape') {
      if (!open && typed === null) return;
      // Only the list closes (and the typing is let go); a dialog around it stays.
      event.preventDefault();
      event.stopPropagation();
      if (open) show(false);
      else setTyped(null);
    }
  };

  let group: string | null = null;
  return (
    <div className="category-picker">
      <div className="combobox has-options">
        <input
          id={id}
          {...aria}
          aria-describedby={describedBy}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder={t('picker.placeholder')}
          value={text}
          onChange={(event) => {
            setTyped(event.target.value);
            setLevel(TOP);
            setActive(-1);
            show(true, event.target.value.trim() === '');
          }}
          onFocus={(event) => event.target.select()}
          onKeyDown={onKeyDown}
          onClick={() => show(!open)}
          onBlur={() => {
            // A whole path typed and left is kept; other typing was a search and is let go.
            const left = typed?.trim() ?? '';
            finish(left !== '' && left !== value.trim() && isCategoryPath(left) ? { path: left } : null);
          }}
        />
        {/* The catalog's status sits beside the listbox, never in it: a listbox holds options only. */}
        <div
          id={`${listId}-popup`}
          className="combobox-list category-picker-list"
          hidden={!expanded}
          data-testid="category-picker-list"
        >
          {!loaded && (
            <div role="status" className="category-picker-status">
              {failure ? t('picker.failed', { message: failure }) : t('picker.loading')}
            </div>
          )}
          <div id={listId} role="listbox" aria-label={t('picker.listLabel')}>
            {rows.map((row, index) => {
              const head = row.group === 'tree' ? `tree-${levelKey(level)}` : row.group;
              const first = head !== group;
              group = head;
              return (
                <Fragment key={`${head}-${index}`}>
                  {first && (
                    <div className="category-picker-group" role="presentation" aria-hidden="true">
                      {groupName(row.group, level, loaded, language, t)}
                    </div>
                  )}
                  <div
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={`category-picker-option ${row.type}${index === activeIndex ? ' active' : ''}`}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => act(row)}
                  >
                    <span className="category-picker-label">{row.label}</span>
                    {row.type !== 'up' && row.detail !== '' && (
                      <span className="category-picker-detail">
                        {row.type === 'open'
                          ? t(row.level.at === 'main' ? 'picker.subs' : 'picker.kinds', {
                              count: Number(row.detail),
                            })
                          : row.detail}
                      </span>
                    )}
                    {row.type === 'open' && (
                      <span className="category-picker-more" aria-hidden="true">
                        ›
                      </span>
                    )}
                  </div>
                </Fragment>
              );
            })}
          </div>
        </div>
      </div>
      {unknown ? (
        <small id={noteId} className="category-picker-note" data-testid="category-unknown">
          {t('picker.unknown')}
        </small>
      ) : (
        value.trim() !== '' && (
          <small id={pathId} className="category-picker-path">
            {t('picker.path', { path: value.trim() })}
          </small>
        )
      )}
    </div>
  );
}

function levelKey(level: PickerLevel): string {
  return level.at === 'top' ? 'top' : level.at === 'main' ? level.segment : level.path;
}

function groupName(
  group: PickerRow['group'],
  level: PickerLevel,
  loaded: ReturnType<typeof useCatalogStore.getState>['loaded'],
  language: CatalogLanguage,
  t: (key: string, options?: Record<string, string>) => string,
): string {
  if (group === 'recent') return t('picker.recent');
  if (group === 'results') return t('picker.results');
  if (level.at === 'top' || !loaded) return t('picker.all');
  if (level.at === 'main') return loaded.view.mainName(level.segment, language);
  const category = loaded.view.category(level.path);
  return category ? loaded.view.names(category, language).full : level.path;
}
