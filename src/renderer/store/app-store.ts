// The frame's state: the current view, what main said about itself, and the settings.
import { create } from 'zustand';
import type { AppInfo, Settings, ViewName } from '../../shared/ipc/types';
import { call } from '../ipc/client';
import { useAccountsStore } from './accounts-store';

interface AppState {
  view: ViewName;
  info?: AppInfo;
  settings?: Settings;
  error?: string;
  navigate(view: ViewName): void;
  load(): Promise<void>;
  updateSettings(patch: Partial<Settings>): Promise<void>;
  setSettings(settings: Settings): void;
  dismissError(): void;
  /** Shows a failed action's message in the frame's error banner. */
  reportError(error: unknown): void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useAppStore = create<AppState>((set) => ({
  view: 'drafts',
  navigate: (view) => set({ view }),
  async load() {
    try {
      const [info, settings] = await Promise.all([call('app:info'), call('settings:get')]);
      set({ info, settings, error: undefined });
      await useAccountsStore.getState().load();
    } catch (error) {
      set({ error: message(error) });
    }
  },
  async updateSettings(patch) {
    try {
      set({ settings: await call('settings:set', patch) });
    } catch (error) {
      set({ error: message(error) });
    }
  },
  setSettings: (settings) => set({ settings }),
  dismissError: () => set({ error: undefined }),
  reportError: (error) => set({ error: message(error) }),
}));
