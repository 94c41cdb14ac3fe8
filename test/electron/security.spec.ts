// The real Electron app's security settings, seen from inside the page and from main: no Node in
// the page, the bridge carries only the contract, navigation away and new windows are refused (the
// URL stays the app's; a web link goes to the browser instead, here a recording stand-in), every
// permission is denied, and the window is isolated and sandboxed without Node integration.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_START_URL, electronMissing, expect, test } from './fixtures';

test.skip(electronMissing !== undefined, electronMissing);

interface Recorder {
  openedExternally?: string[];
  listingDeskWindowPreferences?: () => Record<string, unknown> | undefined;
}

test('the page has no Node and only the contract bridge; the window is isolated and sandboxed', async ({
  app,
  page,
}) => {
  await expect(page.getByRole('navigation')).toBeVisible();
  const globals = await page.evaluate(() => ({
    require: typeof require,
    process: typeof process,
    module: typeof module,
    Buffer: typeof Buffer,
    ipcRenderer: typeof (window as unknown as Record<string, unknown>).ipcRenderer,
    electron: typeof (window as unknown as Record<string, unknown>).electron,
  }));
  expect(globals).toEqual({
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
    Buffer: 'undefined',
    ipcRenderer: 'undefined',
    electron: 'undefined',
  });

  // The bridge: three functions, contract channels and events only.
  const bridge = await page.evaluate(() =>
    Object.entries(window.api ?? {})
      .map(([name, value]) => `${name}:${typeof value}`)
      .sort(),
  );
  expect(bridge).toEqual(['invoke:function', 'on:function', 'pathForFile:function']);
  const unknownChannel = await page.evaluate(() =>
    window.api!.invoke('shell:open' as never, undefined as never),
  );
  expect(unknownChannel).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  const unknownEvent = await page.evaluate(() => {
    try {
      window.api!.on('ipc:anything' as never, () => {});
      return 'subscribed';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  });
  expect(unknownEvent).toContain('Unknown event');
  expect((await page.evaluate(() => window.api!.invoke('app:info', undefined))).ok).toBe(true);

  // Every permission request is denied.
  expect(await page.evaluate(() => Notification.requestPermission())).toBe('denied');

  // Main side: the window was built isolated, sandboxed, without Node.
  const preferences = await app.evaluate(() => (globalThis as Recorder).listingDeskWindowPreferences?.());
  expect(preferences).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
  });
});

test('navigation to another origin and window.open are refused; the page stays the app', async ({
  app,
  page,
}) => {
  // Another origin on loopback that counts every request it gets.
  let hits = 0;
  const foreign = http.createServer((_request, response) => {
    hits += 1;
    response.end('<!doctype html><title>foreign</title>');
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  try {
    await expect(page.getByRole('navigation')).toBeVisible();
    // A web link leaves for the seller's browser (shell.openExternal): record instead of opening.
    await app.evaluate(({ shell }) => {
      const opened: string[] = [];
      (globalThis as Recorder).openedExternally = opened;
      shell.openExternal = async (url: string) => void opened.push(url);
    });
    // The stand-in took (else a real browser would open below).
    expect(await app.evaluate(({ shell }) => shell.openExternal.toString())).toContain('opened.push');
    const opened = () => app.evaluate(() => (globalThis as Recorder).openedExternally ?? []);

    await page.evaluate((url) => void (window.location.href = url), `${origin}/navigated`);
    await expect.poll(opened).toContain(`${origin}/navigated`);
    await page.evaluate((url) => void window.open(url, '_blank'), `${origin}/opened`);
    await expect.poll(opened).toContain(`${origin}/opened`);

    // Refused both times: one window, still on the app, and the other origin saw nothing.
    expect(page.url()).toBe(APP_START_URL);
    expect(await page.evaluate(() => window.location.href)).toBe(APP_START_URL);
    const windows = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((window) => window.webContents.getURL()),
    );
    expect(windows).toEqual([APP_START_URL]);
    expect(app.windows()).toHaveLength(1);
    expect(hits).toBe(0);
    await expect(page.getByRole('navigation')).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => foreign.close(() => resolve()));
  }
});
