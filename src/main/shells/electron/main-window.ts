// Creates the app's one window, hardened, at its remembered place.
import { BrowserWindow, shell } from 'electron';
import type { KeyValueStore } from '../../storage/store-factory';
import { denyPermissions, hardenContents, secureWebPreferences } from './security';
import { initialBounds, trackWindowState, type WindowState } from './window-state';

export interface MainWindowOptions {
  preloadPath: string;
  startUrl: string;
  iconPath: string;
  isAppUrl(url: string): boolean;
  state: KeyValueStore<WindowState>;
}

type GivenPreferences = ReturnType<typeof secureWebPreferences>;
const givenPreferences = new WeakMap<BrowserWindow, GivenPreferences>();

/** The webPreferences a window was built with (Electron has no getter); for main.ts's test hook. */
export function webPreferencesOf(window: BrowserWindow): GivenPreferences | undefined {
  return givenPreferences.get(window);
}

/** Opens the main window and loads the renderer. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const webPreferences = secureWebPreferences(options.preloadPath);
  const window = new BrowserWindow({
    ...initialBounds(options.state),
    minWidth: 800,
    minHeight: 520,
    show: false,
    title: 'Listing Desk',
    icon: options.iconPath,
    webPreferences,
  });
  givenPreferences.set(window, webPreferences);
  hardenContents(window.webContents, {
    isAppUrl: options.isAppUrl,
    openExternal: (url) => void shell.openExternal(url),
  });
  denyPermissions(window.webContents.session);
  trackWindowState(window, options.state);
  if (options.state.store.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.startUrl);
  return window;
}
