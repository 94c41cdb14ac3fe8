// The making of a batch's jobs (batch-start.ts): a new job of each draft on disk, the draft's open
// job, or why the draft cannot be published; and the undoing of a job made but not taken on.
import { isOpenJobState, type PublishStartResult as StartResult } from '../../../shared/domain/publishing';
import type { PublishClaims } from '../claims';
import { jobError, type PublishAccounts } from '../context';
import { createJob, type DraftsPort } from '../drafts';
import type { JobRecord, JobStore } from '../jobs';
import type { Entry } from './engine-entry';

export interface MakeJobsDeps {
  /** The engine's options (PublishEngineOptions) this needs. */
  options: {
    dataDir: string;
    drafts: DraftsPort;
    accounts: PublishAccounts;
    log: { error(message: string, error?: unknown): void };
  };
  entries: Map<string, Entry>;
  claims: PublishClaims;
  store: JobStore;
  now: () => Date;
  newId: () => string;
  persist(entry: Entry, announce?: boolean): Promise<void>;
}

/** makeOne and unmake of a batch (see startBatch). */
export function jobMaker(deps: MakeJobsDeps) {
  const { options, entries, claims, store, now, persist } = deps;
  // A new job of the draft on disk (or the draft's open job, or why it cannot be published).
  const makeOne = async (draftId: string): Promise<StartResult | JobRecord> => {
    const jobs = [...entries.values()].filter((entry) => entry.record.draftId === draftId);
    const open = jobs.find((entry) => isOpenJobState(entry.record.state));
    const queuedBy = open && claims.queuedBy?.(open.record.id);
    if (open) return { draftId, jobId: open.record.id, ...(queuedBy && { queuedBy }) };
    const made = await createJob({
      id: deps.newId(),
      draftId,
      earlier: jobs.map((entry) => entry.record),
      drafts: options.drafts,
      accounts: options.accounts,
      store,
      dataDir: options.dataDir,
      now: now(),
      log: options.log,
      async supersede(previousId, by) {
        const previous = entries.get(previousId);
        if (!previous) return;
        previous.record.supersededBy = by;
        if (by !== null) await persist(previous, true);
      },
    });
    return 'refusal' in made ? { draftId, error: jobError(made.refusal, now()) } : made.record;
  };

  // A job made by makeOne that is not taken on: gone again, and the job it took over is not.
  const unmake = async (made: StartResult | JobRecord): Promise<void> => {
    if (!('snapshot' in made)) return;
    for (const entry of entries.values())
      if (entry.record.supersededBy === made.id) {
        entry.record.supersededBy = null;
        await persist(entry, true);
      }
    await store.discard(made.id);
  };
  return { makeOne, unmake };
}
