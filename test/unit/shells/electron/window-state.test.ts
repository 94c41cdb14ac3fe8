import type { BrowserWindow, Rectangle } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WindowState } from '../../../../src/main/shells/electron/window-state';
import type { KeyValueStore } from '../../../../src/main/storage/store-factory';

const display = vi.hoisted(() => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }));
const getDisplayMatching = vi.hoisted(() => vi.fn((_rect: unknown) => display));
vi.mock('electron', () => ({ screen: { getDisplayMatching } }));

const { initialBounds, trackWindowState } = await import('../../../../src/main/shells/electron/window-state');

function memoryStore(initial: WindowState = {}): KeyValueStore<WindowState> {
  const store: WindowState = { ...initial };
  return {
    store,
    path: '/memory/window-state.json',
    set(key, value) {
      store[key] = value;
    },
  };
}

describe('initialBounds', () => {
  beforeEach(() => {
    display.workArea = { x: 0, y: 0, width: 1920, height: 1080 };
    getDisplayMatching.mockClear();
  });

  it('opens at 1200 x 800 the first time', () => {
    expect(initialBounds(memoryStore())).toEqual({ width: 1200, height: 800 });
    expect(getDisplayMatching).not.toHaveBeenCalled();
  });

  it('restores the remembered place when it is on a display', () => {
    const bounds: Rectangle = { x: 100, y: 50, width: 1000, height: 700 };
    expect(initialBounds(memoryStore({ bounds }))).toEqual(bounds);
    expect(getDisplayMatching).toHaveBeenCalledWith(bounds);
  });

  it('restores a place on a second display to the left', () => {
    display.workArea = { x: -1600, y: 0, width: 1600, height: 900 };
    const bounds: Rectangle = { x: -1500, y: 100, width: 800, height: 600 };
    expect(initialBounds(memoryStore({ bounds }))).toEqual(bounds);
  });

  it.each([
    { x: 5000, y: 100, width: 800, height: 600 },
    { x: 100, y: 3000, width: 800, height: 600 },
    { x: -900, y: 100, width: 800, height: 600 },
    { x: 100, y: -700, width: 800, height: 600 },
  ])('keeps only the size of a place off every display: %j', (bounds) => {
    const opened = initialBounds(memoryStore({ bounds }));
    expect(opened).toEqual({ width: 800, height: 600 });
    expect(opened).not.toHaveProperty('x');
  });
});

describe('trackWindowState', () => {
  it('saves the normal bounds and the maximized flag when the window closes', () => {
    const listeners = new Map<string, () => void>();
    const window = {
      on: (name: string, listener: () => void) => listeners.set(name, listener),
      getNormalBounds: () => ({ x: 10, y: 20, width: 900, height: 650 }),
      isMaximized: () => true,
    } as unknown as BrowserWindow;
    const store = memoryStore();
    trackWindowState(window, store);
    expect(store.store).toEqual({});
    listeners.get('close')!();
    expect(store.store).toEqual({ bounds: { x: 10, y: 20, width: 900, height: 650 }, maximized: true });
  });
});
