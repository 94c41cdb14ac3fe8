// `status [--json]` (the publish jobs) and `listings [--json]` (the account's live listings).
import type { PublishJobView, PublishState } from '../../../shared/domain/publishing';
import type { ListingsState } from '../../../shared/ipc/types';
import { countDrafts, draftCountsText } from './draft-counts';
import type { Session } from '../session';
import { EXIT, jobStateText, localTime, table } from '../words';
import { offerValueLabel } from '../../../shared/domain/drafts';

const cut = (text: string, max = 50) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function jobJson(job: PublishJobView) {
  return {
    id: job.id,
    draftId: job.draftId,
    accountId: job.accountId,
    title: job.title,
    state: job.state,
    step: job.step,
    adId: job.adId,
    listingUuid: job.listingUuid,
    publicationUuid: job.publicationUuid,
    requestedState: job.requestedState,
    actualState: job.actualState,
    rejectionReason: job.rejectionReason,
    error: job.error && {
      problem: job.error.problem,
      title: job.error.title,
      detail: job.error.detail,
      whatToDo: job.error.whatToDo,
    },
    supersededBy: job.supersededBy ?? null,
    later: job.later ?? null,
    // In a shop: the desk that runs (or last ran) it, the one that pressed Publish, and whether it runs here.
    desk: job.desk ?? null,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/** `status [--json] [--account NAME]`: the drafts by state (all accounts', or the one named) and the publish jobs. */
export async function statusCommand(session: Session, json: boolean, oneAccount: boolean): Promise<number> {
  const account = oneAccount ? await session.account() : undefined;
  const drafts = await countDrafts(session, account?.id);
  const state = await session.call<PublishState>('publish:list');
  const jobs = [...state.jobs].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  if (json) {
    const scope = account ? { id: account.id, name: account.name } : null;
    session.out(
      JSON.stringify(
        { drafts: { account: scope, ...drafts }, jobs: jobs.map(jobJson), problems: state.problems },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }
  session.out(draftCountsText(drafts, session, account?.name));
  session.out('');
  if (jobs.length === 0) {
    session.out(session.words.noJobs);
    return EXIT.ok;
  }
  const rows = jobs.map((job) => [
    cut(jobStateText(job, session.language), 40),
    cut(job.title.trim() || session.words.untitled),
    job.adId === null ? '' : String(job.adId),
    job.draftId,
    localTime(job.updatedAt, session.language),
  ]);
  session.out(table(session.words.jobsHeader, rows));
  return EXIT.ok;
}

export async function listingsCommand(session: Session, json: boolean): Promise<number> {
  const [account, state] = await session.withAccount(
    async (account) =>
      [account, await session.call<ListingsState>('listings:list', { refresh: true })] as const,
  );
  const publications = (uuid: string) => state.extras?.[uuid]?.publications ?? [];
  if (state.problem) session.err(session.words.listingsStale(state.fetchedAt, state.problem.message));
  if (json) {
    session.out(
      JSON.stringify(
        {
          account: { id: account.id, name: account.name },
          fetchedAt: state.fetchedAt,
          problem: state.problem ?? null,
          listings: state.listings.map((listing) => ({
            ...listing,
            publications: publications(listing.uuid),
          })),
        },
        null,
        2,
      ),
    );
  } else if (state.listings.length === 0) {
    session.out(session.words.noListings);
  } else {
    const locale = session.language === 'de' ? 'de-DE' : 'en-GB';
    const rows = state.listings.map((listing) => {
      const pubs = publications(listing.uuid);
      return [
        cut(listing.title),
        `${listing.adPrice.amount.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} € ${offerValueLabel('priceType', listing.adPrice.type, session.language)}`,
        pubs.map((p) => p.actualState ?? p.requestedState ?? '').join(', '),
        pubs
          .map((p) => p.adId)
          .filter((id) => id !== null)
          .join(', '),
        listing.uuid,
      ];
    });
    session.out(table(session.words.listingsHeader, rows));
  }
  return state.problem ? EXIT.service : EXIT.ok;
}
