// The one listener on reads of listings (issue 31.3). Every read the listings service makes (the
// account's whole list, one listing, what moved in the shop's view) is told here once, and this is
// the one place that tells the others, always in the same order: first the publish jobs learn what
// the whole list says of their ads (issue 23.5), then each listing the read found new or changed
// reaches its linked draft (issue 23.1). So the window hears of a read in one order: the list, the
// jobs (and their states on the list's rows), then the drafts. Before all, the categories and values
// the listings carry are learned as known good (issue 33.4).
import type { ListingView } from '../../shared/ipc/types';
import { tellJobs, type AdFollower, type ListRead } from './ad-news';

/** What one read of listings showed. */
export interface ListingsRead {
  accountId: string;
  /** When the read was asked for (performance.now()): an older read that arrives later is no live change. */
  readAt: number;
  /** The listings the read found new or changed. */
  changed: readonly ListingView[];
  /** Set by a read of the account's whole list: what it says of the publish jobs' ads. */
  ads?: ListRead;
  /** Set by a read of the account's whole list: every listing it holds, changed or not. */
  all?: readonly ListingView[];
}

/** The listener a read is told to; the read waits until it resolves. */
export type ListingsReadListener = (read: ListingsRead) => Promise<void>;

/** Whom a read is told to. */
export interface ReadFollowers {
  /** The publish jobs, told what became of their ads. */
  jobs: AdFollower;
  /** Takes a listing as read into its linked draft (the one way live changes reach it). */
  seen(accountId: string, listing: ListingView, readAt: number): Promise<void>;
  log: { error(message: string, error?: unknown): void };
  /** Learns the categories and values of the listings read (issue 33.4: what the service took). */
  learn?(accountId: string, listings: readonly ListingView[]): void;
}

/** The one listener on reads: the jobs first (waited for), then the linked drafts (not waited for). */
export function followReads(followers: ReadFollowers): ListingsReadListener {
  const { jobs, seen, log, learn } = followers;
  return async ({ accountId, readAt, changed, ads, all }) => {
    try {
      learn?.(accountId, all ?? changed);
    } catch (error) {
      log.error('Could not learn from a read of the listings', error);
    }
    // Waited for: a refresh answers once the Publishing view has the news.
    if (ads)
      await tellJobs(jobs, ads).catch((error: unknown) =>
        log.error('Could not tell the publish jobs of their ads', error),
      );
    // Not waited for, and one after the other: a photo added live is downloaded into its draft, and
    // neither the list nor a first read of a long one may wait for every draft's photos at once.
    void (async () => {
      for (const listing of changed) await seen(accountId, listing, readAt);
    })().catch((error: unknown) => log.error('The linked drafts could not take in a read', error));
  };
}
