// The shape of `window.api`, provided by preload in Electron and by the WebSocket bridge in the
// web shell. It carries envelopes; the renderer's client unwraps them.
import type { ChannelName, EventName } from './names';
import type { Envelope } from './envelope';

export interface BridgeApi {
  invoke(channel: ChannelName, input: unknown): Promise<Envelope<unknown>>;
  on(event: EventName, listener: (payload: unknown) => void): () => void;
  /** The file system path of a dropped file (Electron only; undefined in the web shell). */
  pathForFile?(file: File): string | undefined;
}
