// In a shop, jobs reach the engine from the shop's queue as well as from its own Publish: a job
// claimed from the shop is adopted (run here from where the shop's copy stands, which makes a
// takeover start by reconciling, as after a crash), and a job of this desk that another desk runs
// is mirrored (its record follows the shop's, and its draft and notice follow its end).
import type { DraftRemote, DraftStatus } from '../../../shared/domain/drafts';
import { isOpenJobState } from '../../../shared/domain/publishing';
import type { ClaimedJobs, JobClaim } from '../claims';
import type { Entry } from './engine-entry';
import { type JobRecord, remoteOf } from '../jobs';

export interface ClaimedJobsDeps {
  entries: ReadonlyMap<string, Entry>;
  /** Makes (or refreshes) the engine's entry of `record`. */
  add(record: JobRecord): Entry;
  save(record: JobRecord): Promise<void>;
  photoPath(jobId: string, name: string): string;
  /** Lets go of the job's photo copies (its ad is online: nothing reads them again). */
  dropPhotos(jobId: string): Promise<void>;
  changed(jobId: string): void;
  run(entry: Entry): void;
  startTracking(entry: Entry): void;
  tell(record: JobRecord, status: DraftStatus, remote?: DraftRemote): void;
  notify(record: JobRecord): void;
  checkSettled(): void;
  /** Drafts published at once on this desk. */
  limit(): number;
  closed(): boolean;
}

const ENDED: Partial<Record<JobRecord['state'], DraftStatus>> = {
  published: 'published',
  rejected: 'failed',
  failed: 'failed',
  cancelled: 'draft',
};

/** The engine's side of the shop's queue. */
export function claimedJobs(deps: ClaimedJobsDeps): ClaimedJobs {
  const busy = (entry: Entry | undefined) =>
    entry !== undefined && (entry.claim !== null || entry.task !== null);
  return {
    async adopt(record: JobRecord, claim: JobClaim) {
      if (deps.closed() || busy(deps.entries.get(record.id)) || !isOpenJobState(record.state)) {
        await claim.release(record);
        return;
      }
      const entry = deps.add(record);
      entry.claim = claim;
      await deps.save(record);
      deps.changed(record.id);
      if (record.state === 'tracking') deps.startTracking(entry);
      else deps.run(entry);
    },
    photoPath: (jobId, name) => deps.photoPath(jobId, name),
    room() {
      let running = 0;
      for (const entry of deps.entries.values())
        if (entry.claim !== null && entry.record.state !== 'tracking') running += 1;
      return Math.max(0, deps.limit() - running);
    },
    async joined(jobId: string, existingId: string) {
      const entry = deps.entries.get(jobId);
      if (!entry || busy(entry) || !isOpenJobState(entry.record.state)) return;
      // As if the seller had pressed Publish once the link was back: the press joins the draft's
      // job (its runner publishes the draft, and the draft's state follows it from the shop).
      const record: JobRecord = { ...entry.record, state: 'cancelled', supersededBy: existingId };
      deps.add(record);
      await deps.save(record);
      deps.changed(jobId);
    },
    async mirror(shop: JobRecord, theirs = false) {
      const entry = deps.entries.get(shop.id);
      if (!entry || busy(entry)) return;
      // A copy read before this desk last wrote the job (it ran it itself) is older than its own.
      // One another desk wrote is newer, even when that desk's clock is behind this one's.
      if (!theirs && shop.updatedAt <= entry.record.updatedAt) return;
      if (theirs && JSON.stringify(shop) === JSON.stringify(entry.record)) return;
      const was = entry.record.state;
      // What this desk learned of the ad since (paused, sold: later-life.ts) is not in the runner's copy.
      const record: JobRecord = structuredClone(shop);
      if (record.later === undefined && entry.record.later) record.later = entry.record.later;
      deps.add(record);
      await deps.save(record);
      // Another desk published it: this desk's copies of its photos are not needed (as tracked.ts).
      if (record.state === 'published' && was !== 'published') await deps.dropPhotos(record.id);
      deps.changed(record.id);
      const status = ENDED[record.state];
      if (was !== record.state && status) {
        deps.tell(record, status, record.state === 'published' ? remoteOf(record) : undefined);
        // A failure is told too: the seller who pressed Publish here did not watch it run there.
        if (record.state === 'published' || record.state === 'rejected' || record.state === 'failed')
          deps.notify(record);
      }
      deps.checkSettled();
    },
  };
}
