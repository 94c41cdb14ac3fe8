// Preload: exposes the contract's channels and events as `window.api`, and the path of a dropped
// file. Never ipcRenderer itself, never a generic send.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { BridgeApi } from '../shared/ipc/api';
import { isChannelName, isEventName } from '../shared/ipc/names';

const api: BridgeApi = {
  invoke(channel, input) {
    if (!isChannelName(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'unknown-channel', message: `Unknown channel: ${String(channel)}` },
      });
    }
    return ipcRenderer.invoke(channel, input);
  },
  on(event, listener) {
    if (!isEventName(event)) throw new Error(`Unknown event: ${String(event)}`);
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => void ipcRenderer.removeListener(event, forward);
  },
  pathForFile(file) {
    return webUtils.getPathForFile(file) || undefined;
  },
};

contextBridge.exposeInMainWorld('api', api);
