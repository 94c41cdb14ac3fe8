// What follows a job's tracking in the engine: its end written and told (published or rejected),
// its photos dropped and older jobs of the draft superseded once published; the engine counts as
// settled from then on, while the job may go on watching for late answers (steps/late-answers.ts).
import type { DraftRemote, DraftStatus } from '../../../shared/domain/drafts';
import { type JobRecord, remoteOf, supersedeOutdated } from '../jobs';
import type { JobStore } from '../jobs';
import type { Entry } from './engine-entry';

export interface TrackedDeps {
  entries: Map<string, Entry>;
  store: Pick<JobStore, 'dropPhotos'>;
  persist(entry: Entry, announce?: boolean): Promise<void>;
  tell(record: JobRecord, status: DraftStatus, remote?: DraftRemote): void;
  notify(record: JobRecord): void;
  log: { info(message: string): void; error(message: string, error?: unknown): void };
  /** Tells those waiting for the engine to settle: the watch for late answers that may follow is not waited for. */
  checkSettled(): void;
}

/** Writes and tells how the tracking of `entry` ended. */
export async function tracked(
  entry: Entry,
  outcome: 'settled' | 'rejected',
  deps: TrackedDeps,
): Promise<void> {
  const { record } = entry;
  record.state = outcome === 'settled' ? 'published' : 'rejected';
  await deps.persist(entry, true);
  deps.tell(record, outcome === 'settled' ? 'published' : 'failed', remoteOf(record));
  deps.notify(record);
  if (outcome === 'settled') {
    await deps.store.dropPhotos(record.id);
    await supersedeOutdated(deps.entries.values(), deps.persist, deps.log);
  }
  deps.checkSettled();
}
