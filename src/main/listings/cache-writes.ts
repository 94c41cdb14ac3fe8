// Writes of the listings cache files (listings-cache.ts). A burst of changes to one account's list
// (a feed updating fifty ads, each remembered as the service answered it) costs a few writes of the
// whole list instead of one each; writes of one file never overlap, so the newest state is always
// the one written last.
import type { ListingsState } from '../../shared/ipc/types';
import { writeFileAtomic } from '../storage/atomic-file';
import { groupedWrites } from '../storage/grouped-writes';

export interface CacheWrites {
  /** Writes the account's state (or a newer one given meanwhile); resolves once it is written. */
  write(accountId: string, state: ListingsState): Promise<void>;
  /** Resolves once no write is under way or waiting. */
  settled(): Promise<void>;
}

/** Cache writes to `fileOf(accountId)`; a write the disk refuses is logged (the cache only serves offline views). */
export function createCacheWrites(
  fileOf: (accountId: string) => string,
  log: { error(message: string, error?: unknown): void },
): CacheWrites {
  const unwritten = new Map<string, ListingsState>();
  const writers = new Map<string, () => Promise<void>>();
  const pending = new Set<Promise<void>>();
  const writerOf = (accountId: string) => {
    let writer = writers.get(accountId);
    if (!writer) {
      writer = groupedWrites(async () => {
        const next = unwritten.get(accountId);
        if (!next) return;
        unwritten.delete(accountId);
        const { fetchedAt, listings, unreadable, extras, publicationsFrom } = next;
        await writeFileAtomic(
          fileOf(accountId),
          JSON.stringify({ fetchedAt, listings, unreadable, extras, publicationsFrom }),
        ).catch((error: unknown) => log.error('Could not write the listings cache', error));
      });
      writers.set(accountId, writer);
    }
    return writer;
  };
  return {
    write(accountId, state) {
      unwritten.set(accountId, state);
      const written = writerOf(accountId)();
      pending.add(written);
      void written.finally(() => pending.delete(written));
      return written;
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
  };
}
