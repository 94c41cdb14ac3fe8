// Temporary files that a crash, a kill or a power cut left half-written: never renamed into place,
// so they hold nothing the app still needs. Removed at start, before anything writes (one process
// holds a data folder at a time, so none of them belongs to a write in progress). The drafts and
// the jobs folders sweep their own as they are read (draft-files.ts, job-store.ts).
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

// Ours (`<file>.<12 hex>.tmp`), conf's engine atomically (`<file>.tmp-<16>`), the sandbox's uploads.
const TEMP_NAME = /(?:\.[0-9a-f]{12}\.tmp|\.tmp-\d{10}[0-9a-f]{6}|\.[0-9a-f]{12}\.part)$/;

/**
 * Removes stale temporary files in `folder` (not below it); resolves to how many. With `before`
 * (ms since the epoch), only files last written before then: newer ones may be writes in progress.
 */
export async function sweepTempFiles(folder: string, before?: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 0;
    throw error;
  }
  let stale = names.filter((name) => TEMP_NAME.test(name));
  if (before !== undefined) {
    const old = await Promise.all(
      stale.map((name) =>
        stat(path.join(folder, name)).then(
          (s) => s.mtimeMs < before,
          () => false,
        ),
      ),
    );
    stale = stale.filter((_, index) => old[index]);
  }
  await Promise.all(stale.map((name) => rm(path.join(folder, name), { force: true })));
  return stale.length;
}

/** The data folder's own files, caches and the embedded service's state: quick, run before start. */
export async function sweepDataFolder(dataDir: string): Promise<number> {
  const folders = ['.', 'cache/listings', 'known-good', 'sandbox', 'sandbox/uploads'].map((f) =>
    path.join(dataDir, f),
  );
  const counts = await Promise.all(folders.map(sweepTempFiles));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Every draft's photo folder (one per draft, so many): run in the background after start, with
 * `startedAt` so that photos being taken in meanwhile are left alone.
 */
export async function sweepPhotoFolders(dataDir: string, startedAt: number): Promise<number> {
  const photos = path.join(dataDir, 'photos');
  let ids: string[];
  try {
    ids = await readdir(photos);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let count = 0;
  // One folder at a time: this runs beside the seller's work and must not crowd it out.
  for (const id of ids) count += await sweepTempFiles(path.join(photos, id), startedAt);
  return count;
}
