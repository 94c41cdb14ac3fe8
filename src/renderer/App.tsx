import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewName } from '../shared/ipc/types';
import { Sidebar } from './components/Sidebar';
import { applyLanguage, resolveLanguage } from './i18n';
import { subscribe } from './ipc/client';
import { useAppStore } from './store/app-store';
import { DraftsView, ListingsView, PublishingView } from './views/EmptyViews';
import { SettingsView } from './views/SettingsView';

const views: Record<ViewName, () => React.JSX.Element> = {
  drafts: DraftsView,
  listings: ListingsView,
  publishing: PublishingView,
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
    const offSettings = subscribe('settings:changed', (settings) => useAppStore.getState().setSettings(settings));
    const offNavigate = subscribe('app:navigate', ({ view }) => useAppStore.getState().navigate(view));
    return () => {
      offSettings();
      offNavigate();
    };
  }, []);

  useEffect(() => {
    if (language && info) void applyLanguage(resolveLanguage(language, info.systemLocale));
  }, [language, info]);

  const View = views[view];
  return (
    <div className="frame">
      <Sidebar />
      <main className="content" id="content">
        {error && (
          <div className="banner error" role="alert">
            <strong>{t('errors.title')}</strong> <span>{error}</span>
            <button type="button" onClick={dismissError}>
              {t('errors.dismiss')}
            </button>
          </div>
        )}
        <View />
      </main>
    </div>
  );
}
