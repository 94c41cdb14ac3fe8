// Bulk edits (issue 17.4): of drafts (saved at once) and of live listings (a resumable job).
import pLimit from 'p-limit';
import type { BulkDraftsResult, BulkEdit, BulkRowPlan } from '../../shared/domain/bulk';
import { planListing } from '../../shared/domain/bulk';
import type { DraftsService } from '../drafts/drafts-service';
import type { LiveContext } from '../live/live-context';
import { liveProblem } from '../live/live-errors';
import type { BulkClaims } from './bulk-claims';
import { openBulkJobs, type BulkJobs } from './bulk-jobs';
import { applyToDrafts, previewDrafts } from './drafts-bulk';

/** The bulk edits of the app. */
export interface Bulk {
  jobs: BulkJobs;
  previewDrafts(ids: string[], edit: BulkEdit): Promise<BulkRowPlan[]>;
  applyToDrafts(ids: string[], edit: BulkEdit): Promise<BulkDraftsResult>;
  /** What the edit would do to each listing, as the service has it now. */
  previewListings(uuids: string[], edit: BulkEdit): Promise<BulkRowPlan[]>;
}

/** Builds the bulk edits and resumes the live jobs left unfinished. */
export async function openBulk(deps: {
  drafts: Pick<DraftsService, 'get' | 'saveFields'>;
  live: LiveContext;
  /** In a shop, where each live job runs (default: here, at once). */
  claims?: BulkClaims;
}): Promise<Bulk> {
  const jobs = await openBulkJobs(deps.live, deps.claims);
  return {
    jobs,
    previewDrafts: (ids, edit) => previewDrafts(deps.drafts, ids, edit),
    applyToDrafts: (ids, edit) => applyToDrafts(deps.drafts, ids, edit),
    async previewListings(uuids, edit) {
      const { accountId, client } = deps.live.clientOf();
      const limit = pLimit(4);
      return Promise.all(
        [...new Set(uuids)].map((uuid) =>
          limit(async (): Promise<BulkRowPlan> => {
            try {
              const listing = await client.getListing(uuid);
              await deps.live.remember(accountId, listing);
              const { plan, patch } = planListing(listing, edit);
              if (patch?.publication && deps.live.engine.publicationsOf(uuid).length === 0)
                return { ...plan, outcome: 'invalid', reason: 'no-publications' };
              return plan;
            } catch (error) {
              const appError = await deps.live.fail(accountId, uuid, error);
              return { id: uuid, title: '', outcome: 'invalid', changes: [], failure: liveProblem(appError) };
            }
          }),
        ),
      );
    },
  };
}
