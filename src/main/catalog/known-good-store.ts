// The known-good store (issue 33.4): per account, one small file in the data folder
// (`known-good/<account>.json`), held in memory so that readiness and the refusal words ask it
// without waiting. It learns from the listings the app reads and from every create or update the
// service accepted. A desk in a shop keeps its own: each desk learns from the reads and writes it
// makes (and from the shop's shared view of the listings, which reaches it as a read).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { CatalogView } from '../../shared/domain/catalog';
import type { Log } from '../log/log';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import type { KnownGood, KnownGoodCategories } from './known-good';

export const KNOWN_GOOD_DIR = 'known-good';

const fileSchema = z.object({
  version: z.literal(1),
  categories: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
});

/** A listing as read from the service (its category may be a single segment). */
export interface ReadListing {
  uuid: string;
  category: string;
  attributes: Readonly<Record<string, string>>;
}

export interface KnownGoodStore extends KnownGood {
  /** Learns from listings read from the service; a single-segment category only where it is plain. */
  learnListings(accountId: string, listings: readonly ReadListing[]): void;
  /** Learns what the service accepted in a create or an update (the listing's path where known). */
  learnAccepted(
    accountId: string,
    accepted: { path: string; attributes?: Readonly<Record<string, string>> },
  ): void;
  /** The path a listing was last seen with (a read, a create or an update), once known. */
  pathOf(accountId: string, uuid: string): string | undefined;
  /** Remembers a listing's path (after a create, whose answer holds only the uuid). */
  notePath(accountId: string, uuid: string, path: string): void;
  /** The full path a category read back means: itself, or the one catalog path ending in its segment. */
  resolve(accountId: string, category: string, uuid?: string): string | undefined;
  /** The account's known-good categories and values. */
  of(accountId: string): KnownGoodCategories;
  /** Called with the account's id after it learned something new. */
  onChange(listener: (accountId: string) => void): () => void;
  /** Waits until every change is on disk. */
  flush(): Promise<void>;
}

export interface KnownGoodDeps {
  dataDir: string;
  /** The catalog in use (for the single-segment rule). */
  view(): CatalogView;
  log: Pick<Log, 'warn' | 'error'>;
}

type Values = Map<string, Set<string>>;

/** Opens the store: every account's file is read now (they are small). */
export async function openKnownGood(deps: KnownGoodDeps): Promise<KnownGoodStore> {
  const dir = path.join(deps.dataDir, KNOWN_GOOD_DIR);
  const byAccount = new Map<string, Map<string, Values>>();
  const paths = new Map<string, Map<string, string>>();
  const listeners = new Set<(accountId: string) => void>();
  const writes = new Map<string, Promise<void>>();
  const dirty = new Set<string>();
  const fileOf = (accountId: string) => path.join(dir, `${encodeURIComponent(accountId)}.json`);

  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, name);
    const read = await readJsonFile(file, (value) => fileSchema.parse(value)).catch((error: unknown) => {
      deps.log.error(`Could not read ${file}`, error);
      return undefined;
    });
    if (read?.state === 'unreadable')
      deps.log.warn(`A known-good file did not parse; moved aside to ${read.movedAside}`);
    if (read?.state !== 'ok') continue;
    const categories = new Map<string, Values>();
    for (const [category, keys] of Object.entries(read.value.categories))
      categories.set(category, new Map(Object.entries(keys).map(([key, values]) => [key, new Set(values)])));
    byAccount.set(decodeURIComponent(name.slice(0, -'.json'.length)), categories);
  }

  const serialize = (accountId: string): string => {
    const categories: KnownGoodCategories = {};
    for (const [category, keys] of byAccount.get(accountId) ?? [])
      categories[category] = Object.fromEntries([...keys].map(([key, values]) => [key, [...values].sort()]));
    return `${JSON.stringify({ version: 1, categories }, null, 1)}\n`;
  };
  // One write per account at a time; changes made meanwhile go out with the next one.
  const save = (accountId: string) => {
    if (dirty.has(accountId)) return;
    dirty.add(accountId);
    const previous = writes.get(accountId) ?? Promise.resolve();
    const next = previous.then(async () => {
      dirty.delete(accountId);
      await writeFileAtomic(fileOf(accountId), serialize(accountId)).catch((error: unknown) =>
        deps.log.error('Could not write what the service took', error),
      );
    });
    writes.set(accountId, next);
    for (const listener of listeners) listener(accountId);
  };

  /** Adds the path and values; true when anything was new. */
  const add = (accountId: string, at: string, attributes: Readonly<Record<string, string>> = {}): boolean => {
    const categories = byAccount.get(accountId) ?? new Map<string, Values>();
    byAccount.set(accountId, categories);
    let learned = false;
    let keys = categories.get(at);
    if (!keys) {
      keys = new Map();
      categories.set(at, keys);
      learned = true;
    }
    for (const [key, value] of Object.entries(attributes)) {
      if (key.trim() === '' || value.trim() === '') continue;
      const values = keys.get(key) ?? new Set<string>();
      keys.set(key, values);
      if (!values.has(value)) {
        values.add(value);
        learned = true;
      }
    }
    return learned;
  };

  const notePath = (accountId: string, uuid: string, full: string) => {
    const own = paths.get(accountId) ?? new Map<string, string>();
    paths.set(accountId, own);
    own.set(uuid, full);
  };

  const resolve = (accountId: string, category: string, uuid?: string): string | undefined => {
    const trimmed = category.trim();
    if (trimmed === '') return undefined;
    if (trimmed.includes('/')) return trimmed;
    // A single segment (the spec's response sample): the path this app saw the listing with, when it
    // ends so; else the catalog's one path ending in it. Two or none: nothing is learned.
    const seen = uuid === undefined ? undefined : paths.get(accountId)?.get(uuid);
    if (seen?.split('/').at(-1) === trimmed) return seen;
    const candidates = deps.view().pathsEndingIn(trimmed);
    return candidates.length === 1 ? candidates[0] : undefined;
  };

  return {
    category: (accountId, at) => byAccount.get(accountId)?.has(at.trim()) ?? false,
    value: (accountId, at, key, value) =>
      byAccount.get(accountId)?.get(at.trim())?.get(key)?.has(value) ?? false,
    learnListings(accountId, listings) {
      let learned = false;
      for (const listing of listings) {
        const full = resolve(accountId, listing.category, listing.uuid);
        if (full === undefined) continue;
        notePath(accountId, listing.uuid, full);
        learned = add(accountId, full, listing.attributes) || learned;
      }
      if (learned) save(accountId);
    },
    learnAccepted(accountId, accepted) {
      const at = accepted.path.trim();
      if (at !== '' && add(accountId, at, accepted.attributes)) save(accountId);
    },
    pathOf: (accountId, uuid) => paths.get(accountId)?.get(uuid),
    notePath,
    resolve,
    of(accountId) {
      return JSON.parse(serialize(accountId)).categories as KnownGoodCategories;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async flush() {
      await Promise.all([...writes.values()]);
    },
  };
}
