import type { Bulk } from '../../bulk';
import type { Handlers } from '../router';

type BulkChannels =
  | 'bulk:preview-drafts'
  | 'bulk:apply-drafts'
  | 'bulk:preview-listings'
  | 'bulk:start'
  | 'bulk:jobs'
  | 'bulk:retry'
  | 'bulk:dismiss';

/** The channels of bulk edits (issue 17.4). */
export type { BulkChannels };

/** Handlers of the bulk edit channels. */
export function bulkHandlers(bulk: Bulk): Pick<Handlers, BulkChannels> {
  return {
    'bulk:preview-drafts': async ({ ids, edit }) => ({ rows: await bulk.previewDrafts(ids, edit) }),
    'bulk:apply-drafts': ({ ids, edit }) => bulk.applyToDrafts(ids, edit),
    'bulk:preview-listings': async ({ uuids, edit }) => ({ rows: await bulk.previewListings(uuids, edit) }),
    'bulk:start': ({ uuids, edit }) => bulk.jobs.start(uuids, edit),
    'bulk:jobs': () => ({ jobs: bulk.jobs.list() }),
    'bulk:retry': ({ jobId, uuid }) => bulk.jobs.retry(jobId, uuid),
    'bulk:dismiss': async ({ jobId }) => {
      await bulk.jobs.dismiss(jobId);
      return { jobs: bulk.jobs.list() };
    },
  };
}
