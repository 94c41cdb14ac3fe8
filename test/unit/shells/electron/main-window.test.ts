import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WindowState } from '../../../../src/main/shells/electron/window-state';
import type { KeyValueStore } from '../../../../src/main/storage/store-factory';

// A stand-in for Electron's BrowserWindow that records what the shell asks of it.
const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown;
  class FakeWindow {
    static instances: FakeWindow[] = [];
    readonly listeners = new Map<string, Listener>();
    readonly contentsListeners = new Map<string, Listener>();
    openHandler: ((details: { url: string }) => unknown) | undefined;
    permissionRequest: Listener | undefined;
    permissionCheck: Listener | undefined;
    readonly calls: string[] = [];
    loadedUrl: string | undefined;
    readonly webContents = {
      on: (name: string, listener: Listener) => this.contentsListeners.set(name, listener),
      setWindowOpenHandler: (handler: (details: { url: string }) => unknown) => (this.openHandler = handler),
      session: {
        setPermissionRequestHandler: (handler: Listener) => (this.permissionRequest = handler),
        setPermissionCheckHandler: (handler: Listener) => (this.permissionCheck = handler),
      },
    };
    constructor(readonly options: Record<string, unknown>) {
      FakeWindow.instances.push(this);
    }
    on(name: string, listener: Listener) {
      this.listeners.set(name, listener);
      return this;
    }
    once(name: string, listener: Listener) {
      return this.on(name, listener);
    }
    show() {
      this.calls.push('show');
    }
    maximize() {
      this.calls.push('maximize');
    }
    loadURL(url: string) {
      this.loadedUrl = url;
      return Promise.resolve();
    }
    getNormalBounds() {
      return { x: 1, y: 2, width: 1000, height: 700 };
    }
    isMaximized() {
      return false;
    }
  }
  return {
    FakeWindow,
    openExternal: vi.fn(async (_url: string) => {}),
    workArea: { x: 0, y: 0, width: 1920, height: 1080 },
  };
});

vi.mock('electron', () => ({
  BrowserWindow: electron.FakeWindow,
  shell: { openExternal: electron.openExternal },
  screen: { getDisplayMatching: () => ({ workArea: electron.workArea }) },
}));

const { createMainWindow } = await import('../../../../src/main/shells/electron/main-window');
const { APP_START_URL, isAppUrl } = await import('../../../../src/main/shells/electron/app-url');

function memoryStore(initial: WindowState = {}): KeyValueStore<WindowState> {
  const store: WindowState = { ...initial };
  return { store, path: '/memory/window-state.json', set: (key, value) => void (store[key] = value) };
}

function open(state = memoryStore()) {
  createMainWindow({
    preloadPath: '/app/out/preload/index.cjs',
    startUrl: APP_START_URL,
    iconPath: '/app/resources/icon.png',
    isAppUrl: (url) => isAppUrl(url),
    state,
  });
  const window = electron.FakeWindow.instances.at(-1);
  if (!window) throw new Error('no BrowserWindow was created');
  return { window, state };
}

describe('createMainWindow', () => {
  beforeEach(() => {
    electron.FakeWindow.instances = [];
    electron.openExternal.mockClear();
  });

  it('creates the window isolated, sandboxed, without Node or webviews, with the preload', () => {
    const { window } = open();
    expect(electron.FakeWindow.instances).toHaveLength(1);
    expect(window.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
    });
  });

  it('opens hidden at the default size, loads the start URL and shows when ready', () => {
    const { window } = open();
    expect(window.options).toMatchObject({
      show: false,
      width: 1200,
      height: 800,
      title: 'Listing Desk',
      icon: '/app/resources/icon.png',
    });
    expect(window.loadedUrl).toBe(APP_START_URL);
    expect(window.calls).toEqual([]);
    window.listeners.get('ready-to-show')!();
    expect(window.calls).toEqual(['show']);
  });

  it('reopens at the remembered place, maximized if it was', () => {
    const bounds = { x: 40, y: 30, width: 900, height: 600 };
    const { window } = open(memoryStore({ bounds, maximized: true }));
    expect(window.options).toMatchObject(bounds);
    expect(window.calls).toEqual(['maximize']);
  });

  it('remembers its place when it closes', () => {
    const { window, state } = open();
    window.listeners.get('close')!();
    expect(state.store).toEqual({ bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: false });
  });

  it('hardens its contents: navigation away blocked, links to the browser, windows denied', () => {
    const { window } = open();
    const prevented = (url: string) => {
      const event = { preventDefault: vi.fn() };
      window.contentsListeners.get('will-navigate')!(event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(prevented(APP_START_URL)).toBe(false);
    expect(prevented('file:///etc/passwd')).toBe(true);
    expect(window.contentsListeners.has('will-attach-webview')).toBe(true);
    expect(window.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(electron.openExternal).not.toHaveBeenCalled();
    expect(window.openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(electron.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/');
    // A plain link followed in the window: kept out of it, and opened in the browser instead.
    expect(prevented('https://evil.example/')).toBe(true);
    expect(electron.openExternal).toHaveBeenLastCalledWith('https://evil.example/');
  });

  it('denies every permission of its session', () => {
    const { window } = open();
    const callback = vi.fn();
    window.permissionRequest!({}, 'media', callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith(false);
    expect(window.permissionCheck!({}, 'notifications')).toBe(false);
  });
});
