// The ads of a new bulk job of live listings: each listing read as the service has it now and
// planned into an update of absolute values (so sending it again could not add 10 % twice).
import pLimit from 'p-limit';
import type { BulkEdit, BulkJobItem } from '../../shared/domain/bulk';
import { planListing } from '../../shared/domain/bulk';
import type { LiveContext } from '../live/live-context';
import { liveProblem } from '../live/live-errors';
import type { ServiceClient } from '../service-client';

/** Reads and plans each listing of `uuids` (four at a time) into the job's ads. */
export async function planJobItems(
  ctx: LiveContext,
  account: { accountId: string; client: ServiceClient },
  uuids: string[],
  edit: BulkEdit,
): Promise<BulkJobItem[]> {
  const { accountId, client } = account;
  const limit = pLimit(4);
  return Promise.all(
    [...new Set(uuids)].map((uuid) =>
      limit(async (): Promise<BulkJobItem> => {
        try {
          const listing = await client.getListing(uuid);
          await ctx.remember(accountId, listing);
          const { plan, patch } = planListing(listing, edit);
          // Location and imprint go to the publications the app made; one published elsewhere has none known.
          if (patch?.publication && ctx.engine.publicationsOf(uuid).length === 0)
            return {
              uuid,
              title: listing.title,
              state: 'invalid',
              changes: plan.changes,
              patch: null,
              reason: 'no-publications',
            };
          const state = plan.outcome === 'change' ? 'pending' : plan.outcome;
          return {
            uuid,
            title: listing.title,
            state,
            changes: plan.changes,
            patch,
            ...(plan.reason && { reason: plan.reason }),
          };
        } catch (error) {
          const appError = await ctx.fail(accountId, uuid, error);
          return {
            uuid,
            title: '',
            state: 'failed',
            changes: [],
            patch: null,
            failure: liveProblem(appError),
          };
        }
      }),
    ),
  );
}
