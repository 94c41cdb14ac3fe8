// Publish jobs on disk, under <dataDir>/jobs/:
//   <jobId>.json   the job (job-record.ts), replaced atomically after every step outcome
//   <jobId>/       hard links to the draft's photo files as they were at Publish, so that the job
//                  uploads the photos of its snapshot even if the seller deletes or replaces them
// A file that does not parse is moved aside and reported, never dropped or reset.
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { readJsonFile, writeFileAtomic } from '../../storage/atomic-file';
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

  const writers = new Map<string, Writer>();
  const fileOf = (id: string) => path.join(dir, `${id}.json`);
  const folderOf = (id: string) => {
    if (!JOB_FOLDER.test(id)) throw new Error(`Not a job id: ${JSON.stringify(id)}`);
    return path.join(dir, id);
  };

  return {
    dir,
    loaded,
    problems,
    save(record) {
      let writer = writers.get(record.id);
      if (!writer) writers.set(record.id, (writer = new Writer(fileOf(record.id))));
      return writer.save(record);
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
      await writers.get(jobId)?.idle();
      writers.delete(jobId);
      const prefix = `${jobId}.json`;
      const names = (await readdir(dir)).filter((name) => name === prefix || name.startsWith(`${prefix}.`));
      const removed = await Promise.allSettled([
        ...names.map((name) => rm(path.join(dir, name), { force: true })),
        rm(folder, { recursive: true, force: true }),
      ]);
      const failed = removed.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    async flush() {
      await Promise.all([...writers.values()].map((writer) => writer.idle()));
    },
  };
}

// One job file's writes: at most one running and one waiting; the waiting one serializes the
// record when it starts, so it carries every change made while the running one was on disk.
class Writer {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly file: string) {}

  save(record: JobRecord): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start(record);
    const after = this.running.catch(() => undefined);
    this.queued = after.then(() => {
      this.queued = null;
      return this.start(record);
    });
    return this.queued;
  }

  async idle(): Promise<void> {
    while (this.running || this.queued) await (this.queued ?? this.running)?.catch(() => undefined);
  }

  private start(record: JobRecord): Promise<void> {
    const write = writeFileAtomic(this.file, JSON.stringify(record));
    const running = write.finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }
}
