// The app's settings (language for now), kept in `settings.json` in the data folder.
import { languageSchema } from '../../shared/ipc/contract';
import type { Settings } from '../../shared/ipc/types';
import { openStore, type StoreFactory } from './store-factory';

export interface SettingsService {
  get(): Settings;
  update(patch: Partial<Settings>): Settings;
  /** Set when the settings file did not parse at start and was moved aside. */
  readonly movedAside?: string;
}

const defaults: Settings = { language: 'system' };

/** Opens the settings of the data folder. */
export function createSettingsService(factory: StoreFactory, dataDir: string): SettingsService {
  const { store, movedAside } = openStore<Settings & Record<string, unknown>>(factory, {
    name: 'settings',
    cwd: dataDir,
    defaults: { ...defaults },
  });
  // A hand-edited value the app does not know falls back to the default instead of reaching the UI.
  const read = (): Settings => ({
    language: languageSchema.catch(defaults.language).parse(store.store.language),
  });
  return {
    movedAside,
    get: read,
    update(patch) {
      if (patch.language !== undefined) store.set('language', patch.language);
      return read();
    },
  };
}
