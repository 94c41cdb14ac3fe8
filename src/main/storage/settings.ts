// The app's settings (language, light or dark, the photos' maximum edge, how much is published at
// once), kept in `settings.json` in the data folder.
import {
  languageSchema,
  photoMaxEdgeSchema,
  publishDraftsSchema,
  publishUploadsSchema,
  themeSchema,
} from '../../shared/ipc/contract';
import type { z } from 'zod';
import type { Settings } from '../../shared/ipc/types';
import type { FilePurpose } from '../../shared/domain/tables';
import { openStore, type StoreFactory } from './store-factory';

export interface SettingsService {
  get(): Settings;
  update(patch: Partial<Settings>): Settings;
  /** Set when the settings file did not parse at start and was moved aside. */
  readonly movedAside?: string;
  /** The folder last picked for `purpose` in a file dialog (issue 26.1), if any. */
  folder(purpose: FilePurpose): string | undefined;
  /** Remembers the folder picked for `purpose`. */
  remember(purpose: FilePurpose, folder: string): void;
}

// 2048 is what a marketplace shows, at a fraction of the bytes of a 12 MP photo (media/intake.ts).
// Drafts at once follow what the account's service takes ('auto', publish/engine-parts/draft-limit.ts:
// its pace slows down on the service's limits); 16 uploads at once match the account's most calls at
// once, so that a draft's photos go up together.
const defaults: Settings = {
  language: 'system',
  theme: 'system',
  photoMaxEdge: 2048,
  publishDrafts: 'auto',
  publishUploads: 16,
};
// The defaults before 'auto' and 16 (issue 38.1). As with the edge below, every settings file holds
// them, chosen or not: they count as chosen only once the seller picked a limit since.
const OLD_DEFAULT_LIMITS = { publishDrafts: 4, publishUploads: 6 } as const;
const CHOSEN_LIMITS = 'publishLimitsChosen';
// The default before 2048. Every settings file written before then holds it, chosen or not (the
// store writes its defaults into the file), so it counts as chosen only once the seller picked an
// edge since (CHOSEN_EDGE): otherwise the new default reaches those who never chose one.
const OLD_DEFAULT_EDGE = 4096;
const CHOSEN_EDGE = 'photoMaxEdgeChosen';
// Not part of Settings: the page never reads them, only main's dialogs do.
const LAST_FOLDERS = 'lastFolders';

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
    theme: themeSchema.catch(defaults.theme).parse(store.store.theme),
    photoMaxEdge: photoMaxEdgeOf(store.store),
    publishDrafts: limitOf(store.store, 'publishDrafts', publishDraftsSchema),
    publishUploads: limitOf(store.store, 'publishUploads', publishUploadsSchema),
  });
  const folders = (): Record<string, unknown> => {
    const stored = store.store[LAST_FOLDERS];
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  };
  return {
    movedAside,
    get: read,
    folder(purpose) {
      const folder = folders()[purpose];
      return typeof folder === 'string' && folder !== '' ? folder : undefined;
    },
    remember(purpose, folder) {
      store.set(LAST_FOLDERS, { ...folders(), [purpose]: folder });
    },
    update(patch) {
      if (patch.language !== undefined) store.set('language', patch.language);
      if (patch.theme !== undefined) store.set('theme', patch.theme);
      if (patch.photoMaxEdge !== undefined) {
        store.set('photoMaxEdge', patch.photoMaxEdge);
        store.set(CHOSEN_EDGE, true);
      }
      if (patch.publishDrafts !== undefined || patch.publishUploads !== undefined) {
        // Both are kept as read now: the one not changed stays what the seller saw.
        const shown = read();
        store.set('publishDrafts', patch.publishDrafts ?? shown.publishDrafts);
        store.set('publishUploads', patch.publishUploads ?? shown.publishUploads);
        store.set(CHOSEN_LIMITS, true);
      }
      return read();
    },
  };
}

/** A stored limit, the old default read as the new one unless the seller chose a limit since. */
function limitOf<K extends keyof typeof OLD_DEFAULT_LIMITS>(
  stored: Record<string, unknown>,
  key: K,
  schema: z.ZodType<Settings[K]>,
): Settings[K] {
  const value = schema.catch(defaults[key]).parse(stored[key]);
  return value === OLD_DEFAULT_LIMITS[key] && stored[CHOSEN_LIMITS] !== true ? defaults[key] : value;
}

/** The stored edge, the old default read as the new one unless the seller chose it. */
function photoMaxEdgeOf(stored: Record<string, unknown>): Settings['photoMaxEdge'] {
  const edge = photoMaxEdgeSchema.catch(defaults.photoMaxEdge).parse(stored.photoMaxEdge);
  return edge === OLD_DEFAULT_EDGE && stored[CHOSEN_EDGE] !== true ? defaults.photoMaxEdge : edge;
}
