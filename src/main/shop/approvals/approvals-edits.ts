// Bulk edits of live ads on a desk that must ask (issue 37.4): the preview reads each ad as this desk
// knows it (fresh where it holds the account's secret, else the team's shared view, as every live
// request does) and plans the edit as the bulk preview does; each ad the seller then asks for becomes
// one request carrying exactly the update its row showed. Nothing reaches the service from here.
import pLimit from 'p-limit';
import type { LiveAsk, LiveListingFields } from '../../../shared/domain/approvals';
import type { BulkEdit, BulkRowPlan } from '../../../shared/domain/bulk';
import { planEditAsk } from './approvals-live';

export interface EditAskDeps {
  readListing(accountId: string, uuid: string): Promise<LiveListingFields | undefined>;
  /** The row's failure for an ad this desk does not know, in the seller's words. */
  problem(uuid: string): { problem: string; message: string };
}

/** What the edit would ask for, ad by ad (four read at a time), in the order given. */
export async function previewEditAsks(
  deps: EditAskDeps,
  accountId: string,
  uuids: readonly string[],
  edit: BulkEdit,
): Promise<BulkRowPlan[]> {
  const limit = pLimit(4);
  return Promise.all(
    [...new Set(uuids)].map((uuid) =>
      limit(async (): Promise<BulkRowPlan> => {
        const listing = await deps.readListing(accountId, uuid).catch(() => undefined);
        if (!listing)
          return { id: uuid, title: '', outcome: 'invalid', changes: [], failure: deps.problem(uuid) };
        return planEditAsk(listing, edit, accountId).plan;
      }),
    ),
  );
}

/**
 * The ask of the edit for one ad, read now; 'nothing-changes' where it would change nothing, or the
 * plan's reason where the edit does not fit the ad (a price of 0, an invalid result, ...).
 */
export async function editAskOf(
  deps: EditAskDeps,
  accountId: string,
  uuid: string,
  edit: BulkEdit,
): Promise<LiveAsk | 'missing' | 'nothing-changes' | 'does-not-fit'> {
  const listing = await deps.readListing(accountId, uuid);
  if (!listing) return 'missing';
  const { plan, ask } = planEditAsk(listing, edit, accountId);
  if (ask) return ask;
  return plan.outcome === 'same' ? 'nothing-changes' : 'does-not-fit';
}
