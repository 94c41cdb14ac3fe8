// The one listener on reads of listings (issue 31.3): the publish jobs are told first and waited
// for, then the linked drafts follow one listing after the other, not waited for.
import { describe, expect, it, vi } from 'vitest';
import type { ListRead } from '../../../src/main/listings/ad-news';
import { followReads } from '../../../src/main/listings/listings-read';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import type { ListingView } from '../../../src/shared/ipc/types';
import { sampleListing } from '../../fixtures/listings';

const one = sampleListing({ uuid: 'one' });
const two = sampleListing({ uuid: 'two' });
const ads: ListRead = {
  accountId: 'A',
  askedAtMs: 0,
  listed: new Set(['one', 'two']),
  unreadable: [],
  states: new Map([['one', [{ uuid: 'P', requestedState: 'PAUSED', actualState: 'PAUSED', adId: 1 }]]]),
};

/** A follower whose every step is noted, and whose drafts wait until `letDraftsGo`. */
function followers(options: { jobsFail?: boolean } = {}) {
  const told: string[] = [];
  let letDraftsGo = (): void => undefined;
  const draftsMayGo = new Promise<void>((resolve) => (letDraftsGo = resolve));
  const log = { error: vi.fn() };
  const listener = followReads({
    jobs: {
      list: () => [] as PublishJobView[],
      async followAd(listingUuid) {
        told.push(`job ${listingUuid}`);
        if (options.jobsFail) throw new Error('disk full');
        return 1;
      },
    },
    async seen(accountId, listing: ListingView, readAt) {
      told.push(`draft ${listing.uuid} of ${accountId} read at ${readAt}`);
      await draftsMayGo;
      told.push(`draft ${listing.uuid} done`);
    },
    log,
  });
  return { told, letDraftsGo, listener, log };
}

describe('followReads', () => {
  it('tells the jobs first and waits for them, then the drafts one listing after the other', async () => {
    const { told, letDraftsGo, listener } = followers();
    await listener({ accountId: 'A', readAt: 5, changed: [one, two], ads });
    // The read is answered with the jobs told; the first draft has started, the second waits for it.
    expect(told).toEqual(['job one', 'draft one of A read at 5']);
    letDraftsGo();
    await vi.waitFor(() => expect(told).toHaveLength(5));
    expect(told.slice(2)).toEqual(['draft one done', 'draft two of A read at 5', 'draft two done']);
  });

  it('tells only the draft of a read of one listing', async () => {
    const { told, letDraftsGo, listener } = followers();
    await listener({ accountId: 'A', readAt: 7, changed: [two] });
    letDraftsGo();
    await vi.waitFor(() => expect(told).toEqual(['draft two of A read at 7', 'draft two done']));
  });

  it('still brings the change to the drafts when the jobs cannot be told, and says so', async () => {
    const { told, letDraftsGo, listener, log } = followers({ jobsFail: true });
    await listener({ accountId: 'A', readAt: 9, changed: [one], ads });
    letDraftsGo();
    await vi.waitFor(() => expect(told).toEqual(['job one', 'draft one of A read at 9', 'draft one done']));
    expect(log.error).toHaveBeenCalledWith('Could not tell the publish jobs of their ads', expect.any(Error));
  });
});
