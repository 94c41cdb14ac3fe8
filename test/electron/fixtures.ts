// Starts the built app in Electron itself (Playwright's `_electron`, no browser), each test in a
// fresh data folder (`--data-dir=`, src/main/shells/electron/data-dir-arg.ts), in English. Where
// Electron's binary is missing, or on Linux there is no display, `electronMissing` says why and
// every spec skips its tests with that reason (never passes them).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { _electron, test as base, type ElectronApplication, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The app's first page as the renderer builds it (app-url.ts). */
export const APP_START_URL = 'app://renderer/index.html';

/** Why Electron's binary is not here, or undefined when it is. */
export function whyNoElectronBinary(): string | undefined {
  let binary: string;
  try {
    // What Playwright launches: `require('electron')` is the binary's path once its download ran.
    binary = createRequire(import.meta.url)('electron') as string;
  } catch {
    return "Electron's binary is not installed here (node_modules/electron/dist)";
  }
  if (!existsSync(binary)) return `Electron's binary is missing at ${binary}`;
  return undefined;
}

/** Why the built app is not here (`npm run build` makes it), or undefined when it is. */
export const whyNotBuilt = (): string | undefined =>
  existsSync(path.join(root, 'out', 'main', 'index.js'))
    ? undefined
    : 'the app is not built (out/main/index.js is missing)';

/** Why Electron cannot run here, or undefined when it can. */
function whyNoElectron(): string | undefined {
  const noBinary = whyNoElectronBinary();
  if (noBinary) return noBinary;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'no display is available (DISPLAY and WAYLAND_DISPLAY are unset; run under xvfb-run)';
  return whyNotBuilt();
}

/**
 * The reason every Electron test is skipped here; undefined when they run. Where Electron must be
 * there (CI sets LISTING_DESK_ELECTRON_REQUIRED=1), nothing is skipped: the tests fail with it.
 */
const missing = whyNoElectron();
export const electronMissing = process.env.LISTING_DESK_ELECTRON_REQUIRED === '1' ? undefined : missing;

/** Launches the built app (package.json "main": out/main/index.js) on `dataDir`. */
export async function launchApp(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ElectronApplication> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  // Never the dev server's page, never Electron as plain Node.
  delete inherited.ELECTRON_RENDERER_URL;
  delete inherited.ELECTRON_RUN_AS_NODE;
  return _electron.launch({
    args: [root, `--data-dir=${dataDir}`, '--lang=en-US'],
    cwd: root,
    env: {
      ...inherited,
      LANG: 'en_US.UTF-8',
      LANGUAGE: '',
      LC_ALL: '',
      LC_MESSAGES: '',
      LISTING_DESK_TEST_HOOKS: '1',
      // Issue 33.5: the Sandbox accepts any category path unless a test asks for the catalog's checks.
      LISTING_DESK_SANDBOX_CATALOG: 'off',
      ...env,
    },
    locale: 'en-US',
    timeout: 60_000,
  });
}

/** The app's window once its page has loaded. */
export async function appWindow(app: ElectronApplication): Promise<Page> {
  const page = await app.firstWindow({ timeout: 60_000 });
  await page.waitForLoadState('domcontentloaded');
  return page;
}

export const test = base.extend<{ dataDir: string; app: ElectronApplication; page: Page }>({
  // Playwright reads the fixture's dependencies from this destructuring; this one has none.
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-electron-'));
    await use(dataDir);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  },
  app: async ({ dataDir }, use, testInfo) => {
    if (missing) throw new Error(`The Electron tests cannot run: ${missing}.`);
    const app = await launchApp(dataDir);
    let output = '';
    const keep = (chunk: Buffer) => (output += chunk.toString());
    app.process().stdout?.on('data', keep);
    app.process().stderr?.on('data', keep);
    await use(app);
    await app.close();
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('electron-output.txt', { body: output, contentType: 'text/plain' });
  },
  // The Electron window stands in for the browser page: no browser is launched.
  page: async ({ app }, use) => {
    await use(await appWindow(app));
  },
});

export { expect } from '@playwright/test';
