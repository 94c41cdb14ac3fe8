// How a run begins (issue 25.3): its report made from the plan (the ads it acts on, each with the
// row it sends, so a resumed run sends the same), and what the feed keeps of a run that applies:
// the ads the plan matched by reference, the header and mapping applied, the seller's yes.
import { randomUUID } from 'node:crypto';
import type { Feed, FeedItem } from '../../shared/domain/feeds';
import {
  type FeedRun,
  type FeedRunEntry,
  countActions,
  isApplied,
  mappingFor,
} from '../../shared/domain/feeds';
import type { ReadPlan } from './feed-planner';
import type { FeedStore } from './feed-store';

/** A new run's report, before its plan. */
export function newRun(feed: Feed, trigger: FeedRun['trigger'], startedAt: Date): FeedRun {
  return {
    id: randomUUID(),
    feedId: feed.id,
    feedName: feed.name,
    startedAt: startedAt.toISOString(),
    finishedAt: null,
    state: 'running',
    trigger,
    counts: countActions([]),
    failed: 0,
    held: [],
    entries: [],
  };
}

/** The report's entries of a plan: unchanged ads counted only; all held when the valve held it. */
export function runEntries(read: ReadPlan): FeedRunEntry[] {
  const held = read.plan.held.length > 0;
  return read.plan.entries
    .filter((entry) => entry.action !== 'unchanged')
    .map((entry) => {
      const row = entry.reference === null ? undefined : read.rows.get(entry.reference);
      const carries = entry.action === 'create' || entry.action === 'update' || entry.action === 'resume';
      return {
        ...entry,
        ...(row && carries && { source: { fields: row.fields, photos: row.photos } }),
        outcome: !isApplied(entry.action) ? 'done' : held ? 'held' : 'pending',
      };
    });
}

/** What the feed keeps once a run applies: the ads matched by reference, header, mapping, the yes. */
export async function keepApplied(feeds: FeedStore, feed: Feed, read: ReadPlan, run: FeedRun): Promise<void> {
  const { plan } = read;
  // Ads the plan matched by reference (a draft, a listing on the service) become the feed's: a row
  // of theirs that later goes is then paused or ended like any other.
  const matched = plan.entries.flatMap((e): FeedItem[] =>
    e.reference !== null && (e.draftId !== undefined || e.listingUuid !== undefined) && e.action !== 'refused'
      ? [
          {
            reference: e.reference,
            ...(e.draftId !== undefined && { draftId: e.draftId }),
            ...(e.listingUuid !== undefined && { listingUuid: e.listingUuid }),
            state: 'active',
          },
        ]
      : [],
  );
  await feeds.adopt(feed.id, matched);
  // The header and mapping applied are the ones later runs compare with.
  const mapping = mappingFor(plan.header, {
    mapping: read.mapping,
    mappedHeader: feed.mapping ? feed.header : null,
    referenceColumn: feed.referenceColumn,
    stockColumn: feed.stockColumn,
  });
  // The choice of variants applied: a later switch is shown in the plan and held if it ends many ads.
  await feeds.save({
    ...feed,
    approved: true,
    header: plan.header,
    mapping,
    lastRunAt: run.startedAt,
    variantsApplied: feed.variants ?? 'group',
  });
}
