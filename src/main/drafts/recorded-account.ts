// Where the app recorded which account a draft was used with, for drafts stored without an account
// (see storage/drafts-account-upgrade.ts): its first publish job names the account it was created
// under, else the account whose last known listings hold the listing it is linked to.
import type { ListingView } from '../../shared/ipc/types';

/** The account the records name for the draft, if any. */
export async function recordedAccountOf(
  jobs: readonly { draftId: string; accountId: string }[],
  listings: { known(accountId: string): Promise<ListingView[]> },
  accounts: { state(): { accounts: { id: string }[] } },
  draftId: string,
  listingUuid: string | null,
): Promise<string | undefined> {
  // Jobs are listed oldest first: the first is the account the draft was first sent with.
  const job = jobs.find((j) => j.draftId === draftId);
  if (job) return job.accountId;
  if (listingUuid === null) return undefined;
  for (const { id } of accounts.state().accounts) {
    const known = await listings.known(id).catch(() => []);
    if (known.some((listing) => listing.uuid === listingUuid)) return id;
  }
  return undefined;
}
