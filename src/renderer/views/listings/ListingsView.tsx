import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { useProblemText } from '../../components/problem-text';
import { useActiveAccount } from '../../store/accounts-store';
import { useAppStore } from '../../store/app-store';
import { useListingsStore } from '../../store/listings-store';
import { ListingDetail } from './ListingDetail';
import { ListingRow } from './ListingRow';
import { UnreadableListings } from './UnreadableListings';

const ROW_HEIGHT = 68;

/** Listings: every live listing of the active account, virtualized, with a detail pane. */
export function ListingsView() {
  const { t, i18n } = useTranslation();
  const account = useActiveAccount();
  const state = useListingsStore((s) => s.state);
  const loading = useListingsStore((s) => s.loading);
  const selected = useListingsStore((s) => s.selected);
  const { load, open } = useListingsStore.getState();
  const reportError = useAppStore((s) => s.reportError);
  const problemText = useProblemText();
  const scroller = useRef<HTMLDivElement>(null);
  const listings = state?.accountId === account?.id ? (state?.listings ?? []) : [];
  const unreadable = state?.accountId === account?.id ? (state?.unreadable ?? []) : [];

  const accountId = account?.id;
  useEffect(() => {
    if (accountId) void load(false).catch(reportError);
  }, [accountId, load, reportError]);

  const virtualizer = useVirtualizer({
    count: listings.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => listings[index]?.uuid ?? index,
  });

  const onOpen = useCallback((uuid: string) => void open(uuid), [open]);

  // Arrow keys move through the list, Home and End jump; the row gets focus once it is rendered.
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, (i: number) => number> = {
      ArrowDown: (i) => i + 1,
      ArrowUp: (i) => i - 1,
      Home: () => 0,
      End: () => listings.length - 1,
    };
    const move = moves[event.key];
    if (!move || listings.length === 0) return;
    event.preventDefault();
    const current = listings.findIndex((l) => l.uuid === selected);
    const next = Math.max(0, Math.min(listings.length - 1, move(current)));
    const uuid = listings[next]!.uuid;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    void open(uuid);
    requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLElement>(`[data-uuid="${uuid}"]`)?.focus(),
    );
  };

  const fetched = state?.fetchedAt ? new Date(state.fetchedAt).toLocaleString(i18n.language) : undefined;
  return (
    <div className="listings-view">
      <header className="view-head">
        <div>
          <h1>{t('listings.title')}</h1>
          {account && (
            <p className="muted small" data-testid="listings-summary">
              {t('listings.summary', { count: listings.length, account: account.name })}
              {fetched && ` · ${t('listings.fetchedAt', { when: fetched })}`}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={() => void load(true).catch(reportError)}
          disabled={loading}
          aria-busy={loading}
        >
          {loading ? t('listings.refreshing') : t('listings.refresh')}
        </button>
      </header>
      {state?.problem && state.accountId === account?.id && (
        <div className="banner warning" role="alert" data-testid="listings-offline">
          <span>
            {state.fetchedAt
              ? t('listings.offlineWithList', { problem: problemText(state.problem), when: fetched })
              : t('listings.offlineNoList', { problem: problemText(state.problem) })}
          </span>
        </div>
      )}
      <UnreadableListings items={unreadable} />
      {listings.length === 0 ? (
        unreadable.length > 0 ? null : loading && !state ? (
          <p className="muted" role="status">
            {t('listings.loading')}
          </p>
        ) : (
          <EmptyState icon="listings" title={t('listings.emptyTitle')} body={t('listings.emptyBody')} />
        )
      ) : (
        <div className="listings-split">
          <div
            ref={scroller}
            className="listings-scroller"
            role="list"
            aria-label={t('listings.listLabel', { count: listings.length })}
            onKeyDown={onKeyDown}
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const listing = listings[item.index]!;
                return (
                  <div
                    key={item.key}
                    role="listitem"
                    className="listing-slot"
                    style={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      right: 0,
                      height: item.size,
                      transform: `translateY(${item.start}px)`,
                    }}
                  >
                    <ListingRow listing={listing} selected={listing.uuid === selected} onOpen={onOpen} />
                  </div>
                );
              })}
            </div>
          </div>
          <div className="listings-detail-pane">
            <ListingDetail />
          </div>
        </div>
      )}
    </div>
  );
}
