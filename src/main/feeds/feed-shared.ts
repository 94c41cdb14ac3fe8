// The feeds as the team's sync reads and writes them (issue 37.3): a feed's settings (`feed`), its
// record of ads (`feed-items`) and its run reports (`feed-run`, by run id). What another desk wrote
// goes through the stores' own receive functions, which mark nothing in the outbox.
import type { Feed, FeedItem, FeedRun } from '../../shared/domain/feeds';
import type { FeedsShared } from '../ports/feed-team';
import type { FeedStore } from './feed-store';
import type { RunStore } from './run-store';

export function feedsShared(deps: {
  feeds: FeedStore;
  runs: RunStore;
  onChange(feedId: string): void;
}): FeedsShared {
  const { feeds, runs } = deps;
  return {
    async read(kind, id) {
      if (kind === 'feed') return feeds.get(id);
      if (kind === 'feed-items') return (await feeds.hasItems(id)) ? feeds.items(id) : undefined;
      // A copy: the store keeps a running run itself, which goes on changing after this read.
      const run = runs.get(id);
      return run && structuredClone(run);
    },
    async receive(kind, id, make) {
      if (kind === 'feed') {
        await feeds.receiveFeed(id, (current) => make(current) as Feed | undefined);
        deps.onChange(id);
      } else if (kind === 'feed-items') {
        await feeds.receiveItems(id, (current) => make(current) as FeedItem[] | undefined);
      } else {
        let feedId = runs.get(id)?.feedId;
        await runs.receive(id, (current) => {
          const next = make(current && structuredClone(current)) as FeedRun | undefined;
          feedId = next?.feedId ?? feedId;
          return next;
        });
        if (feedId !== undefined) deps.onChange(feedId);
      }
    },
    async ids(kind) {
      if (kind === 'feed-run') return runs.list().map((run) => run.id);
      const all = feeds.list().map((feed) => feed.id);
      if (kind === 'feed') return all;
      const kept = await Promise.all(all.map((id) => feeds.hasItems(id)));
      return all.filter((_id, i) => kept[i]);
    },
  };
}
