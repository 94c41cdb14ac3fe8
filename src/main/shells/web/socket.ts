// Carries contract calls and events over one WebSocket per page. A socket that misbehaves (too
// big, malformed, broken) is closed alone: the process and the other pages go on.
import type { WebSocket } from 'ws';
import { socketCloseCodes, type CallMessage, type ServerMessage } from '../../../shared/ipc/socket-messages';
import type { App } from '../../app';
import { isClosedConnection } from './closed-connection';

/** Where a socket's failures are written. */
export interface SocketLog {
  error(message: string, error?: unknown): void;
  /** For what is worth knowing but is no failure (a page closed its connection). */
  debug?(message: string, fields?: Record<string, unknown>): void;
}

/** Logs `error` as a failure, or quietly when it only says that the page went away. */
export function logConnectionError(log: SocketLog, message: string, error: unknown): void {
  if (!isClosedConnection(error)) return log.error(message, error);
  log.debug?.(`${message}: the page closed its connection`, { code: (error as { code: string }).code });
}

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

/**
 * Serves one connected page: answers its calls through the router and forwards every event. While
 * the app is still opening, calls wait for it and are answered in the order they came.
 */
export function serveSocket(socket: WebSocket, app: App | Promise<App>, log: SocketLog): void {
  const ready = Promise.resolve(app);
  let unsubscribe = () => undefined as void;
  let closed = false;
  // Subscribed before any call is answered: these callbacks run in the order they were added.
  void ready.then(
    (opened) => {
      if (!closed)
        unsubscribe = opened.events.subscribe((event, payload) => send(socket, { event, payload }));
    },
    () => undefined,
  );
  socket.on('close', () => {
    closed = true;
    unsubscribe();
  });
  // ws has already closed the socket with the fitting code (1009 too big, 1002 protocol error,
  // 1007 invalid UTF-8); without this listener the error would end the process.
  socket.on('error', (error) =>
    logConnectionError(log, 'A page’s socket was closed after a bad message', error),
  );
  socket.on('message', (data, isBinary) => {
    const call = isBinary ? undefined : parseCall(String(data));
    if (!call) {
      log.error('A page’s socket sent a message that is not a contract call; it was closed');
      socket.close(socketCloseCodes.unsupported, 'Malformed message');
      return;
    }
    void ready
      .then((opened) => opened.router.call(call.channel, call.input))
      .then((result) => send(socket, { id: call.id, result }))
      .catch((error: unknown) =>
        logConnectionError(log, `Answering ${call.channel} over the socket failed`, error),
      );
  });
}
