// The sticky header's height as a CSS variable (--editor-head-height) on the editor, so that a
// control brought into view (focus, a photo moved) stops below the header, however tall it is at
// this window size (issue 26.7). The header wraps at narrow widths, so a fixed margin is not enough.
import { useCallback, useRef } from 'react';

/** A ref callback for the editor's element: keeps --editor-head-height up to date while mounted. */
export function useHeadHeight(): (element: HTMLElement | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    const head = element?.querySelector<HTMLElement>('.editor-head');
    if (!element || !head) return;
    const measure = () =>
      element.style.setProperty(
        '--editor-head-height',
        `${Math.ceil(head.getBoundingClientRect().height)}px`,
      );
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(head);
  }, []);
}
