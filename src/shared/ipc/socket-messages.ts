// Messages of the web shell's WebSocket, which carries the same contract as Electron's IPC.
import type { Envelope } from './envelope';

/**
 * The largest message main takes from the page; a bigger one closes the socket with 1009. The
 * biggest the app sends are a photo's piece (PHOTO_CHUNK_BYTES of file, 4/3 of it as base64), a
 * drafts:save of a draft with long texts and its base (twice the fields: a few MB at worst) and
 * drafts:trash of 100,000 ids (4 MB).
 */
export const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Close codes of the web shell's socket (RFC 6455, section 7.4.1). */
export const socketCloseCodes = {
  /** A message that is not a contract call (binary, or not JSON with a numeric id). */
  unsupported: 1003,
  /** Text that is not valid UTF-8 (ws closes with it). */
  invalidData: 1007,
  /** A message over MAX_SOCKET_MESSAGE_BYTES (ws closes with it). */
  tooBig: 1009,
} as const;

/** Renderer -> main: one contract call. */
export interface CallMessage {
  id: number;
  channel: string;
  input: unknown;
}

/** Main -> renderer: the answer to a call, or an event. */
export type ServerMessage = { id: number; result: Envelope<unknown> } | { event: string; payload: unknown };
