// Feeds on disk, under <dataDir>/feeds/:
//   <feedId>.json         the feed as the seller set it (feedSchema)
//   items/<feedId>.json   the feed's record of its ads, by reference
// Writes are atomic and durable; a file that does not parse is moved aside and reported, never reset.
// Feeds written before issue 35 are brought up to date once as they load (feed-upgrade.ts).
import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { feedSchema, type Feed, type FeedItem } from '../../shared/domain/feeds';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import { loadJsonFolder } from './json-folder';
import { createKeyedLock } from '../publish/pacing';
import { upgradeFeed, type FeedUpgradeDeps } from './feed-upgrade';
import type { FeedWillWrite } from '../ports/feed-team';

const itemSchema = z.object({
  reference: z.string(),
  draftId: z.string().optional(),
  listingUuid: z.string().optional(),
  state: z.enum(['active', 'paused', 'ended']),
  photos: z.array(z.string()).optional(),
  /** Photos of the row the last run could not fetch (issue 35.5): no change while the row names them. */
  missedPhotos: z.array(z.string()).optional(),
});
const itemsSchema = z.object({ feedId: z.string(), items: z.array(itemSchema) });

const FEED_FILE = /^([A-Za-z0-9-]{1,100})\.json$/;

export interface FeedStore {
  readonly dir: string;
  /** Files moved aside at open (or later), for the seller to look at. */
  readonly problems: readonly string[];
  list(): Feed[];
  get(id: string): Feed | undefined;
  save(feed: Feed): Promise<void>;
  remove(id: string): Promise<void>;
  items(id: string): Promise<FeedItem[]>;
  /** Takes ads into the record that it lacks (found by reference), in one write. */
  adopt(id: string, found: readonly FeedItem[]): Promise<void>;
  /** Changes the records of ads (`change` answers undefined: left as it is), in one write. */
  setItems(
    id: string,
    change: (reference: string, item: FeedItem | undefined) => FeedItem | undefined,
    references: readonly string[],
  ): Promise<void>;
  /** Another desk's version of a feed (undefined: removed) put in, unmarked (issue 37.3). */
  receiveFeed(id: string, make: (current: Feed | undefined) => Feed | undefined): Promise<void>;
  /** Another desk's record of a feed's ads put in, unmarked. */
  receiveItems(id: string, make: (current: FeedItem[] | undefined) => FeedItem[] | undefined): Promise<void>;
  /** Whether the feed's record of ads exists on this desk. */
  hasItems(id: string): Promise<boolean>;
}

/** Runs `write` with the item marked in the team's outbox first (no mark on a lone desk). */
export async function marked<T>(
  willWrite: FeedWillWrite | undefined,
  kind: Parameters<FeedWillWrite>[0],
  id: string,
  write: () => Promise<T>,
): Promise<T> {
  const landed = willWrite?.(kind, id);
  try {
    return await write();
  } finally {
    landed?.();
  }
}

/** Opens the feeds folder, loading every feed. */
export async function openFeedStore(
  dataDir: string,
  onProblem: (movedAside: string) => void,
  upgrade?: FeedUpgradeDeps,
  willWrite?: FeedWillWrite,
): Promise<FeedStore> {
  const dir = path.join(dataDir, 'feeds');
  const itemsDir = path.join(dir, 'items');
  const problems: string[] = [];
  const problem = (movedAside: string) => {
    problems.push(movedAside);
    onProblem(movedAside);
  };
  const feeds = await loadJsonFolder(dir, FEED_FILE, (value) => feedSchema.parse(value), problem);
  const writeFeed = (feed: Feed) =>
    writeFileAtomic(path.join(dir, `${feed.id}.json`), `${JSON.stringify(feed, null, 2)}\n`);
  if (upgrade)
    for (const [id, feed] of feeds) {
      const upgraded = await upgradeFeed(feed, upgrade);
      if (upgraded === feed) continue;
      await writeFeed(upgraded);
      feeds.set(id, upgraded);
    }
  const lock = createKeyedLock();
  const cache = new Map<string, FeedItem[]>();
  const itemsFile = (id: string) => path.join(itemsDir, `${id}.json`);
  const writeItems = async (id: string, items: FeedItem[]) => {
    await marked(willWrite, 'feed-items', id, () =>
      writeFileAtomic(itemsFile(id), JSON.stringify({ feedId: id, items })),
    );
    cache.set(id, items);
  };
  const readItems = async (id: string): Promise<FeedItem[]> => {
    const known = cache.get(id);
    if (known) return known;
    const read = await readJsonFile(itemsFile(id), (value) => itemsSchema.parse(value));
    if (read.state === 'unreadable') problem(read.movedAside);
    const items = read.state === 'ok' ? (read.value.items as FeedItem[]) : [];
    cache.set(id, items);
    return items;
  };
  return {
    dir,
    problems,
    list: () => [...feeds.values()].sort((a, b) => a.name.localeCompare(b.name)),
    get: (id) => feeds.get(id),
    async save(feed) {
      await marked(willWrite, 'feed', feed.id, () => writeFeed(feed));
      feeds.set(feed.id, feed);
    },
    async remove(id) {
      await marked(willWrite, 'feed', id, () => rm(path.join(dir, `${id}.json`), { force: true }));
      feeds.delete(id);
      await lock(id, () => marked(willWrite, 'feed-items', id, () => rm(itemsFile(id), { force: true })));
      cache.delete(id);
    },
    async receiveFeed(id, make) {
      const next = make(feeds.get(id));
      if (next === undefined) {
        await rm(path.join(dir, `${id}.json`), { force: true });
        feeds.delete(id);
        return;
      }
      const feed = feedSchema.parse({ ...next, id });
      await writeFeed(feed);
      feeds.set(id, feed);
    },
    receiveItems: (id, make) =>
      lock(id, async () => {
        const known = (await hasFile(itemsFile(id))) ? await readItems(id) : undefined;
        const next = make(known);
        if (next === undefined) {
          await rm(itemsFile(id), { force: true });
          cache.delete(id);
          return;
        }
        const items = itemsSchema.parse({ feedId: id, items: next }).items as FeedItem[];
        await writeFileAtomic(itemsFile(id), JSON.stringify({ feedId: id, items }));
        cache.set(id, items);
      }),
    hasItems: (id) => hasFile(itemsFile(id)),
    items: (id) => lock(id, async () => [...(await readItems(id))]),
    adopt: (id, found) =>
      lock(id, async () => {
        const items = await readItems(id);
        const known = new Set(items.map((item) => item.reference));
        const added = found.filter((item) => !known.has(item.reference));
        if (added.length === 0) return;
        await writeItems(id, [...items, ...added]);
      }),
    setItems: (id, change, references) =>
      lock(id, async () => {
        const items = await readItems(id);
        const byReference = new Map(items.map((item) => [item.reference, item]));
        let changed = false;
        for (const reference of references) {
          const next = change(reference, byReference.get(reference));
          if (next === undefined) continue;
          byReference.set(reference, next);
          changed = true;
        }
        if (!changed) return;
        await writeItems(id, [...byReference.values()]);
      }),
  };
}

const hasFile = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
