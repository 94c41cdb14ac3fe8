// Feeds as shared items (issue 37.3): a feed's settings (`feed`), its record of ads (`feed-items`)
// and its run reports (`feed-run`), each its own kind, so the database grades them apart (migration
// 5): settings are the owner's, records and reports a publish desk's. Secrets are in none of them.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FEED_SHARE_KINDS, type FeedsShared, type FeedShareKind } from '../../ports/feed-team';
import { shopFolder } from '../connection';
import type { ItemKind, Outbox, ShopMergePort } from '../sync';

/** The feeds' kinds of the sync engine. */
export function feedItems(deps: { feeds: () => FeedsShared; merge: ShopMergePort }): ItemKind[] {
  return FEED_SHARE_KINDS.map((kind): ItemKind => ({
    kind,
    read: (id) => deps.feeds().read(kind, id),
    apply: (id, make) => deps.feeds().receive(kind, id, make),
    merge(base, mine, theirs, who) {
      if (mine === undefined || theirs === undefined) return mine ?? theirs;
      // A report or a record of ads is written by the one desk that runs the feed: the newer wins.
      if (kind !== 'feed') return theirs;
      return deps.merge.record(base, mine, theirs, who);
    },
    ids: () => deps.feeds().ids(kind),
  }));
}

/** Marks a feed's item in the outbox (the feeds' `willWrite`); returns "landed". */
export function markFeeds(outbox: Outbox) {
  return (kind: FeedShareKind, id: string) => outbox.mark(kind, id);
}

const MOVED = 'feeds-shared';

/**
 * The upgrade of a desk that was in a shop before feeds were the team's: once, every feed of its
 * data folder, its record of ads and its run history are marked to go up (a feed another desk
 * changed meanwhile is merged as any item is). A desk that joins later sends them with its join.
 */
export async function shareFeedsOnce(
  dataDir: string,
  outbox: Outbox,
  feeds: FeedsShared,
  log: { info(message: string): void },
): Promise<void> {
  const marker = path.join(shopFolder(dataDir), MOVED);
  if (
    await readFile(marker, 'utf8').then(
      () => true,
      () => false,
    )
  )
    return;
  let count = 0;
  for (const kind of FEED_SHARE_KINDS)
    for (const id of await feeds.ids(kind)) {
      outbox.mark(kind, id)();
      count += 1;
    }
  await writeFile(marker, `${new Date().toISOString()}\n`);
  log.info(`shop: this desk's feeds (${count} items with their records and runs) go to the team`);
}
