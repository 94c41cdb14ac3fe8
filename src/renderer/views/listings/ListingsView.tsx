import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicationStateView } from '../../../shared/ipc/types';
import { EmptyState } from '../../components/EmptyState';
import { useProblemText } from '../../components/problem-text';
import { TestBadge, TestServiceNote } from '../../components/TestService';
import { useDates } from '../../i18n/use-dates';
import { useActiveAccount } from '../../store/accounts-store';
import { useAppStore } from '../../store/app-store';
import { useListingsStore } from '../../store/listings-store';
import { InventoryToolbar } from './inventory/InventoryToolbar';
import { LastUpdated } from './inventory/LastUpdated';
import { ListingsSelectionBar } from './inventory/ListingsSelectionBar';
import { BulkLifecycleResults } from './lifecycle/BulkLifecycle';
import { LifecycleNotice } from './lifecycle/LifecycleNotice';
import { applyInventoryQuery, categoriesOf } from './inventory/inventory-filter';
import { useAutoRefresh } from './inventory/use-auto-refresh';
import { ListingDetail } from './ListingDetail';
import { ExportButton } from '../export/ExportDialog';
import { ListingRow } from './ListingRow';
import { UnreadableListings } from './UnreadableListings';
import './inventory/inventory.css';

const ROW_HEIGHT = 68;
const NO_PUBLICATIONS: readonly PublicationStateView[] = [];

/** Listings: every live listing of the active account, searchable, virtualized, with a detail pane. */
export function ListingsView() {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const account = useActiveAccount();
  const state = useListingsStore((s) => s.state);
  const loading = useListingsStore((s) => s.loading);
  const selected = useListingsStore((s) => s.selected);
  const ticked = useListingsStore((s) => s.selectedUuids);
  const query = useDeferredValue(useListingsStore((s) => s.query));
  const { load, open, toggleSelected } = useListingsStore.getState();
  const reportError = useAppStore((s) => s.reportError);
  const problemText = useProblemText();
  const scroller = useRef<HTMLDivElement>(null);
  const own = state?.accountId === account?.id ? state : undefined;
  const listings = useMemo(() => own?.listings ?? [], [own]);
  const extras = own?.extras;
  const unreadable = own?.unreadable ?? [];

  const accountId = account?.id;
  useEffect(() => {
    if (accountId) void load(false).catch(reportError);
  }, [accountId, load, reportError]);
  useAutoRefresh(accountId !== undefined);

  const shown = useMemo(
    () => applyInventoryQuery(listings, extras, query, i18n.language),
    [listings, extras, query, i18n.language],
  );
  const shownUuids = useMemo(() => shown.map((l) => l.uuid), [shown]);
  const categories = useMemo(() => categoriesOf(listings, i18n.language), [listings, i18n.language]);

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => shown[index]?.uuid ?? index,
  });

  const onOpen = useCallback((uuid: string) => void open(uuid), [open]);
  const onTick = useCallback(
    (uuid: string, range: boolean) => toggleSelected(uuid, range ? { order: shownUuids } : undefined),
    [toggleSelected, shownUuids],
  );

  // Arrow keys move through the list, Home and End jump; the row gets focus once it is rendered.
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, (i: number) => number> = {
      ArrowDown: (i) => i + 1,
      ArrowUp: (i) => i - 1,
      Home: () => 0,
      End: () => shown.length - 1,
    };
    const move = moves[event.key];
    if (!move || shown.length === 0 || (event.target as HTMLElement).tagName === 'INPUT') return;
    event.preventDefault();
    const current = shown.findIndex((l) => l.uuid === selected);
    const next = Math.max(0, Math.min(shown.length - 1, move(current)));
    const uuid = shown[next]!.uuid;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    void open(uuid);
    requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLElement>(`[data-uuid="${uuid}"]`)?.focus(),
    );
  };

  const fetched = own?.fetchedAt ? dates.dateTime(own.fetchedAt) : undefined;
  return (
    <div className="listings-view">
      <header className="view-head">
        <div>
          <h1>{t('listings.title')}</h1>
          {account && (
            <p className="muted small" data-testid="listings-summary">
              {t('listings.summary', { count: listings.length, account: account.name })}
              <TestBadge accountId={account.id} />
              {own && (
                <>
                  {' · '}
                  <LastUpdated fetchedAt={own.fetchedAt} failed={own.problem !== undefined} />
                  {/* A read on its way while the list stays on screen: said quietly, not a blank view. */}
                  {loading && (
                    <span className="inventory-refreshing" role="status" data-testid="listings-refreshing">
                      {' · '}
                      {t('inventory.readingAgain')}
                    </span>
                  )}
                </>
              )}
            </p>
          )}
          <TestServiceNote accountId={account?.id} text={t('testService.listings')} />
        </div>
        <div className="actions">
          <ExportButton
            kind="listings"
            label={t('exportTemplates.export.openListings')}
            hint={t('exportTemplates.export.openListingsHint')}
          />
          <button
            type="button"
            onClick={() => void load(true).catch(reportError)}
            disabled={loading}
            aria-busy={loading}
          >
            {loading ? t('listings.refreshing') : t('listings.refresh')}
          </button>
        </div>
      </header>
      {own?.problem && (
        <div className="banner warning" role="alert" data-testid="listings-offline">
          <span>
            {own.fetchedAt
              ? t('listings.offlineWithList', { problem: problemText(own.problem), when: fetched })
              : t('listings.offlineNoList', { problem: problemText(own.problem) })}
          </span>
        </div>
      )}
      {own?.publicationsFrom === 'jobs' && listings.length > 0 && (
        <p className="muted small" data-testid="listings-states-from-jobs">
          {t('inventory.statesFromJobs')}
        </p>
      )}
      <UnreadableListings items={unreadable} />
      {/* What a delete, pause or resume did; stays when the last listing is gone. */}
      <LifecycleNotice />
      <BulkLifecycleResults />
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
          <div className="listings-pane">
            <InventoryToolbar categories={categories} shown={shownUuids} total={listings.length} />
            <ListingsSelectionBar />
            {shown.length === 0 ? (
              <p className="muted inventory-none" role="status">
                {t('inventory.noneMatch')}
              </p>
            ) : (
              <div
                ref={scroller}
                className="listings-scroller"
                role="list"
                aria-label={t('listings.listLabel', { count: shown.length })}
                onKeyDown={onKeyDown}
              >
                <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                  {virtualizer.getVirtualItems().map((item) => {
                    const listing = shown[item.index]!;
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
                        <ListingRow
                          listing={listing}
                          publications={extras?.[listing.uuid]?.publications ?? NO_PUBLICATIONS}
                          fromJobs={own?.publicationsFrom === 'jobs'}
                          selected={listing.uuid === selected}
                          ticked={ticked.has(listing.uuid)}
                          pattern={account?.marketplaceUrlPattern}
                          onOpen={onOpen}
                          onTick={onTick}
                        />
                      </div>
                    );
                  })}
                </div>
              </div>
            )}
          </div>
          <div className="listings-detail-pane">
            <ListingDetail />
          </div>
        </div>
      )}
    </div>
  );
}
