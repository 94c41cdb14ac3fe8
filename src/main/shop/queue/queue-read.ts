// The shop's publish queue as this desk last read it: every job's row, and the record of each
// (read in full only when it was written since the last read), for the Publishing view and for
// the desk's own copies of the jobs.
import type pg from 'pg';
import type { JobRecord } from '../../publish/jobs';
import { jobBodies, listJobs, type JobKind, type JobRow } from './job-queue';

export interface QueueRead<R = JobRecord> {
  /** The rows, newest first. */
  rows(): readonly JobRow[];
  /** The rows with their records (absent: not read yet). */
  jobs(): { row: JobRow; record?: R }[];
  record(jobId: string): R | undefined;
  /** Reads the queue again; resolves with the rows written since the last read. */
  read(db: Pick<pg.Pool, 'query'>): Promise<JobRow[]>;
  /** Told after each read, with the ids written since; returns the unsubscribe. */
  onRead(listener: (changed: string[]) => void): () => void;
}

/** An empty picture of the queue's jobs of `kind`, filled by `read`. */
export function queueRead<R = JobRecord>(kind: JobKind = 'publish'): QueueRead<R> {
  let rows: JobRow[] = [];
  const records = new Map<string, { updatedAt: string; record: R }>();
  const listeners = new Set<(changed: string[]) => void>();
  // Reads may overlap (a sweep and a desk's own write read at once): one begun earlier and ended
  // later must not put back rows older than those already shown.
  let begun = 0;
  let shown = 0;
  return {
    rows: () => rows,
    jobs: () => rows.map((row) => ({ row, record: records.get(row.id)?.record })),
    record: (jobId) => records.get(jobId)?.record,
    async read(db) {
      const mine = ++begun;
      const listed = await listJobs(db, 500, kind);
      if (mine < shown) return [];
      const changed = listed.filter((row) => records.get(row.id)?.updatedAt !== row.updatedAt);
      const bodies =
        changed.length > 0
          ? await jobBodies<{ record: R }>(
              db,
              changed.map((row) => row.id),
            )
          : new Map<string, { record: R }>();
      if (mine < shown) return [];
      for (const row of changed) {
        const body = bodies.get(row.id);
        if (body) records.set(row.id, { updatedAt: row.updatedAt, record: body.record });
      }
      shown = mine;
      rows = listed;
      for (const listener of listeners) listener(changed.map((row) => row.id));
      return changed;
    },
    onRead(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
