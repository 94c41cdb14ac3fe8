// Messages of the web shell's WebSocket, which carries the same contract as Electron's IPC.
import type { Envelope } from './envelope';

/** Renderer -> main: one contract call. */
export interface CallMessage {
  id: number;
  channel: string;
  input: unknown;
}

/** Main -> renderer: the answer to a call, or an event. */
export type ServerMessage = { id: number; result: Envelope<unknown> } | { event: string; payload: unknown };
