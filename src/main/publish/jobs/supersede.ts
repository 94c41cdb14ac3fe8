// A failed or rejected job stops needing the seller once a later job of the same draft published
// it: the seller's Publish did what a Retry would have done. Marked with `supersededBy` (the same
// field drafts/new-job.ts sets when a job takes an earlier one's listing over), so the Publishing view
// files it under "done", Retry refuses it and the slow check no longer reads it.
import type { JobRecord } from './job-record';

/** The jobs `records` leave waiting for the seller that a later published job made needless, each with that job's id. */
export function outdatedJobs(records: readonly JobRecord[]): { record: JobRecord; by: string }[] {
  const published = new Map<string, JobRecord>();
  for (const record of records) {
    if (record.state !== 'published') continue;
    const seen = published.get(record.draftId);
    if (!seen || seen.createdAt < record.createdAt) published.set(record.draftId, record);
  }
  const out: { record: JobRecord; by: string }[] = [];
  for (const record of records) {
    if (record.supersededBy !== null) continue;
    if (record.state !== 'failed' && record.state !== 'rejected') continue;
    const later = published.get(record.draftId);
    if (later && later.id !== record.id && later.createdAt > record.createdAt)
      out.push({ record, by: later.id });
  }
  return out;
}

/**
 * Marks every job of `entries` that a later published job made needless, writing each through
 * `persist` (which tells the UI); resolves with how many were marked. Never rejects.
 */
export async function supersedeOutdated<E extends { record: JobRecord }>(
  entries: Iterable<E>,
  persist: (entry: E, announce: boolean) => Promise<void>,
  log: { info(message: string): void; error(message: string, error?: unknown): void },
): Promise<number> {
  const byRecord = new Map<JobRecord, E>();
  for (const entry of entries) byRecord.set(entry.record, entry);
  const outdated = outdatedJobs([...byRecord.keys()]);
  for (const { record, by } of outdated) {
    record.supersededBy = by;
    log.info(
      `Publish job ${record.id} (${record.state}) needs the seller no more: job ${by} published its draft`,
    );
    // A write that fails leaves the mark in memory (the view shows it); the next write carries it.
    await persist(byRecord.get(record)!, true).catch((error: unknown) => {
      log.error(`Publish job ${record.id} could not be marked as taken over`, error);
    });
  }
  return outdated.length;
}
