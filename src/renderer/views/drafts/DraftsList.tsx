import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftListRow } from '../../../shared/domain/drafts';
import { useDraftsStore } from '../../store/drafts-store';
import {
  calendarDay,
  formatDate,
  formatDayMonth,
  formatLong,
  formatTime,
  type DateStyle,
} from '../../../shared/dates';
import { useDateStyle } from '../../i18n/use-dates';
import { DraftRow, type RowDates } from './DraftRow';

const ROW_HEIGHT = 68;
const rowHeight = () => ROW_HEIGHT;

/** Dates in the UI's language: today's as a time, this year's without the year, in full on hover. */
function rowDates(style: DateStyle): RowDates {
  // Today and this year as the desk's zone counts them, like the dates themselves.
  const day = (at: Date | number) => calendarDay(at, style);
  const year = (at: Date | number) => calendarDay(at, style).slice(0, 4);
  return {
    short(iso) {
      const at = new Date(iso);
      const now = Date.now();
      if (day(at) === day(now)) return formatTime(at, style);
      return year(at) === year(now) ? formatDayMonth(at, style) : formatDate(at, style);
    },
    full: (iso) => formatLong(iso, style),
  };
}

/** The draft to show after `gone` leave the list: the first below the last of them, else above. */
function neighbourOf(items: readonly DraftListRow[], gone: ReadonlySet<string>): string | null {
  let last = -1;
  items.forEach((item, i) => {
    if (gone.has(item.id)) last = i;
  });
  for (let i = last + 1; i < items.length; i++) if (!gone.has(items[i]!.id)) return items[i]!.id;
  for (let i = last - 1; i >= 0; i--) if (!gone.has(items[i]!.id)) return items[i]!.id;
  return null;
}

/**
 * The drafts, virtualized. Click opens, Ctrl/Cmd+click toggles, Shift+click extends; arrows, Home
 * and End move (and open), Space toggles, Ctrl/Cmd+A selects all, Delete moves to the trash.
 */
export function DraftsList({ items, trash }: { items: DraftListRow[]; trash: boolean }) {
  const { t } = useTranslation();
  const selection = useDraftsStore((s) => s.selection);
  const openId = useDraftsStore((s) => s.openId);
  // Every match, also while only the first rows of them are there (issue 18.5).
  const matched = useDraftsStore((s) => s.result?.matched ?? items.length);
  const [cursor, setCursor] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollTarget = useRef<string | null>(openId);

  const { language: dateLanguage, timeZone } = useDateStyle();
  const dates = useMemo(() => rowDates({ language: dateLanguage, timeZone }), [dateLanguage, timeZone]);

  // A stable key function: the virtualizer recomputes every row's position whenever it changes,
  // which for 10,000 drafts took 10 ms on each render.
  const getItemKey = useCallback((index: number) => items[index]?.id ?? index, [items]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: rowHeight,
    overscan: 8,
    getItemKey,
  });

  const indexOf = useCallback((id: string | null) => items.findIndex((item) => item.id === id), [items]);

  // A draft opened from outside the list (a new one, a duplicate) is scrolled into view once the
  // list holds it; a reload after an autosave does not pull the list back to it.
  useEffect(() => {
    scrollTarget.current = openId;
  }, [openId]);
  useEffect(() => {
    const index = indexOf(scrollTarget.current);
    if (index < 0) return;
    scrollTarget.current = null;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [indexOf, openId, virtualizer]);

  const focusRow = (id: string) =>
    requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLElement>(`button[data-id="${CSS.escape(id)}"]`)?.focus(),
    );

  const onActivate = useCallback(
    (id: string, event: MouseEvent) => {
      const store = useDraftsStore.getState();
      setCursor(id);
      if (event.shiftKey) store.extendTo(id);
      else if (event.ctrlKey || event.metaKey || trash) store.toggle(id);
      else store.open(id);
    },
    [trash],
  );
  const onToggle = useCallback((id: string) => {
    setCursor(id);
    useDraftsStore.getState().toggle(id);
  }, []);

  const current = cursor !== null && indexOf(cursor) >= 0 ? cursor : openId;

  const move = (event: KeyboardEvent, to: (index: number) => number) => {
    event.preventDefault();
    const from = indexOf(current);
    const next = Math.max(0, Math.min(items.length - 1, to(from)));
    const id = items[next]!.id;
    const store = useDraftsStore.getState();
    if (event.shiftKey) store.addToSelection([items[from]?.id ?? id, id]);
    if (!trash) store.open(id);
    setCursor(id);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    focusRow(id);
  };

  const trashFromKeyboard = (event: KeyboardEvent) => {
    const store = useDraftsStore.getState();
    const ids = store.selection.size > 0 ? [...store.selection] : current ? [current] : [];
    if (trash || ids.length === 0) return;
    event.preventDefault();
    const gone = new Set(ids);
    const next = neighbourOf(items, gone);
    const wasOpen = store.openId !== null && gone.has(store.openId);
    void store.trash(ids).then(() => {
      if (!next) return;
      if (wasOpen) store.open(next);
      setCursor(next);
      focusRow(next);
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (items.length === 0) return;
    const command = event.ctrlKey || event.metaKey;
    const onCheckbox = event.target instanceof HTMLInputElement;
    if (event.key === 'ArrowDown') move(event, (i) => i + 1);
    else if (event.key === 'ArrowUp') move(event, (i) => (i < 0 ? 0 : i - 1));
    else if (event.key === 'Home') move(event, () => 0);
    else if (event.key === 'End') move(event, () => items.length - 1);
    else if (event.key === 'Delete') trashFromKeyboard(event);
    else if (command && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      useDraftsStore.getState().selectAll(true);
    } else if (event.key === ' ' && !onCheckbox && current) {
      // Space picks the row for bulk actions; Enter (the button's own key) opens it.
      event.preventDefault();
      useDraftsStore.getState().toggle(current);
    }
  };

  // Tab reaches one row: the current one when it is rendered, else the first rendered.
  const rendered = virtualizer.getVirtualItems();
  const tabbableId =
    current && rendered.some((row) => items[row.index]?.id === current)
      ? current
      : (items[rendered[0]?.index ?? 0]?.id ?? null);

  return (
    <div
      ref={scroller}
      className="drafts-scroller"
      role="list"
      aria-label={t(trash ? 'draftsList.trashListLabel' : 'draftsList.listLabel', { count: matched })}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const id = event.target instanceof HTMLElement ? event.target.dataset.id : undefined;
        if (id) setCursor(id);
      }}
      onKeyUp={(event) => {
        // The button would click on Space's key-up; Space was handled on key-down.
        if (event.key === ' ' && !(event.target instanceof HTMLInputElement)) event.preventDefault();
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rendered.map((row) => {
          const item = items[row.index]!;
          return (
            <div
              key={row.key}
              role="listitem"
              className="drafts-slot"
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
            >
              <DraftRow
                item={item}
                selected={selection.has(item.id)}
                current={!trash && item.id === openId}
                tabbable={item.id === tabbableId}
                dates={dates}
                onActivate={onActivate}
                onToggle={onToggle}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
