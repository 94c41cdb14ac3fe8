import { Suspense, useEffect } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ViewName } from '../shared/ipc/types';
import { ConnectionLost } from './components/ConnectionLost';
import { ProblemsBanner } from './components/ProblemsBanner';
import { ShopOutageLine } from './components/ShopOutageLine';
import { Sidebar } from './components/Sidebar';
import { ViewErrorBoundary } from './components/ViewErrorBoundary';
import { applyLanguage, resolveLanguage } from './i18n';
import { PartLoading } from './lazy/PartLoading';
import {
  ActivityView,
  ApprovalsView,
  FeedsView,
  ListingsView,
  preloadPartsWhenIdle,
  PublishingView,
  SettingsView,
} from './lazy/parts';
import { call, subscribe } from './ipc/client';
import { useAppStore } from './store/app-store';
import { useApprovalsStore } from './store/approvals-store';
import { useFeedsStore } from './store/feeds-store';
import { useListingsStore } from './store/listings-store';
import { DraftsView } from './views/drafts/DraftsView';
import { usePublishStore } from './store/publish-store';
import { PublishNotices } from './views/publishing/PublishNotices';

// Drafts, the first view, comes with the entry; the others load on demand (src/renderer/lazy).
const views: Record<ViewName, React.ComponentType> = {
  drafts: DraftsView,
  listings: ListingsView,
  publishing: PublishingView,
  feeds: FeedsView,
  approvals: ApprovalsView,
  activity: ActivityView,
  settings: SettingsView,
};

/** The frame: sidebar, the current view, and an error banner when a call failed. */
export function App() {
  const { t } = useTranslation();
  const view = useAppStore((s) => s.view);
  const info = useAppStore((s) => s.info);
  const language = useAppStore((s) => s.settings?.language);
  const error = useAppStore((s) => s.error);
  const dismissError = useAppStore((s) => s.dismissError);

  useEffect(() => {
    const offNavigate = subscribe('app:navigate', ({ view }) => useAppStore.getState().navigate(view));
    const offListings = subscribe('listings:changed', (state) => useListingsStore.getState().setState(state));
    const offJobs = subscribe('publish:changed', ({ jobs }) => usePublishStore.getState().merge(jobs));
    const offNotice = subscribe('publish:notice', (notice) => usePublishStore.getState().notice(notice));
    // Feeds run by themselves: a held or failed run is counted in the navigation wherever the seller is.
    const offFeeds = subscribe('feeds:changed', ({ ids }) => useFeedsStore.getState().changed(ids));
    const offFeedProgress = subscribe('feeds:progress', (progress) =>
      useFeedsStore.getState().progressed(progress),
    );
    // Four eyes (issue 37.4): the count beside Approvals and this desk's news, wherever the seller is.
    const offApprovals = subscribe('approvals:changed', () => void useApprovalsStore.getState().load());
    const offApprovalNews = subscribe('approvals:news', (news) => useApprovalsStore.getState().news(news));
    // After subscribing, so that no change falls between the list and the first event.
    void usePublishStore.getState().load();
    void useApprovalsStore.getState().load();
    void useFeedsStore.getState().load();
    preloadPartsWhenIdle();
    return () => {
      offJobs();
      offNotice();
      offFeeds();
      offFeedProgress();
      offNavigate();
      offListings();
      offApprovals();
      offApprovalNews();
    };
  }, []);

  useEffect(() => {
    if (!language || !info) return;
    // The other language's words load first (a chunk); should they not, the UI stays as it is.
    applyLanguage(resolveLanguage(language, info.systemLocale)).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      useAppStore.getState().reportError(i18next.t('app.languageFailed', { message }));
      const view = useAppStore.getState().view;
      call('app:log-renderer-error', { view, message: `language: ${message}`.slice(0, 2000) }).catch(
        () => undefined,
      );
    });
  }, [language, info]);

  const View = views[view];
  return (
    <div className="frame">
      <Sidebar />
      <main className="content" id="content">
        <ConnectionLost />
        <ShopOutageLine />
        <ProblemsBanner />
        {error && (
          <div className="banner error" role="alert">
            <strong>{t('errors.title')}</strong> <span>{error}</span>
            <button type="button" onClick={dismissError}>
              {t('errors.dismiss')}
            </button>
          </div>
        )}
        {/* Keyed by view: switching views clears a view's error; Reload inside re-mounts it. */}
        <ViewErrorBoundary key={view} view={view}>
          <Suspense fallback={<PartLoading fill />}>
            <View />
          </Suspense>
        </ViewErrorBoundary>
      </main>
      <PublishNotices />
    </div>
  );
}
