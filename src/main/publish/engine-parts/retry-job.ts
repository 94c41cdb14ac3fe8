// The seller's Retry of a job that failed, was cancelled or was rejected (see PublishEngine.retry).
import type { DraftStatus } from '../../../shared/domain/drafts';
import type { AccountHold } from './account-hold';
import type { Entry } from './engine-entry';
import { type JobRecord, prepareRetry } from '../jobs';
import type { Owners } from '../reconcile';

export interface RetryDeps {
  hold: Pick<AccountHold, 'retry'>;
  /** The listings the engine's jobs hold (a retried job may give its listing up). */
  claimed: Owners;
  persist(entry: Entry, announce: boolean): Promise<void>;
  startTracking(entry: Entry): void;
  enqueue(entry: Entry): void;
  pump(): void;
  tell(record: JobRecord, status: DraftStatus): void;
  log: { info(message: string): void };
}

/** Runs the job again from where it stopped; false when it cannot be, 'needs-confirmation' when the seller must confirm a risk. */
export async function retryJob(
  entry: Entry,
  confirm: { confirmDuplicateRisk?: boolean } | undefined,
  deps: RetryDeps,
): Promise<boolean | 'needs-confirmation'> {
  const { record } = entry;
  if (deps.hold.retry(entry)) return true;
  // A rejected ad is read again (the seller may have fixed the listing on the service).
  const again = record.state === 'failed' || record.state === 'cancelled' || record.state === 'rejected';
  if (!again || record.supersededBy !== null) return false;
  // The ad may be online already and nothing can tell: only the seller may take that risk.
  if (record.error?.problem === 'publication-unknown' && confirm?.confirmDuplicateRisk !== true) {
    deps.log.info(`Publish job ${record.id}: Retry asks the seller to confirm the risk of a second ad`);
    return 'needs-confirmation';
  }
  deps.log.info(`Publish job ${record.id}: retried by the seller (${record.error?.problem ?? record.state})`);
  prepareRetry(record, deps.claimed);
  entry.waiting = null;
  entry.waits = 0;
  if (record.publicationUuid !== null) {
    record.state = 'tracking';
    await deps.persist(entry, true);
    deps.startTracking(entry);
  } else {
    deps.enqueue(entry);
    await deps.persist(entry, true);
    deps.pump();
  }
  deps.tell(record, 'publishing');
  return true;
}
