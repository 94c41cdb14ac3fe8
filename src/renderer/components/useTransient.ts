// One timing for every message that goes by itself: success and info messages end after a few
// seconds; errors (ms null) stay until dismissed. While the pointer is over the message or focus is
// in it, the time stands still, and it starts over when they leave, so a keyboard or screen reader
// user who went to the message to act on it is never left with a button that vanished.
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a success or info message stays. */
export const TRANSIENT_MS = 7_000;

/** Handlers that pause the message's time; spread them on the message's outer element. */
export interface TransientHandlers {
  onMouseEnter(): void;
  onMouseLeave(): void;
  onFocus(): void;
  onBlur(event: { currentTarget: EventTarget; relatedTarget: EventTarget | null }): void;
}

/**
 * Calls `onEnd` once the message has been shown `ms` without a pause (see the top of this file);
 * `ms` null never ends it. A new `key` (a new message in the same place) starts the time over.
 */
export function useTransient(ms: number | null, onEnd: () => void, key?: unknown): TransientHandlers {
  const end = useRef(onEnd);
  useEffect(() => {
    end.current = onEnd;
  });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (ms === null || paused) return;
    const timer = setTimeout(() => end.current(), ms);
    return () => clearTimeout(timer);
  }, [ms, paused, key]);

  return {
    onMouseEnter: useCallback(() => setHovered(true), []),
    onMouseLeave: useCallback(() => setHovered(false), []),
    onFocus: useCallback(() => setFocused(true), []),
    onBlur: useCallback((event: { currentTarget: EventTarget; relatedTarget: EventTarget | null }) => {
      // Focus moving between the message's own buttons keeps it paused.
      const to = event.relatedTarget;
      const inside =
        to instanceof Node && event.currentTarget instanceof Node && event.currentTarget.contains(to);
      if (!inside) setFocused(false);
    }, []),
  };
}
