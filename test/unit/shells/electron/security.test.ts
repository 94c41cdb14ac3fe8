import type { Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { isAppUrl } from '../../../../src/main/shells/electron/app-url';
import {
  denyPermissions,
  hardenContents,
  secureWebPreferences,
} from '../../../../src/main/shells/electron/security';

type Listener = (event: { preventDefault(): void }, url?: string) => void;
type OpenHandler = (details: { url: string }) => { action: string };

function fakeContents() {
  const listeners = new Map<string, Listener[]>();
  let openHandler: OpenHandler | undefined;
  const contents = {
    on(name: string, listener: Listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return contents;
    },
    setWindowOpenHandler(handler: OpenHandler) {
      openHandler = handler;
    },
  };
  return {
    contents: contents as unknown as WebContents,
    /** Emits an event and tells whether any listener prevented its default. */
    emit(name: string, url?: string): boolean {
      const event = { preventDefault: vi.fn() };
      const registered = listeners.get(name) ?? [];
      if (registered.length === 0) throw new Error(`no listener for ${name}`);
      for (const listener of registered) listener(event, url);
      return event.preventDefault.mock.calls.length > 0;
    },
    open(url: string) {
      if (!openHandler) throw new Error('no window open handler');
      return openHandler({ url });
    },
  };
}

function harden() {
  const fake = fakeContents();
  const openExternal = vi.fn<(url: string) => void>();
  hardenContents(fake.contents, { isAppUrl: (url) => isAppUrl(url), openExternal });
  return { ...fake, openExternal };
}

describe('secureWebPreferences', () => {
  it('isolates and sandboxes the page, with no Node and no webview', () => {
    expect(secureWebPreferences('/p/preload.cjs')).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });
});

describe('hardenContents', () => {
  it('blocks navigation and redirects away from the app', () => {
    const { emit } = harden();
    expect(emit('will-navigate', 'https://evil.example/')).toBe(true);
    expect(emit('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(emit('will-navigate', 'app://evil/index.html')).toBe(true);
    expect(emit('will-redirect', 'https://evil.example/')).toBe(true);
  });

  it('lets the app navigate within itself', () => {
    const { emit } = harden();
    expect(emit('will-navigate', 'app://renderer/index.html')).toBe(false);
    expect(emit('will-redirect', 'app://renderer/index.html#settings')).toBe(false);
  });

  it('refuses every webview', () => {
    expect(harden().emit('will-attach-webview')).toBe(true);
  });

  it('denies every new window and hands only http(s) links to the browser', () => {
    const { open, openExternal } = harden();
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'not a url',
      'app://renderer/index.html',
      'https://u:p@example.com/',
    ]) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
    expect(openExternal).not.toHaveBeenCalled();
    expect(open('https://example.com/help')).toEqual({ action: 'deny' });
    expect(open('HTTP://Example.com')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://example.com/help'], ['http://example.com/']]);
  });
});

describe('denyPermissions', () => {
  it('answers every permission request and check with no', () => {
    let request:
      ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: ((...args: unknown[]) => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
    } as unknown as Session;
    denyPermissions(session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      request!({}, permission, callback);
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
      expect(check!({}, permission, 'app://renderer', {})).toBe(false);
    }
  });
});
