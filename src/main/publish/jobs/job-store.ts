// Publish jobs on disk, under <dataDir>/jobs/:
//   <jobId>.json   the job (job-record.ts), replaced atomically after every step outcome; the saves
//                  of all jobs that come in while earlier ones are being made durable are written
//                  together in the next group, with one sync of the folder (issue 38.1)
//   <jobId>/       hard links to the draft's photo files as they were at Publish, so that the job
//                  uploads the photos of its snapshot even if the seller deletes or replaces them
// A file that does not parse is moved aside and reported, never dropped or reset.
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { readJsonFile, writeEachAtomic } from '../../storage/atomic-file';
import { createGroupCommits } from '../../storage/group-commits';
import { parseJobRecord, type JobRecord } from './job-record';

/** A job file that could not be read; it was moved aside for the seller or support to look at. */
export interface JobProblem {
  file: string;
  movedAside: string;
}

export interface JobStore {
  readonly dir: string;
  /** The jobs found at open, oldest first. */
  readonly loaded: readonly JobRecord[];
  readonly problems: readonly JobProblem[];
  /**
   * Writes the job as it is when the write starts. Writes of one job never overlap; a save asked
   * for while one runs is folded into the next write, which sees every change made until it starts.
   */
  save(record: JobRecord): Promise<void>;
  /** Links (or copies) `sources` into the job's folder; returns the stored names, in order. */
  keepPhotos(jobId: string, sources: readonly { file: string; ext: string }[]): Promise<string[]>;
  /** Absolute path of a photo the job keeps. */
  photoPath(jobId: string, name: string): string;
  /** Deletes the job's photo links (the JSON stays as the job's history). */
  dropPhotos(jobId: string): Promise<void>;
  /** Deletes every trace of a job whose start failed: its file, a half-written one, its photos. */
  discard(jobId: string): Promise<void>;
  /** Resolves once every write asked for so far has finished. */
  flush(): Promise<void>;
}

const JOB_FILE = /^([0-9a-fA-F-]{36})\.json$/;
const TEMP_FILE = /\.json\.[0-9a-f]{12}\.tmp$/;
const JOB_FOLDER = /^[0-9a-fA-F-]{36}$/;

/** Opens the jobs folder under `dataDir`, loading every job. */
export async function openJobStore(dataDir: string, now = () => new Date()): Promise<JobStore> {
  const dir = path.join(dataDir, 'jobs');
  await mkdir(dir, { recursive: true });
  const names = await readdir(dir);
  const loaded: JobRecord[] = [];
  const problems: JobProblem[] = [];
  for (const name of names) {
    if (TEMP_FILE.test(name)) {
      // Left by a write that a crash interrupted: the job file itself still has the previous state.
      await rm(path.join(dir, name), { force: true });
      continue;
    }
    const id = JOB_FILE.exec(name)?.[1];
    if (id === undefined) continue;
    const file = path.join(dir, name);
    const read = await readJsonFile(
      file,
      (value) => {
        const record = parseJobRecord(value);
        if (record.id !== id) throw new Error(`The file of job ${id} holds job ${record.id}`);
        return record;
      },
      now,
    );
    if (read.state === 'ok') loaded.push(read.value);
    else if (read.state === 'unreadable') problems.push({ file, movedAside: read.movedAside });
  }
  // Photo folders whose job file was never written (a crash right after linking) belong to nobody;
  // those of a published job are no longer needed (a kill between its record and dropping them,
  // engine-parts/tracked.ts, left them: found by bench/soak).
  const ids = new Set(loaded.map((record) => record.id));
  const published = new Set(loaded.filter((record) => record.state === 'published').map((r) => r.id));
  for (const name of names) {
    if (!JOB_FOLDER.test(name)) continue;
    if (published.has(name) || (!ids.has(name) && !names.includes(`${name}.json`))) {
      await rm(path.join(dir, name), { recursive: true, force: true });
    }
  }
  loaded.sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  // A job's save serializes its record when its group starts, so it carries every change made until
  // then; a save asked for while the job's previous one is being written goes into the next group.
  const commits = createGroupCommits<JobRecord>(async (group) => {
    const ids = [...group.keys()];
    const failed = await writeEachAtomic(
      [...group].map(([id, record]) => ({ file: fileOf(id), data: JSON.stringify(record) })),
    );
    return new Map(ids.flatMap((id, n) => (failed[n] === undefined ? [] : [[id, failed[n]]])));
  });
  const fileOf = (id: string) => path.join(dir, `${id}.json`);
  const folderOf = (id: string) => {
    if (!JOB_FOLDER.test(id)) throw new Error(`Not a job id: ${JSON.stringify(id)}`);
    return path.join(dir, id);
  };

  return {
    dir,
    loaded,
    problems,
    async save(record) {
      while (commits.pending(record.id) === 'committing') await commits.settled(record.id);
      await commits.add(record.id, () => record);
    },
    async keepPhotos(jobId, sources) {
      const folder = folderOf(jobId);
      await mkdir(folder, { recursive: true });
      return Promise.all(
        sources.map(async (source, index) => {
          const name = `photo-${index + 1}${source.ext}`;
          const target = path.join(folder, name);
          await rm(target, { force: true });
          try {
            await link(source.file, target);
          } catch (error) {
            // A file system without hard links: a copy costs space but keeps the snapshot all the same.
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
            await copyFile(source.file, target);
          }
          return name;
        }),
      );
    },
    photoPath: (jobId, name) => path.join(folderOf(jobId), path.basename(name)),
    dropPhotos: (jobId) => rm(folderOf(jobId), { recursive: true, force: true }),
    async discard(jobId) {
      const folder = folderOf(jobId);
      await commits.settled(jobId);
      const prefix = `${jobId}.json`;
      const names = (await readdir(dir)).filter((name) => name === prefix || name.startsWith(`${prefix}.`));
      const removed = await Promise.allSettled([
        ...names.map((name) => rm(path.join(dir, name), { force: true })),
        rm(folder, { recursive: true, force: true }),
      ]);
      const failed = removed.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    flush: () => commits.drain(),
  };
}
