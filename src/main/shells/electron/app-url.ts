// The renderer's own origin in Electron: a privileged `app://renderer` scheme instead of file://,
// so the CSP header applies and no other local file can be reached.

export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** True when the URL belongs to the app itself (or the dev server during `electron-vite dev`). */
export function isAppUrl(raw: string, devServerUrl?: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST) return true;
  if (!devServerUrl) return false;
  return url.origin === new URL(devServerUrl).origin;
}
