// The web shell's stand-in for preload: the same `window.api`, carried over a WebSocket to the
// Node process. The launch token comes from the page's own address.
import type { BridgeApi } from '../../shared/ipc/api';
import type { Envelope } from '../../shared/ipc/envelope';
import type { ServerMessage } from '../../shared/ipc/socket-messages';
import { isChannelName, type EventName } from '../../shared/ipc/names';

const lost: Envelope<never> = {
  ok: false,
  error: {
    code: 'unavailable',
    message: 'The connection to Listing Desk was lost. Restart it and open the new address.',
  },
};

/** Opens the WebSocket and returns an api over it. */
export function createWebBridge(location: Location): BridgeApi {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const socket = new WebSocket(`ws://${location.host}/ipc?token=${encodeURIComponent(token)}`);
  const opened = new Promise<void>((resolve) =>
    socket.addEventListener('open', () => resolve(), { once: true }),
  );
  const pending = new Map<number, (result: Envelope<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let closed = false;

  socket.addEventListener('message', (message) => {
    const data = JSON.parse(String(message.data)) as ServerMessage;
    if ('id' in data) {
      pending.get(data.id)?.(data.result);
      pending.delete(data.id);
    } else {
      for (const listener of listeners.get(data.event) ?? []) listener(data.payload);
    }
  });
  socket.addEventListener('close', () => {
    closed = true;
    for (const resolve of pending.values()) resolve(lost);
    pending.clear();
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
      if (closed) return lost;
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, channel, input }));
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
