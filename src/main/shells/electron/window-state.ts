// Remembers the window's size and place between launches (in window-state.json).
import type { BrowserWindow, Rectangle } from 'electron';
import { screen } from 'electron';
import type { KeyValueStore } from '../../storage/store-factory';

export type WindowState = { bounds?: Rectangle; maximized?: boolean } & Record<string, unknown>;

const DEFAULT_SIZE = { width: 1200, height: 800 };

/** The bounds to open with: the saved ones when they still fit on a display. */
export function initialBounds(
  store: KeyValueStore<WindowState>,
): Partial<Rectangle> & { width: number; height: number } {
  const saved = store.store.bounds;
  if (!saved) return DEFAULT_SIZE;
  const area = screen.getDisplayMatching(saved).workArea;
  const visible =
    saved.x < area.x + area.width &&
    saved.x + saved.width > area.x &&
    saved.y < area.y + area.height &&
    saved.y + saved.height > area.y;
  return visible ? saved : { width: saved.width, height: saved.height };
}

/** Saves the window's normal bounds whenever it closes. */
export function trackWindowState(window: BrowserWindow, store: KeyValueStore<WindowState>): void {
  window.on('close', () => {
    store.set('bounds', window.getNormalBounds());
    store.set('maximized', window.isMaximized());
  });
}
