// Checks of issue 36.1 shared by the lone desk's and the shop's tests: what is on the service per
// draft (listings by the draft's reference, visible publications per listing), and waiting until
// every job's watch for late answers has ended (its history says so).
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceClient } from '../../../src/main/service-client';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { listingReference } from '../../../src/shared/domain/drafts/draft-requests';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';

/** The creates' timing of these tests: short, so that they stay fast (the rules are the same). */
export const LATE_TIMING = { requestTimeoutMs: 400, settleAfterTimeoutMs: 200 };

/** 3× the client's timeout plus its settling margin: well past the reconcile window. */
export const LATE_MS = 3 * (LATE_TIMING.requestTimeoutMs + LATE_TIMING.settleAfterTimeoutMs);

/** Per draft: its listings on the service, and per listing the publications not paused. */
export async function adsPerDraft(
  client: ServiceClient,
  drafts: readonly Draft[],
): Promise<{ draftId: string; listings: string[]; visible: Record<string, number> }[]> {
  const listings = await client.listListings();
  const out = [];
  for (const draft of drafts) {
    const mine = listings.filter((listing) => listing.customReference === listingReference(draft));
    const visible: Record<string, number> = {};
    for (const listing of mine) {
      const publications = await client.listPublications(listing.uuid);
      visible[listing.uuid] = publications.filter((item) => item.requestedState !== 'PAUSED').length;
    }
    out.push({ draftId: draft.id, listings: mine.map((listing) => listing.uuid), visible });
  }
  return out;
}

/** The history keys of a job, in order. */
export function historyKeys(job: PublishJobView | undefined): string[] {
  return (job?.history ?? []).map((entry) => entry.key);
}

/** Resolves once every job that lost a create's answer has ended its watch (the test's timeout bounds it). */
export async function watchesEnded(list: () => PublishJobView[]): Promise<void> {
  const open = () =>
    list().some((job) => {
      const keys = historyKeys(job);
      return keys.some((key) => key.endsWith('NoAnswer')) && !keys.includes('lateWatchEnded');
    });
  while (open()) await sleep(100);
}
