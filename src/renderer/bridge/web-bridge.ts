// The web shell's stand-in for preload: the same `window.api`, carried over a WebSocket to the
// Node process. The launch token comes from the page's own address.
import i18next from 'i18next';
import type { BridgeApi } from '../../shared/ipc/api';
import type { Envelope } from '../../shared/ipc/envelope';
import {
  MAX_SOCKET_MESSAGE_BYTES,
  socketCloseCodes,
  type ServerMessage,
} from '../../shared/ipc/socket-messages';
import { isChannelName, type EventName } from '../../shared/ipc/names';
import { useConnectionStore, type ConnectionLoss } from './connection-store';

// In the seller's language once i18n runs; the first calls (app:info) come before it does.
const words = {
  lost: 'The connection to Listing Desk was lost. If Listing Desk still runs, reload the page; else restart it and open the new address.',
  'too-big':
    'A message to Listing Desk was too large, so Listing Desk closed the connection. Reload the page to go on.',
  callTooBig: 'This is too large to send to Listing Desk in one piece. Make it smaller and try again.',
};

const say = (key: keyof typeof words) =>
  i18next.isInitialized ? i18next.t(`connection.${key}`) : words[key];

function failure(loss: ConnectionLoss): Envelope<never> {
  return { ok: false, error: { code: 'unavailable', message: say(loss) } };
}

// UTF-8 takes at most 3 bytes per UTF-16 unit; only long texts need counting exactly.
function tooBig(text: string): boolean {
  if (text.length * 3 <= MAX_SOCKET_MESSAGE_BYTES) return false;
  return new TextEncoder().encode(text).byteLength > MAX_SOCKET_MESSAGE_BYTES;
}

// What the bridge uses of the browser's WebSocket, so that it also runs under plain Node.
interface PageSocket {
  send(data: string): void;
  addEventListener(type: 'open', listener: () => void, options?: { once: boolean }): void;
  addEventListener(
    type: 'close',
    listener: (event: { code: number }) => void,
    options?: { once: boolean },
  ): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
type PageSocketClass = new (url: string) => PageSocket;

/** Opens the WebSocket to the page's own host and returns an api over it. */
export function createWebBridge(location: { host: string; search: string }): BridgeApi {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const Socket = (globalThis as unknown as { WebSocket: PageSocketClass }).WebSocket;
  const socket = new Socket(`ws://${location.host}/ipc?token=${encodeURIComponent(token)}`);
  const opened = new Promise<void>((resolve) =>
    socket.addEventListener('open', () => resolve(), { once: true }),
  );
  const pending = new Map<number, (result: Envelope<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let closed: ConnectionLoss | null = null;

  socket.addEventListener('message', (message) => {
    const data = JSON.parse(String(message.data)) as ServerMessage;
    if ('id' in data) {
      pending.get(data.id)?.(data.result);
      pending.delete(data.id);
    } else {
      for (const listener of listeners.get(data.event) ?? []) listener(data.payload);
    }
  });
  socket.addEventListener('close', (event) => {
    closed = event.code === socketCloseCodes.tooBig ? 'too-big' : 'lost';
    for (const resolve of pending.values()) resolve(failure(closed));
    pending.clear();
    useConnectionStore.getState().setLost(closed);
  });

  return {
    async invoke(channel, input) {
      if (!isChannelName(channel)) {
        return {
          ok: false,
          error: { code: 'unknown-channel', message: `Unknown channel: ${String(channel)}` },
        };
      }
      await Promise.race([
        opened,
        new Promise((resolve) => socket.addEventListener('close', resolve, { once: true })),
      ]);
      if (closed) return failure(closed);
      const id = nextId++;
      const text = JSON.stringify({ id, channel, input });
      // Main would close the socket for it, failing every other call too: refuse this one alone.
      if (tooBig(text)) {
        return { ok: false, error: { code: 'invalid-input', message: say('callTooBig') } };
      }
      return new Promise((resolve) => {
        pending.set(id, resolve);
        socket.send(text);
      });
    },
    on(event: EventName, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => void set.delete(listener);
    },
  };
}
