// Key-value stores for accounts and settings. Electron uses electron-store; the web shell and
// tests use its engine conf. Same options, same JSON file; each shell injects its factory.
// conf writes through `atomically`, which syncs the temporary file before renaming it but not the
// folder after: `openStore` adds that, so a saved change survives a power cut.
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import { syncFolderSync, unreadableName } from './atomic-file';

export interface StoreOptions<T> {
  /** File name without `.json`. */
  name: string;
  /** Folder of the file (the app's data folder). */
  cwd: string;
  defaults: T;
}

export interface KeyValueStore<T> {
  readonly store: T;
  set<K extends keyof T & string>(key: K, value: T[K]): void;
  readonly path: string;
}

export type StoreFactory = <T extends Record<string, unknown>>(options: StoreOptions<T>) => KeyValueStore<T>;

/** The conf engine (plain Node). */
export const confStoreFactory: StoreFactory = <T extends Record<string, unknown>>(options: StoreOptions<T>) =>
  new Conf<T>({
    cwd: options.cwd,
    configName: options.name,
    defaults: options.defaults,
    projectName: 'listing-desk',
  }) as unknown as KeyValueStore<T>;

export interface OpenedStore<T> {
  store: KeyValueStore<T>;
  /** Set when the file did not parse: where the unreadable file was moved. */
  movedAside?: string;
}

/** Moves an unreadable `file` aside (durably); returns where it went. */
export function moveAsideSync(file: string, at: Date): string {
  const aside = unreadableName(file, at);
  renameSync(file, aside);
  syncFolderSync(path.dirname(file));
  return aside;
}

/** A store whose every change is synced into its folder once written. */
function durable<T>(store: KeyValueStore<T>, folder: string): KeyValueStore<T> {
  return {
    get store() {
      return store.store;
    },
    get path() {
      return store.path;
    },
    set(key, value) {
      store.set(key, value);
      syncFolderSync(folder);
    },
  };
}

/** Opens a store; a file that does not parse is moved aside (never silently reset) and reported. */
export function openStore<T extends Record<string, unknown>>(
  factory: StoreFactory,
  options: StoreOptions<T>,
  now = () => new Date(),
): OpenedStore<T> {
  try {
    return { store: durable(factory(options), options.cwd) };
  } catch (error) {
    const file = path.join(options.cwd, `${options.name}.json`);
    if (!(error instanceof SyntaxError) || !existsSync(file)) throw error;
    const aside = moveAsideSync(file, now());
    return { store: durable(factory(options), options.cwd), movedAside: aside };
  }
}
