// The publish engine's options and its interface (engine.ts builds it).
import type {
  PublishJobView,
  PublishNotice,
  PublishStartResult,
  SettleRule,
} from '../../shared/domain/publishing';
import type { Backoff } from '../service-client/backoff';
import type { PublishAccounts } from './context';
import type { PublishClaims } from './claims';
import type { DraftsPort } from './drafts';
import type { JobProblem, AdNews } from './jobs';
import type { DraftLimit, EndTwiceOutcome } from './engine-parts';
import type { JobsListener } from './views';

import type { ActivityInput } from '../../shared/domain/activity';

export interface PublishEngineOptions {
  dataDir: string;
  drafts: DraftsPort;
  accounts: PublishAccounts;
  log: { info(message: string): void; error(message: string, error?: unknown): void };
  /**
   * Drafts published at once (default 'auto': as many as the accounts' paces take calls at once, see
   * engine-parts/draft-limit.ts) and uploads at once across them (default 16); read live.
   */
  limits?: { drafts?: DraftLimit | (() => DraftLimit); uploads?: number | (() => number) };
  /** Pauses before repeating a failed call: default 1 s doubling to 30 s (Retry-After wins). */
  backoff?: Partial<Backoff>;
  /** Reads of a publication until it settles: default 1 s doubling to 30 s. */
  tracking?: Partial<Backoff>;
  /** When a steady state needs the seller (30 s, 3 reads) and the slow check's interval (15 min). */
  settle?: Partial<SettleRule>;
  /**
   * The service clients' limit per request in ms (default: the client's, 30 s). A POST with no clear
   * answer is repeated only after looking for its effect until this plus `settleAfterTimeoutMs` has
   * passed since it was sent (see reconcile/reconcile.ts).
   */
  requestTimeoutMs?: number;
  /** Margin beyond the request timeout given to a service that may still be working (10 s). */
  settleAfterTimeoutMs?: number;
  /** Byte progress reaches listeners at most this often, in ms (default 100). */
  progressIntervalMs?: number;
  /** Called when an ad goes live or is rejected (the shells turn it into a notification). */
  onNotice?: (notice: PublishNotice) => void;
  /** Called with the ids of drafts whose status or remote the engine changed. */
  onDraftsChanged?: (ids: string[]) => void;
  /** Who may run a job (default: this desk, at once); a shop's lease in a shop. */
  claims?: PublishClaims;
  /**
   * The lone desktop's activity log (issue 37.5): a duplicate a job run here alone removed is
   * logged before its record is written (a team's is logged with the job's step).
   */
  activity?: { record(input: ActivityInput): Promise<void> };
  now?: () => Date;
  random?: () => number;
  newId?: () => string;
}

export type StartResult = PublishStartResult;
export type { EndTwiceOutcome };

export interface PublishEngine {
  /** Publishes drafts (each as a job working on a snapshot of the draft as it is now). */
  start(draftIds: readonly string[]): Promise<StartResult[]>;
  /** Stops a queued, running or failed job; false when there is nothing to cancel (e.g. tracking). */
  cancel(jobId: string): Promise<boolean>;
  /**
   * Runs a failed or cancelled job again from where it stopped; false when it cannot be. A job whose
   * publication may exist unseen ('publication-unknown') is retried only with `confirmDuplicateRisk`;
   * without it the answer is 'needs-confirmation'.
   */
  retry(jobId: string, confirm?: { confirmDuplicateRisk?: boolean }): Promise<boolean | 'needs-confirmation'>;
  /**
   * Ends a listing the service made twice for the job (its view's `madeTwice`): deleted, or left
   * without an ad where the service offers no deleting; null when the job has no such listing.
   */
  endTwice(jobId: string, listingUuid: string): Promise<EndTwiceOutcome | null>;
  /** Every job, oldest first. */
  list(): PublishJobView[];
  get(jobId: string): PublishJobView | undefined;
  /** Listens to changed jobs (byte progress throttled); returns the unsubscribe function. */
  onChange(listener: JobsListener): () => void;
  /** Resolves once no job is queued, running or tracking. */
  settled(): Promise<void>;
  /** The publications the engine's jobs made for a listing (each once, oldest job first). */
  publicationsOf(listingUuid: string): { publicationUuid: string; accountId: string; jobId: string }[];
  /**
   * Tracks a listing's publications again (all, or the one named) after a change that sends them
   * back through validation: their jobs go back to 'tracking' until actualState equals
   * requestedState. Resolves with the number of jobs now tracking.
   */
  retrack(listingUuid: string, publicationUuid?: string): Promise<number>;
  /** Follows a listing after its jobs (sold, paused, gone…); resolves with the number of jobs changed. */
  followAd(listingUuid: string, news: AdNews): Promise<number>;
  /** Reads every job that needs the seller now (the slow check); resolves with the number reopened. */
  checkSettled(): Promise<number>;
  /** Job files that could not be read at open (moved aside). */
  readonly problems: readonly JobProblem[];
  /** Stops every job where it stands (they resume at the next open) and finishes writing. */
  close(): Promise<void>;
}
