// The renderer's entry: the bridge (preload's in Electron, a WebSocket in the web shell), then
// the app's info and settings, then the UI in the right language.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createWebBridge } from './bridge/web-bridge';
import { initI18n, resolveLanguage } from './i18n';
import { subscribe } from './ipc/client';
import { useAccountsStore } from './store/accounts-store';
import { useAppStore } from './store/app-store';
import { askFirstRowsEarly, useDraftsStore } from './store/drafts-store';
import { applyRememberedTheme, applyTheme } from './theme';
import './styles.css';

async function start(): Promise<void> {
  if (!window.api) window.api = createWebBridge(window.location);
  // The Drafts view's first rows, asked for now: they come while the settings and words load. Its
  // changes are heard from before the ask: one made meanwhile (a command, another page) drops that
  // early answer; heard only once the app renders, it fell in between and the list lacked the draft.
  subscribe('drafts:changed', () => useDraftsStore.getState().changed());
  askFirstRowsEarly();
  applyRememberedTheme();
  // The settings' theme applies as soon as they are read (before the first render) and at each change.
  useAppStore.subscribe((state, before) => {
    const theme = state.settings?.theme;
    if (theme && theme !== before.settings?.theme) applyTheme(theme);
  });
  // Before the first read: a change made meanwhile (a command, another page) reaches the stores as
  // an event; had they subscribed after the read, it would fall in between and the page show the old.
  subscribe('settings:changed', (settings) => useAppStore.getState().setSettings(settings));
  subscribe('accounts:changed', (state) => useAccountsStore.getState().setState(state));
  await useAppStore.getState().load();
  const { info, settings } = useAppStore.getState();
  await initI18n(resolveLanguage(settings?.language ?? 'system', info?.systemLocale ?? navigator.language));
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
