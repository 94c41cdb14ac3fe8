// A bulk edit of live listings as a job (issue 17.4): one file per run in the data folder, written
// after each ad, so a quit or crash resumes where it stopped and no ad is changed twice.
import type { ServiceProblem } from '../../service/service-problem';
import type { BulkChange, BulkEdit, BulkRowPlan, BulkSkipReason } from './bulk-edit';
import type { BulkListingPatch } from './bulk-edit-listings';

/**
 * 'pending': not started; 'sending': its update may be under way (after a restart the listing is
 * read back before anything is sent again); 'done'; 'failed' (see `failure`, can be retried);
 * 'same' and 'invalid': left out when the job was made (see `reason`).
 */
export type BulkItemState = 'pending' | 'sending' | 'done' | 'failed' | 'same' | 'invalid';

/** One listing of a bulk job. */
export interface BulkJobItem {
  uuid: string;
  title: string;
  state: BulkItemState;
  changes: BulkChange[];
  /** The update that carries out the edit, as absolute values. */
  patch: BulkListingPatch | null;
  reason?: BulkSkipReason;
  failure?: ServiceProblem;
  /** Location and imprint: the publications already changed. */
  publicationsDone?: string[];
  /** When the update was last sent (ISO). */
  sentAt?: string;
  /**
   * An approved request's pause (or resume) of the listing's publications (all it has when none are
   * named), or its end; sent instead of `patch` (issue 37.4).
   */
  action?: BulkItemAction;
  /**
   * An approved change's fields as the live ad had them when asked: an ad found with other values
   * (another desk changed it meanwhile) is left unchanged and failed ('changed-meanwhile').
   */
  expect?: BulkListingPatch;
}

/** What an approved request does to a live ad instead of an update. */
export type BulkItemAction =
  { kind: 'pause'; state: 'PAUSED' | 'RESUMED'; publications: string[] } | { kind: 'end'; sold: boolean };

/** A bulk job as stored and as the renderer sees it. */
export interface BulkJob {
  version: 1;
  id: string;
  accountId: string;
  createdAt: string;
  edit: BulkEdit;
  items: BulkJobItem[];
  /**
   * In a shop (as shown, never stored): the desk that runs (or last ran) the job, the one that
   * started it, whether it runs here, whether it waits for a desk holding the account's secret, and
   * whether it was started while the shop's database was out of reach and waits here to reach its queue.
   */
  desk?: { runner: string | null; requestedBy: string; here: boolean; waiting: boolean; unsent?: boolean };
}

/** 'running' while any ad is pending or sending. */
export function bulkJobRunning(job: BulkJob): boolean {
  return job.items.some((item) => item.state === 'pending' || item.state === 'sending');
}

/** The outcome of a bulk edit of drafts: each draft's plan, and how many were saved. */
export interface BulkDraftsResult {
  rows: BulkRowPlan[];
  /** Ids of the drafts saved. */
  saved: string[];
}
