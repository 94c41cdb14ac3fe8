import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { TestServiceNote } from '../../components/TestService';
// The editor and the Import wizard load on demand: the list comes first (src/renderer/lazy).
import { DraftEditor, ImportWizard } from '../../lazy/parts';
import { PartLoading } from '../../lazy/PartLoading';
import { useAccountsStore, useActiveAccount } from '../../store/accounts-store';
import { useDraftsStore } from '../../store/drafts-store';
import { useImportStore } from '../../store/import-store';
import { ExportButton } from '../export/ExportDialog';
import { TemplatesButton } from '../templates/TemplatesDialog';
import { AccountUpgradeNotice } from './AccountUpgradeNotice';
import { DraftsList } from './DraftsList';
import { DraftsListBar } from './DraftsListBar';
import { DraftsListFilter } from './DraftsListFilter';
import { DraftsNotice } from './DraftsListNotices';
import './drafts-list.css';

/** Ctrl/Cmd+N makes a new draft while this view is shown. */
function useNewDraftShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = event.ctrlKey || event.metaKey;
      if (!command || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'n') return;
      event.preventDefault();
      void useDraftsStore.getState().create();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Lists while the view is shown; reloads on main's changes only then (see drafts-store). */
function useListWhileShown() {
  // A layout effect runs before the first paint, a plain one after it: asking main for the list
  // one paint earlier is 50-150 ms sooner to the first row at startup (bench/drafts/startup.ts).
  useLayoutEffect(() => {
    const store = useDraftsStore.getState();
    store.setShown(true);
    void store.load();
    return () => store.setShown(false);
  }, []);
}

/** The list shows the selected account's drafts: a new selection (here or in Settings) lists again. */
function useListFollowsSelectedAccount() {
  const activeId = useAccountsStore((s) => s.state?.activeId);
  const seen = useRef(activeId);
  useEffect(() => {
    if (seen.current === activeId) return;
    seen.current = activeId;
    if (useDraftsStore.getState().accountScope === 'selected') void useDraftsStore.getState().load();
  }, [activeId]);
}

/** What the list pane shows when it has no rows. */
function ListEmpty({ filtered, trash }: { filtered: boolean; trash: boolean }) {
  const { t } = useTranslation();
  const setFilter = useDraftsStore((s) => s.setFilter);
  const scope = useDraftsStore((s) => s.accountScope);
  const active = useActiveAccount();
  if (trash && !filtered) return <p className="drafts-list-empty muted">{t('draftsList.trashEmpty')}</p>;
  // Other accounts have drafts, this one none (yet): say so, and offer them all.
  if (!trash && !filtered && scope !== 'all') {
    return (
      <div className="drafts-list-empty">
        <p className="muted">
          {scope === 'removed'
            ? t('accountsApart.emptyRemoved')
            : t('accountsApart.emptyAccount', { name: active?.name ?? '' })}
        </p>
        <button type="button" onClick={() => useDraftsStore.getState().setAccountScope('all')}>
          {t('accountsApart.showAll')}
        </button>
      </div>
    );
  }
  return (
    <div className="drafts-list-empty">
      <p className="muted">{t('draftsList.noMatch')}</p>
      <button type="button" onClick={() => setFilter({ query: '', status: 'all' })}>
        {t('draftsList.clearFilter')}
      </button>
    </div>
  );
}

/** The right pane: the open draft's editor, or what to do. */
function DetailPane({ trash }: { trash: boolean }) {
  const { t } = useTranslation();
  const openId = useDraftsStore((s) => s.openId);
  if (!trash && openId) {
    return (
      <Suspense fallback={<PartLoading />}>
        <DraftEditor draftId={openId} />
      </Suspense>
    );
  }
  return <p className="muted drafts-hint">{t(trash ? 'draftsList.trashHint' : 'draftsList.pickHint')}</p>;
}

/** Drafts: the seller's offline ads, searchable and filterable, with the open one's editor beside. */
export function DraftsView() {
  const { t } = useTranslation();
  const result = useDraftsStore((s) => s.result);
  const loadError = useDraftsStore((s) => s.loadError);
  const filter = useDraftsStore((s) => s.filter);
  const trash = useDraftsStore((s) => s.showTrash);
  const { create, setShowTrash, load } = useDraftsStore.getState();
  useListWhileShown();
  useNewDraftShortcut();
  useListFollowsSelectedAccount();
  const importing = useImportStore((s) => s.open);
  const activeAccountId = useAccountsStore((s) => s.state?.activeId);

  const items = result?.items ?? [];
  const filtered = filter.query.trim() !== '' || filter.status !== 'all';
  const scope = useDraftsStore((s) => s.accountScope);
  // One account's drafts out of more: the summary says how many of all are shown.
  // Every match, also while only the first rows of them are there (issue 18.5).
  const shown = result?.matched ?? 0;
  const narrowed = filtered || (scope !== 'all' && shown !== (result?.total ?? 0));
  const noDraftsYet = result !== null && !trash && result.total === 0;
  const summary = trash
    ? t('draftsList.summaryTrash', { count: result?.trashCount ?? 0 })
    : narrowed
      ? t('draftsList.summaryFiltered', { count: result?.total ?? 0, shown })
      : t('draftsList.summary', { count: result?.total ?? 0 });

  // Issue 17: the Import wizard takes the view's place while it is open.
  if (importing) {
    return (
      <Suspense fallback={<PartLoading fill />}>
        <ImportWizard />
      </Suspense>
    );
  }
  return (
    <div className="drafts-view">
      <header className="view-head">
        <div>
          <h1>{t('draftsList.title')}</h1>
          <p className="muted small" data-testid="drafts-summary">
            {result ? summary : '\u00a0'}
          </p>
        </div>
        <div className="actions">
          <button
            type="button"
            title={t('import.openHint')}
            onClick={() => useImportStore.getState().start()}
          >
            {t('import.open')}
          </button>
          <ExportButton
            kind="drafts"
            label={t('exportTemplates.export.open')}
            hint={t('exportTemplates.export.openHint')}
          />
          <TemplatesButton />
          <button type="button" aria-pressed={trash} onClick={() => setShowTrash(!trash)}>
            {t('draftsList.trash', { count: result?.trashCount ?? 0 })}
          </button>
          <button
            type="button"
            className="primary"
            aria-keyshortcuts="Control+N Meta+N"
            title={t('draftsList.newDraftShortcut')}
            onClick={() => void create()}
          >
            {t('draftsList.newDraft')}
          </button>
        </div>
      </header>
      <DraftsNotice />
      <AccountUpgradeNotice />
      {loadError && (
        <div className="banner error" role="alert">
          <span>{t('draftsList.loadFailed', { message: loadError })}</span>
          <button type="button" onClick={() => void load()}>
            {t('draftsList.retry')}
          </button>
        </div>
      )}
      {noDraftsYet ? (
        <div className="empty-state">
          <Icon name="drafts" size={48} />
          <h2>{t('draftsList.emptyTitle')}</h2>
          <p>{t('draftsList.emptyBody')}</p>
          <button type="button" className="primary drafts-first" onClick={() => void create()}>
            {t('draftsList.createFirst')}
          </button>
          <p>{t('import.emptyOr')}</p>
          <button type="button" onClick={() => useImportStore.getState().start()}>
            {t('import.open')}
          </button>
          <TestServiceNote accountId={activeAccountId} text={t('testService.firstStart')} />
        </div>
      ) : (
        <div className="drafts-split">
          <section
            className="drafts-pane"
            aria-label={t(trash ? 'draftsList.trashPane' : 'draftsList.listPane')}
          >
            <DraftsListFilter />
            <DraftsListBar items={items} trash={trash} />
            {result === null ? (
              <p className="muted drafts-list-empty" role="status">
                {t('draftsList.loading')}
              </p>
            ) : items.length === 0 ? (
              <ListEmpty filtered={filtered} trash={trash} />
            ) : (
              <DraftsList items={items} trash={trash} />
            )}
          </section>
          <div className="drafts-detail-pane">
            <DetailPane trash={trash} />
          </div>
        </div>
      )}
    </div>
  );
}
