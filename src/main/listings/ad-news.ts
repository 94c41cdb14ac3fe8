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
  /** Only some listings' states (what moved in the shop's view): no ad is called gone from it. */
  partial?: boolean;
}

/** What moved in publications' states from `before` to `after` (per listing), as a partial read. */
export function statesMoved(
  accountId: string,
  before: Readonly<Record<string, { publications: PublicationStateView[] }>> | undefined,
  after: Readonly<Record<string, { publications: PublicationStateView[] }>> | undefined,
): ListRead | undefined {
  const states = new Map<string, PublicationStateView[]>();
  for (const [uuid, extras] of Object.entries(after ?? {})) {
    if (JSON.stringify(before?.[uuid]?.publications) !== JSON.stringify(extras.publications))
      states.set(uuid, extras.publications);
  }
  if (states.size === 0) return undefined;
  return { accountId, askedAtMs: Date.now(), listed: new Set(), unreadable: [], states, partial: true };
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
  if (read.partial || read.unreadable.some((item) => item.uuid === null)) return changed;
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
