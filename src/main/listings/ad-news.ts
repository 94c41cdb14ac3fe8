// What a whole read of an account's listings tells the publish jobs of their ads (issue 23.5): the
// publications' states as the service gave them, and the ads no longer on the list (taken down
// elsewhere). The Publishing view then shows what became of each ad, not the word its job ended on.
import type { PublishJobView } from '../../shared/domain/publishing';
import type { PublicationStateView } from '../../shared/ipc/types';
import type { UnreadableListing } from '../../shared/service/listing';
import type { AdNews } from '../publish/jobs';

/** What the jobs are told through. */
export interface AdFollower {
  list(): PublishJobView[];
  followAd(listingUuid: string, news: AdNews): Promise<number>;
}

/** One successful read of an account's list. */
export interface ListRead {
  accountId: string;
  /** When the list was asked for (ms): a job that finished later may have a listing it did not see. */
  askedAtMs: number;
  listed: ReadonlySet<string>;
  unreadable: readonly UnreadableListing[];
  /** The states read from the service now (not those kept from before). */
  states: ReadonlyMap<string, PublicationStateView[]>;
}

/** Tells `jobs` what `read` says of their ads; resolves with the number of jobs changed. */
export async function tellJobs(jobs: AdFollower, read: ListRead): Promise<number> {
  let changed = 0;
  for (const [listingUuid, publications] of read.states) {
    for (const p of publications) {
      const { requestedState, actualState, adId } = p;
      changed += await jobs.followAd(listingUuid, {
        kind: 'states',
        publicationUuid: p.uuid,
        requestedState,
        actualState,
        adId,
      });
    }
  }
  // An item that could not be read and names no uuid may be any listing: none is called gone then.
  if (read.unreadable.some((item) => item.uuid === null)) return changed;
  const unreadable = new Set(read.unreadable.map((item) => item.uuid));
  const gone = new Set<string>();
  for (const job of jobs.list()) {
    const uuid = job.listingUuid;
    if (job.accountId !== read.accountId || uuid === null || job.state !== 'published') continue;
    if (read.listed.has(uuid) || unreadable.has(uuid) || Date.parse(job.updatedAt) >= read.askedAtMs)
      continue;
    gone.add(uuid);
  }
  for (const uuid of gone) changed += await jobs.followAd(uuid, { kind: 'gone' });
  return changed;
}
