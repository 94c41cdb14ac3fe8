// Locks down a window's contents: no navigation away from the app, no new windows (links open in
// the browser after parsing), no webviews, every permission request denied.
import type { Session, WebContents } from 'electron';
import { externalUrl } from './external-links';

export interface SecurityDeps {
  isAppUrl(url: string): boolean;
  openExternal(url: string): void;
}

/** The webPreferences of every window: isolated, sandboxed, no Node, no webview. */
export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    spellcheck: true,
  } as const;
}

/** Blocks navigation, window.open and webviews on one window's contents. */
export function hardenContents(contents: WebContents, deps: SecurityDeps): void {
  // A plain link to a web page leaves the app window alone and opens in the browser instead.
  contents.on('will-navigate', (event, url) => {
    if (deps.isAppUrl(url)) return;
    event.preventDefault();
    const external = externalUrl(url);
    if (external) deps.openExternal(external);
  });
  contents.on('will-redirect', (event, url) => {
    if (!deps.isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrl(url);
    if (external) deps.openExternal(external);
    return { action: 'deny' };
  });
}

/** Denies every permission request and check (camera, notifications prompts, geolocation, ...). */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
