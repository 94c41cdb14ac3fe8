// The hub of main -> renderer events; each shell subscribes once and forwards to its windows.
import type { EventName } from '../../shared/ipc/names';
import type { EventOf } from '../../shared/ipc/contract';

export type EventListener = (event: EventName, payload: unknown) => void;

export interface EventHub {
  emit<E extends EventName>(event: E, payload: EventOf<E>): void;
  subscribe(listener: EventListener): () => void;
}

/** Creates an event hub with no listeners. */
export function createEventHub(): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      for (const listener of listeners) listener(event, payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
