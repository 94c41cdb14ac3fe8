// What became of an ad after its job finished (issue 23.5). A job ends when its ad is live (or needs
// the seller), but the ad lives on: it is sold or deleted in Listings, paused and resumed, taken down
// elsewhere, or read later in another state. The Publishing view shows the job's last word on the
// ad, so the job follows that later life as the app learns it, instead of saying "Live" for ever.
import { stateMeaning } from '../../../shared/domain/publishing';
import type { AdLaterOutcome } from '../../../shared/domain/publishing';
import type { JobRecord } from './job-record';

/** What the app learned of a listing after its jobs. */
export type AdNews =
  /** Taken down in this app: as sold or plainly. */
  | { kind: 'deleted'; sold: boolean }
  /** Missing from the account's whole list as read from the service. */
  | { kind: 'gone' }
  /** A publication's states as just read from the service. */
  | {
      kind: 'states';
      publicationUuid: string;
      requestedState: string | null;
      actualState: string | null;
      adId: number | null;
    };

/** What a later read of the states says of the ad; undefined: nothing new (on its way somewhere). */
export function outcomeOfStates(
  requested: string | null,
  actual: string | null,
): AdLaterOutcome | null | undefined {
  if (actual === null) return undefined;
  const meaning = stateMeaning(actual);
  if (meaning === 'paused') return 'paused';
  if (actual === requested || (requested === null && meaning === 'live')) return null;
  if (meaning === 'rejected') return 'needs-seller';
  // In review, or live while a pause is on its way: it is moving, the next read tells.
  if (meaning === 'review' || meaning === 'live') return undefined;
  return 'needs-seller';
}

/**
 * Puts `news` of `listingUuid` into `record` when it is a finished job of that listing; true when
 * the record changed (then it is to be saved and shown). A job a later one took over is left alone.
 */
export function followAd(record: JobRecord, listingUuid: string, news: AdNews, at: string): boolean {
  if (record.listingUuid !== listingUuid || record.supersededBy !== null) return false;
  if (record.state !== 'published' && record.state !== 'rejected') return false;
  let outcome: AdLaterOutcome | null | undefined;
  if (news.kind === 'deleted') outcome = news.sold ? 'sold' : 'deleted';
  else if (news.kind === 'gone') {
    // Taken down here already says more than "gone".
    outcome = record.later?.outcome === 'sold' || record.later?.outcome === 'deleted' ? undefined : 'gone';
  } else {
    // A job that needs the seller has its own slow check; only a live ad's later states are news.
    if (record.state !== 'published' || record.publicationUuid !== news.publicationUuid) return false;
    const fresh = outcomeOfStates(news.requestedState, news.actualState);
    // Read with its listing: one thought gone is there after all.
    outcome = fresh !== undefined ? fresh : record.later?.outcome === 'gone' ? null : undefined;
    const moved = noteStates(record, news, at);
    return (outcome !== undefined && apply(record, outcome, at)) || moved;
  }
  return outcome === undefined ? false : apply(record, outcome, at);
}

// The states line of the job card shows the states as last read.
function noteStates(record: JobRecord, news: Extract<AdNews, { kind: 'states' }>, at: string): boolean {
  const tracking = record.tracking;
  if (!tracking) return false;
  const adId = news.adId ?? tracking.adId;
  const same =
    tracking.requestedState === news.requestedState &&
    tracking.actualState === news.actualState &&
    tracking.adId === adId;
  if (same) return false;
  const { requestedState, actualState } = news;
  record.tracking = { ...tracking, requestedState, actualState, adId, checkedAt: at };
  return true;
}

function apply(record: JobRecord, outcome: AdLaterOutcome | null, at: string): boolean {
  if ((record.later?.outcome ?? null) === outcome) return false;
  record.later = outcome === null ? null : { outcome, at };
  return true;
}

/** Puts `news` on every finished job of the listing and saves (and so shows) each one changed. */
export async function followAdOn<E extends { record: JobRecord }>(
  entries: Iterable<E>,
  listingUuid: string,
  news: AdNews,
  deps: {
    now(): Date;
    log: { info(message: string): void };
    closed(): boolean;
    persist(entry: E, announce: boolean): Promise<void>;
  },
): Promise<number> {
  let count = 0;
  for (const entry of [...entries]) {
    if (deps.closed() || !followAd(entry.record, listingUuid, news, deps.now().toISOString())) continue;
    await deps.persist(entry, true);
    count += 1;
  }
  if (count > 0) deps.log.info(`Listing ${listingUuid}: ${news.kind} news put on ${count} publish job(s)`);
  return count;
}
