// The app's settings (language, the photos' maximum edge, how much is published at once), kept in `settings.json` in the data folder.
import {
  languageSchema,
  photoMaxEdgeSchema,
  publishDraftsSchema,
  publishUploadsSchema,
} from '../../shared/ipc/contract';
import type { Settings } from '../../shared/ipc/types';
import { openStore, type StoreFactory } from './store-factory';

export interface SettingsService {
  get(): Settings;
  update(patch: Partial<Settings>): Settings;
  /** Set when the settings file did not parse at start and was moved aside. */
  readonly movedAside?: string;
}

// 2048 is what a marketplace shows, at a fraction of the bytes of a 12 MP photo (media/intake.ts).
// 4 drafts and 6 uploads at once keep a batch fast without flooding the service or the line.
const defaults: Settings = { language: 'system', photoMaxEdge: 2048, publishDrafts: 4, publishUploads: 6 };

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
    photoMaxEdge: photoMaxEdgeSchema.catch(defaults.photoMaxEdge).parse(store.store.photoMaxEdge),
    publishDrafts: publishDraftsSchema.catch(defaults.publishDrafts).parse(store.store.publishDrafts),
    publishUploads: publishUploadsSchema.catch(defaults.publishUploads).parse(store.store.publishUploads),
  });
  return {
    movedAside,
    get: read,
    update(patch) {
      if (patch.language !== undefined) store.set('language', patch.language);
      if (patch.photoMaxEdge !== undefined) store.set('photoMaxEdge', patch.photoMaxEdge);
      if (patch.publishDrafts !== undefined) store.set('publishDrafts', patch.publishDrafts);
      if (patch.publishUploads !== undefined) store.set('publishUploads', patch.publishUploads);
      return read();
    },
  };
}
