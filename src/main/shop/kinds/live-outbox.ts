// The outbox as the stores hold it from the start (issue 24.1): inert on a lone desk (no mark, no
// file, no shop folder), the desk's real outbox once it is in a shop, at start or from a join made
// while the app runs, and inert again after leaving. The stores so never need opening again.
import type { Outbox } from '../sync';

export interface LiveOutbox extends Outbox {
  /** Marks into `outbox` from now on; undefined: marks nothing (the desk works alone). */
  use(outbox: Outbox | undefined): void;
}

const landedAlready = () => undefined;

/** An outbox that marks nothing until `use` hands it the desk's real one. */
export function liveOutbox(outbox?: Outbox): LiveOutbox {
  let current = outbox;
  const listeners = new Set<() => void>();
  // Listeners outlive a switch: each one follows whichever outbox marks now.
  const detach = new Map<() => void, () => void>();
  const follow = (listener: () => void) => detach.set(listener, current?.onMark(listener) ?? landedAlready);
  return {
    use(next) {
      for (const off of detach.values()) off();
      detach.clear();
      current = next;
      for (const listener of listeners) follow(listener);
    },
    mark: (kind, id) => current?.mark(kind, id) ?? landedAlready,
    next: (skipped) => current?.next(skipped),
    has: (kind, id) => current?.has(kind, id) ?? false,
    marksOf: (kind, id) => current?.marksOf(kind, id) ?? [],
    remove: (marks) => current?.remove(marks),
    count: () => current?.count() ?? 0,
    onMark(listener) {
      listeners.add(listener);
      follow(listener);
      return () => {
        listeners.delete(listener);
        detach.get(listener)?.();
        detach.delete(listener);
      };
    },
  };
}
