// The renderer's typed client of the contract: unwraps envelopes into values or IpcErrors.
import type { BridgeApi } from '../../shared/ipc/api';
import type { EventOf, InputOf, OutputOf } from '../../shared/ipc/contract';
import { IpcError } from '../../shared/ipc/envelope';
import type { ChannelName, EventName } from '../../shared/ipc/names';
import { localizeWriteFailure } from './write-failure-text';

declare global {
  interface Window {
    api?: BridgeApi;
  }
}

function bridge(): BridgeApi {
  if (!window.api) throw new Error('The app bridge is missing.');
  return window.api;
}

/** Calls a contract channel; throws IpcError when main answers with an error. */
export async function call<C extends ChannelName>(
  channel: C,
  ...input: undefined extends InputOf<C> ? [InputOf<C>?] : [InputOf<C>]
): Promise<OutputOf<C>> {
  const result = await bridge().invoke(channel, input[0]);
  if (!result.ok) throw new IpcError(localizeWriteFailure(result.error));
  return result.value as OutputOf<C>;
}

/** Listens to a contract event; returns the function that stops listening. */
export function subscribe<E extends EventName>(
  event: E,
  listener: (payload: EventOf<E>) => void,
): () => void {
  return bridge().on(event, (payload) => listener(payload as EventOf<E>));
}
