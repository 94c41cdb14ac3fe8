// Entry of the Electron shell: the only process code that imports 'electron' besides preload.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserWindow } from 'electron';
import { app, dialog, ipcMain, Menu, Notification, session } from 'electron';
import Store from 'electron-store';
import { createApp, type App } from '../../app';
import { createLog, parseLogLevel, type AppLog } from '../../log/create-log';
import { logProcessFailures } from '../../log/process-failures';
import { openSecretStore } from '../../secrets/keytar-store';
import type { KeyValueStore, StoreFactory } from '../../storage/store-factory';
import type { DataLock } from '../../storage/data-lock';
import { refusalChoices, takeDataFolder } from '../../storage/take-data-folder';
import { APP_ID } from './app-id';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { APP_START_URL, isAppUrl } from './app-url';
import { dataDirArgument } from './data-dir-arg';
import { dispatchCommand } from './command-dispatch';
import { electronCommandHost } from './command-host';
import { bindIpc } from './ipc-binding';
import { createMainWindow, webPreferencesOf } from './main-window';
import { menuTemplate } from './menu';
import { mainI18n } from '../../i18n';
import { followAppLanguage } from '../../i18n/follow-language';
import type { WindowState } from './window-state';
import { devContentSecurityPolicy } from '../../serving/csp';
import { electronFileDialogs } from './file-dialogs';
import { electronPlanChild } from './plan-child-electron';

const here = path.dirname(fileURLToPath(import.meta.url));
const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const appUrl = (url: string) => isAppUrl(url, devServerUrl);
const electronStoreFactory: StoreFactory = <T extends Record<string, unknown>>(
  options: Parameters<StoreFactory>[0] & { defaults: T },
) =>
  new Store<T>({
    cwd: options.cwd,
    name: options.name,
    defaults: options.defaults,
  }) as unknown as KeyValueStore<T>;

let window: BrowserWindow | undefined;
// Module-wide so that a failed start lands in the log file too, once there is one.
let startedLog: AppLog | undefined;

function focusWindow(): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.focus();
}

/**
 * Takes the data folder; while another process holds it, says who (and for one on another computer
 * when it is taken over) and offers to try again. Undefined once the seller chose to quit.
 */
async function openDataFolder(dataDir: string): Promise<DataLock | undefined> {
  for (;;) {
    let refusal = '';
    const lock = await takeDataFolder(dataDir, 'app', {
      locale: app.getLocale(),
      refused: (message) => (refusal = message),
      lost(message) {
        // Two processes must never write to one folder: this one stops, saying why.
        startedLog?.error(message);
        dialog.showErrorBox('Listing Desk', message);
        app.exit(3);
      },
    });
    if (lock) return lock;
    const choices = refusalChoices(app.getLocale());
    const { response } = await dialog.showMessageBox({
      type: 'warning',
      title: 'Listing Desk',
      message: refusal,
      buttons: [choices.tryAgain, choices.quit],
      defaultId: 0,
      cancelId: 1,
    });
    if (response !== 0) return undefined;
  }
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  // One process per data folder (the command line, the web shell): a second one says who holds it.
  const lock = await openDataFolder(dataDir);
  if (!lock) {
    app.exit(3);
    return;
  }
  const log = createLog({
    dataDir,
    name: 'listing-desk',
    level: parseLogLevel(process.env.LISTING_DESK_LOG_LEVEL),
  });
  startedLog = log;
  logProcessFailures(process, log, () => app.exit(1));
  log.info(`Listing Desk ${app.getVersion()} starting (Electron ${process.versions.electron})`, { dataDir });
  // A crashed or killed page or helper process (GPU, utility) would otherwise leave no trace.
  app.on('child-process-gone', (_event, details) =>
    log.error('A helper process of the app ended', undefined, {
      type: details.type,
      reason: details.reason,
      exitCode: details.exitCode,
      ...(details.name && { name: details.name }),
    }),
  );
  const backEnd: App = await createApp(
    { shell: 'electron', dataDir, version: app.getVersion(), systemLocale: app.getLocale() },
    {
      storeFactory: electronStoreFactory,
      secretStore: await openSecretStore(),
      log,
      async chooseDiagnosticsPath(defaultName) {
        const options = {
          defaultPath: path.join(app.getPath('documents'), defaultName),
          filters: [{ name: 'Text', extensions: ['txt'] }],
        };
        const chosen = window
          ? await dialog.showSaveDialog(window, options)
          : await dialog.showSaveDialog(options);
        return chosen.canceled || !chosen.filePath ? undefined : chosen.filePath;
      },
      fileDialogs: electronFileDialogs(() => window ?? null),
      notify(title, body) {
        if (Notification.isSupported()) new Notification({ title, body }).show();
      },
      // A large feed's plan in a utility process started with the heap flags (issue 35.8).
      planChild: electronPlanChild(here, log),
    },
  );
  // The category picker's first words are answered by main's index: built once the window had its start.
  backEnd.catalog.warmSearch(1_000);
  serveAppScheme(path.join(here, '..', 'renderer'), backEnd.photoFile);
  // The dev server sends no CSP of its own; the app protocol's pages carry theirs (app-protocol.ts).
  if (devServerUrl) {
    const policy = devContentSecurityPolicy(devServerUrl);
    session.defaultSession.webRequest.onHeadersReceived({ urls: [`${devServerUrl}*`] }, (details, callback) =>
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } }),
    );
  }
  bindIpc(ipcMain, backEnd.router, appUrl);
  backEnd.events.subscribe((event, payload) => window?.webContents.send(event, payload));
  const showAbout = () => backEnd.events.emit('app:navigate', { view: 'settings' });
  // The menu speaks the app's language and is rebuilt when the seller changes it.
  await followAppLanguage(backEnd, mainI18n, () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate(process.platform, showAbout, !app.isPackaged, mainI18n.getFixedT(null, 'menu')),
      ),
    ),
  );
  window = createMainWindow({
    preloadPath: path.join(here, '..', 'preload', 'index.cjs'),
    startUrl: devServerUrl ?? APP_START_URL,
    iconPath: path.join(here, '..', '..', 'resources', 'icon.png'),
    isAppUrl: appUrl,
    state: electronStoreFactory<WindowState>({ cwd: dataDir, name: 'window-state', defaults: {} }),
  });
  window.on('closed', () => (window = undefined));
  // Test hook, only under LISTING_DESK_TEST_HOOKS=1 (test/electron/fixtures.ts): the window's
  // webPreferences as built, for test/electron/security.spec.ts (electronApp.evaluate runs in this
  // process; the page cannot reach it).
  if (process.env.LISTING_DESK_TEST_HOOKS === '1') {
    Object.assign(globalThis, { listingDeskWindowPreferences: () => window && webPreferencesOf(window) });
  }
  window.webContents.on('render-process-gone', (_event, details) =>
    log.error("The window's page process ended", undefined, {
      reason: details.reason,
      exitCode: details.exitCode,
    }),
  );
  // Quit closes the window first, so the editor's last keystrokes (saved as the page unloads)
  // reach the back end, then waits for the back end to finish writing (drafts, jobs, the
  // sandbox's state).
  let closed = false;
  let closing = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    if (closing) return;
    closing = true;
    const windowGone = new Promise<void>((resolve) => {
      if (!window || window.isDestroyed()) return resolve();
      window.once('closed', () => resolve());
      window.close();
    });
    void windowGone
      .then(() => backEnd.close())
      .finally(() => {
        lock.release();
        closed = true;
        app.quit();
      });
  });
}

/** The window's start: the data folder, the single-instance lock, then the window once ready. */
function startWindow(): void {
  // `--data-dir=<folder>` (data-dir-arg.ts): set before the single-instance lock, which lives in it.
  const dataDirArg = dataDirArgument(process.argv);
  if (dataDirArg) {
    mkdirSync(dataDirArg, { recursive: true });
    app.setPath('userData', dataDirArg);
  }

  if (!app.requestSingleInstanceLock()) {
    app.quit();
  } else {
    app.enableSandbox();
    if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
    registerAppScheme();
    app.on('second-instance', focusWindow);
    app.on('window-all-closed', () => app.quit());
    // .catch, not a second argument to then: a failure inside start() must end the app too.
    app
      .whenReady()
      .then(start)
      .catch((error: unknown) => {
        if (startedLog) startedLog.error('Could not start', error);
        else process.stderr.write(`[listing-desk] ERROR could not start: ${String(error)}\n`);
        app.exit(1);
      });
  }
}

// A command word (`listing-desk feed run stock`) runs the command line and never opens a window. It
// is decided before the single-instance lock: a running window would otherwise be handed the
// arguments (second-instance) and the command swallowed. The data folder's own lock still keeps
// a command and a window apart.
if (
  !dispatchCommand(
    process.argv,
    process.defaultApp === true,
    electronCommandHost(app, { planChild: (log) => electronPlanChild(here, log) }),
  )
)
  startWindow();
