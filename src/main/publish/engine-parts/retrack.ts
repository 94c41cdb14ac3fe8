// Tracking a listing's publications again after a change that sends them back through validation
// (see PublishEngine.retrack).
import type { Entry } from './engine-entry';
import { isRetrackable } from '../jobs';

export interface RetrackDeps {
  persist(entry: Entry, announce: boolean): Promise<void>;
  startTracking(entry: Entry): void;
  closed(): boolean;
}

/** Puts the jobs of the listing's publications (all, or the one named) back to tracking; resolves with their number. */
export async function retrackOn(
  entries: Iterable<Entry>,
  listingUuid: string,
  publicationUuid: string | undefined,
  deps: RetrackDeps,
): Promise<number> {
  let count = 0;
  for (const entry of [...entries]) {
    const { record } = entry;
    if (deps.closed()) break;
    if (!isRetrackable(record, listingUuid, publicationUuid)) continue;
    if (record.state === 'tracking' && entry.task) {
      // The running reads may be far apart by now: start over, reading at once.
      entry.controller?.abort();
      await entry.task.catch(() => undefined);
      if (deps.closed()) break;
    }
    record.state = 'tracking';
    record.error = null;
    record.retracked = true;
    entry.waiting = null;
    entry.waits = 0;
    await deps.persist(entry, true);
    deps.startTracking(entry);
    count += 1;
  }
  return count;
}
