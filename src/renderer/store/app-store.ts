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

// A setting changed shows at once: the changes asked of main and not yet answered (oldest first)
// are shown over what main last said, so neither a slow answer nor main's event of an earlier change
// puts an older value back while the seller goes on (two quick arrow presses in a list end on the
// second). One that fails drops out, and what main said shows again with the error.
const unanswered = new Set<Partial<Settings>>();
let confirmed: Settings | undefined;
const shown = (): Settings | undefined =>
  confirmed && [...unanswered].reduce<Settings>((settings, patch) => ({ ...settings, ...patch }), confirmed);

export const useAppStore = create<AppState>((set) => ({
  view: 'drafts',
  navigate: (view) => set({ view }),
  async load() {
    try {
      // The settings are shown as they arrive, in turn with main's events: kept until main's info
      // came too, they could put back an older word over a change heard meanwhile.
      const settings = call('settings:get').then((settings) => {
        confirmed = settings;
        set({ settings: shown() });
      });
      const [info] = await Promise.all([call('app:info'), settings]);
      set({ info, error: undefined });
      await useAccountsStore.getState().load();
    } catch (error) {
      set({ error: message(error) });
    }
  },
  async updateSettings(patch) {
    const asked = { ...patch };
    unanswered.add(asked);
    set({ settings: shown() });
    try {
      confirmed = await call('settings:set', patch);
      unanswered.delete(asked);
      set({ settings: shown() });
    } catch (error) {
      unanswered.delete(asked);
      set({ settings: shown(), error: message(error) });
    }
  },
  setSettings(settings) {
    confirmed = settings;
    set({ settings: shown() });
  },
  dismissError: () => set({ error: undefined }),
  reportError: (error) => set({ error: message(error) }),
}));
