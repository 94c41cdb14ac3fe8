// Carries contract calls and events over one WebSocket per page.
import type { WebSocket } from 'ws';
import type { CallMessage, ServerMessage } from '../../../shared/ipc/socket-messages';
import type { App } from '../../app';

function send(socket: WebSocket, message: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function parseCall(data: string): CallMessage | undefined {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return undefined;
    const { id, channel, input } = value as Record<string, unknown>;
    return typeof id === 'number' && Number.isSafeInteger(id)
      ? { id, channel: String(channel), input }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Serves one connected page: answers its calls through the router and forwards every event. */
export function serveSocket(socket: WebSocket, app: App): void {
  const unsubscribe = app.events.subscribe((event, payload) => send(socket, { event, payload }));
  socket.on('close', unsubscribe);
  socket.on('message', (data, isBinary) => {
    const call = isBinary ? undefined : parseCall(String(data));
    if (!call) {
      socket.close(1003, 'Malformed message');
      return;
    }
    void app.router.call(call.channel, call.input).then((result) => send(socket, { id: call.id, result }));
  });
}
