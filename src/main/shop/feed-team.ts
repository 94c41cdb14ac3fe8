// The team as the feeds see it (issue 37.3), over the desk's session of now: its role, the database's
// say on what the role may (a statement that asks it, refused in the seller's words), and the lease
// that lets one desk at a time run a feed. Undefined while the desk works alone.
import type { FeedTeam } from '../ports/feed-team';
import { FEED_SHARE_KINDS } from '../ports/feed-team';
import { isLinkDown, type ShopSession } from './connection';
import { SHOP_SCHEMA } from './schema';
import { ownStanding, roleRefusalError } from './status';
import { claimFeedLease, feedLease } from './claims';
import type { LeaseTiming } from './queue';
import type { ShopSync } from './sync';

const NEEDS = {
  'write-feeds': 'owner-grade',
  'run-feeds': 'publish',
  'approve-held': 'owner-grade',
} as const;

export function deskFeedTeam(options: {
  current(): { session: ShopSession; sync: ShopSync } | undefined;
  timing?: Partial<LeaseTiming>;
  log: { info(message: string): void; warn(message: string): void };
}): () => FeedTeam | undefined {
  return () => {
    const shop = options.current();
    if (!shop) return undefined;
    const { session, sync } = shop;
    const db = session.pool;
    return {
      async role() {
        return (await ownStanding(db)).role ?? undefined;
      },
      async assert(action) {
        const needed = NEEDS[action] === 'owner-grade' ? `${SHOP_SCHEMA}.owner_grade()` : `'publish'`;
        try {
          await db.query(`select ${SHOP_SCHEMA}.assert_grade(${needed}, $1)`, [action]);
        } catch (error) {
          const refused = roleRefusalError(error);
          if (refused) throw refused;
          // Offline: the database says no when the change goes up (and the log tells of it).
          if (isLinkDown(error)) return;
          throw error;
        }
      },
      async claim(feedId) {
        const deskId = session.membership.deskId;
        const timing = options.timing ?? {};
        const won = await claimFeedLease(db, feedId, deskId, timing.leaseMs ?? 60_000).catch(
          (error: unknown) => {
            throw roleRefusalError(error) ?? error;
          },
        );
        if ('heldBy' in won) return won;
        // What other desks wrote of the feed (its last report above all) is read before it runs.
        await sync.syncNow();
        return feedLease({
          db,
          feedId,
          fence: won.fence,
          timing,
          log: options.log,
          async reported(runIds) {
            await sync.syncNow();
            const waiting = [
              ...FEED_SHARE_KINDS.filter((kind) => kind !== 'feed-run').map((kind) => [kind, feedId]),
              ...runIds.map((id) => ['feed-run', id]),
            ];
            return waiting.every(([kind, id]) => !sync.outbox.has(kind!, id!));
          },
        });
      },
    };
  };
}
