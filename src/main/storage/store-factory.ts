// Key-value stores for accounts and settings. Electron uses electron-store; the web shell and
// tests use its engine conf. Same options, same JSON file; each shell injects its factory.
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Conf from 'conf';

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

/** Opens a store; a file that does not parse is moved aside (never silently reset) and reported. */
export function openStore<T extends Record<string, unknown>>(
  factory: StoreFactory,
  options: StoreOptions<T>,
  now = () => new Date(),
): OpenedStore<T> {
  try {
    return { store: factory(options) };
  } catch (error) {
    const file = path.join(options.cwd, `${options.name}.json`);
    if (!(error instanceof SyntaxError) || !existsSync(file)) throw error;
    const aside = `${file}.unreadable-${now().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, aside);
    return { store: factory(options), movedAside: aside };
  }
}
