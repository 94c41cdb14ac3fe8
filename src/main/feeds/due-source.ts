// Feeds that run by themselves (issue 25.6): a feed with `everyMinutes` that the seller has said yes
// to falls due that long after its last run. The runner claims each slot by its key, so a slot is
// run once whichever desk or worker takes it.
import type { DueSource, DueTask } from '../automation/due';
import type { Feed, FeedRun } from '../../shared/domain/feeds';
import type { FeedRuns } from './feed-runs';

/**
 * When the feed's next run falls due (epoch ms), or undefined when it does not run by itself: its
 * schedule's next slot, or sooner the moment a sale period of its file begins or ends (issue 35.2:
 * the kept copy is planned again then, even when the file did not change).
 */
export function feedSlot(feed: Feed, lastRun?: Pick<FeedRun, 'priceChangeAt'>): number | undefined {
  // Not approved: the first run waits for the seller's yes, whatever the schedule says.
  if (!feed.approved || feed.everyMinutes === undefined) return undefined;
  const from = Date.parse(feed.lastRunAt ?? feed.createdAt);
  const slot = from + feed.everyMinutes * 60_000;
  const priceChange = lastRun?.priceChangeAt === undefined ? NaN : Date.parse(lastRun.priceChangeAt);
  return Number.isNaN(priceChange) ? slot : Math.min(slot, priceChange);
}

/**
 * The DueSource of feeds: key `feed:<id>:<slot iso>`. `noteRun` keeps when a run began (ISO) on the
 * feed whatever came of it: a held run, or one whose file could not be read, applies nothing and so
 * moves no `lastRunAt` of its own, and the feed would stay on a slot already done, never due again.
 */
export function feedDueSource(
  feeds: () => Feed[],
  runs: Pick<FeedRuns, 'run'>,
  noteRun: (feedId: string, at: string) => Promise<void>,
  lastRun: (feedId: string) => Pick<FeedRun, 'priceChangeAt'> | undefined = () => undefined,
): DueSource {
  return {
    async due(now) {
      const tasks: DueTask[] = [];
      for (const feed of feeds()) {
        const slot = feedSlot(feed, lastRun(feed.id));
        if (slot === undefined || slot > now) continue;
        tasks.push({
          key: `feed:${feed.id}:${new Date(slot).toISOString()}`,
          kind: 'feed',
          dueAt: slot,
          label: feed.name,
          // The run's report (held, failed ads) is the seller's word of it; the log has it too.
          run: async () => {
            const at = new Date(now).toISOString();
            try {
              await runs.run(feed, 'schedule');
            } finally {
              await noteRun(feed.id, at);
            }
          },
        });
      }
      return tasks;
    },
    async next(now) {
      const slots = feeds()
        .map((feed) => feedSlot(feed, lastRun(feed.id)))
        .filter((slot): slot is number => slot !== undefined && slot > now);
      return slots.length === 0 ? undefined : Math.min(...slots);
    },
  };
}
