import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_START_URL, isAppUrl } from '../../../../src/main/shells/electron/app-url';
import { bindIpc, isTrustedSender } from '../../../../src/main/shells/electron/ipc-binding';
import { contract } from '../../../../src/shared/ipc/contract';
import { channelNames } from '../../../../src/shared/ipc/names';
import { createTempApp, type TempApp } from '../../helpers/temp-app';

type InvokeHandler = (event: IpcMainInvokeEvent, input: unknown) => Promise<unknown>;

function fakeIpcMain() {
  const handlers = new Map<string, InvokeHandler>();
  const ipcMain = {
    handle(channel: string, handler: InvokeHandler) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, handler);
    },
  } as unknown as IpcMain;
  return { ipcMain, handlers };
}

function sender(url: string, parent: object | null = null): IpcMainInvokeEvent {
  return { senderFrame: { url, parent } } as unknown as IpcMainInvokeEvent;
}

describe('bindIpc', () => {
  let temp: TempApp;
  beforeEach(async () => {
    temp = await createTempApp();
  });
  afterEach(() => temp.remove());

  function bind() {
    const fake = fakeIpcMain();
    const call = vi.spyOn(temp.app.router, 'call');
    bindIpc(fake.ipcMain, temp.app.router, (url) => isAppUrl(url));
    const invoke = (channel: string, event: IpcMainInvokeEvent, input?: unknown) => {
      const handler = fake.handlers.get(channel);
      if (!handler) throw new Error(`no handler for ${channel}`);
      return handler(event, input);
    };
    return { ...fake, call, invoke };
  }

  it('registers one handler for every contract channel, and nothing else', () => {
    const { handlers } = bind();
    expect(new Set(handlers.keys())).toEqual(new Set(channelNames));
    expect(new Set(handlers.keys())).toEqual(new Set(Object.keys(contract)));
  });

  it("runs a call from the app's main frame through the router", async () => {
    const { invoke, call } = bind();
    await expect(invoke('app:info', sender(APP_START_URL))).resolves.toMatchObject({
      ok: true,
      value: { name: 'Listing Desk', dataDir: temp.dataDir },
    });
    await expect(invoke('settings:set', sender(APP_START_URL), { language: 'de' })).resolves.toEqual({
      ok: true,
      value: {
        language: 'de',
        theme: 'system',
        photoMaxEdge: 2048,
        publishDrafts: 'auto',
        publishUploads: 16,
      },
    });
    await expect(invoke('settings:set', sender(APP_START_URL), { language: 'xx' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(call).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['a subframe of the app', sender(APP_START_URL, { url: APP_START_URL })],
    ['a foreign page', sender('https://evil.example/')],
    ['a look-alike host', sender('app://renderer.evil.example/index.html')],
    ['a file page', sender('file:///tmp/x.html')],
    ['a destroyed frame', { senderFrame: null } as unknown as IpcMainInvokeEvent],
  ])('answers forbidden to %s without reaching the router', async (_name, event) => {
    const { invoke, call } = bind();
    for (const channel of channelNames) {
      await expect(invoke(channel, event, { language: 'de' })).resolves.toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
    expect(call).not.toHaveBeenCalled();
    await expect(temp.app.router.call('settings:get', undefined)).resolves.toEqual({
      ok: true,
      value: {
        language: 'system',
        theme: 'system',
        photoMaxEdge: 2048,
        publishDrafts: 'auto',
        publishUploads: 16,
      },
    });
  });
});

describe('isTrustedSender', () => {
  it('asks the given predicate about the frame URL', () => {
    const predicate = vi.fn(() => true);
    expect(isTrustedSender(sender('http://localhost:5173/'), predicate)).toBe(true);
    expect(predicate).toHaveBeenCalledWith('http://localhost:5173/');
  });
});
