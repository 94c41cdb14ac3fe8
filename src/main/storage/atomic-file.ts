// Files the app writes whole (caches, drafts, jobs): written to a temporary file beside the target,
// synced, renamed over it, and the folder synced. A crash or a power cut leaves the old or the new
// content, never half of one and never an empty file; a failed write leaves no temporary file.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

// Writes from a file handle fail without a path; the caller must still be able to name the folder.
function withPath(error: unknown, file: string): unknown {
  const errno = error as NodeJS.ErrnoException;
  if (errno && typeof errno === 'object' && typeof errno.code === 'string' && errno.path === undefined)
    errno.path = file;
  return error;
}

// Some systems (Windows) cannot open or sync a folder; there the rename is as durable as it gets.
const UNSYNCABLE_FOLDER = new Set(['EISDIR', 'EINVAL', 'EPERM', 'EACCES', 'EBADF', 'ENOTSUP']);

/** Makes a folder's entries (a new or renamed file) survive a power cut. */
export async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    if (!UNSYNCABLE_FOLDER.has((error as NodeJS.ErrnoException).code ?? '')) throw withPath(error, dir);
  } finally {
    await handle?.close();
  }
}

/** The same as `syncFolder`, for the synchronous stores (conf). */
export function syncFolderSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch (error) {
    if (!UNSYNCABLE_FOLDER.has((error as NodeJS.ErrnoException).code ?? '')) throw withPath(error, dir);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Creates `dir` (and parents); a folder it creates is synced into its parent. */
export async function makeFolder(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true });
  if (first === undefined) return;
  // Sync each new folder's entry in its parent, from the top one down to `dir`.
  const created: string[] = [];
  for (let at = dir; at.length >= first.length; at = path.dirname(at)) {
    created.unshift(at);
    if (at === first) break;
  }
  for (const folder of created) await syncFolder(path.dirname(folder));
}

/** Writes `data` to `file` atomically and durably, creating its folder. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const staged = await stageFiles([{ file, data }]);
  await staged.commit();
}

/** A file to be written whole: where, and what. */
export interface WholeFile {
  file: string;
  data: string | Uint8Array;
}

/** Files written to synced temporary files beside their targets, nothing replaced yet. */
export interface StagedFiles {
  /** Renames each temporary file over its target, then syncs their folders (once each). */
  commit(): Promise<void>;
  /** Removes the temporary files, leaving every target as it was. */
  discard(): Promise<void>;
}

/**
 * The first half of `writeFileAtomic` for several files at once (the drafts store's grouped
 * commits): each written to its temporary file and synced, side by side. A failure removes every
 * temporary file and throws the first error. `commit` does the second half for all of them: a
 * crash in between leaves each target old or new, as with one file.
 */
export async function stageFiles(files: readonly WholeFile[]): Promise<StagedFiles> {
  const dirs = [...new Set(files.map(({ file }) => path.dirname(file)))];
  for (const dir of dirs) {
    try {
      await makeFolder(dir);
    } catch (error) {
      throw withPath(error, dir);
    }
  }
  const temps = files.map(({ file }) => `${file}.${randomBytes(6).toString('hex')}.tmp`);
  const remove = (list: string[]) =>
    Promise.all(list.map((temp) => rm(temp, { force: true }).catch(() => undefined))).then(() => undefined);
  const written = await Promise.allSettled(files.map(({ data }, n) => writeSynced(temps[n]!, data)));
  const failed = written.find((result) => result.status === 'rejected');
  if (failed) {
    await remove(temps);
    throw failed.reason;
  }
  return {
    discard: () => remove(temps),
    async commit() {
      let renamed = 0;
      try {
        for (; renamed < files.length; renamed++) await rename(temps[renamed]!, files[renamed]!.file);
        for (const dir of dirs) await syncFolder(dir);
      } catch (error) {
        await remove(temps.slice(renamed));
        throw withPath(error, temps[Math.min(renamed, temps.length - 1)]!);
      }
    },
  };
}

/**
 * Several files written as `writeFileAtomic` writes one, each on its own (the job store's grouped
 * saves): each to a synced temporary file, side by side, each renamed over its target, then each
 * folder synced once for all of them. Resolves with each file's failure in order (undefined: it is
 * written and durable); a file that failed keeps its old content and leaves no temporary file. A
 * folder that cannot be made or synced fails every file in it.
 */
export async function writeEachAtomic(files: readonly WholeFile[]): Promise<unknown[]> {
  const failures: unknown[] = files.map(() => undefined);
  const dirs = new Map<string, number[]>();
  files.forEach(({ file }, n) => dirs.set(path.dirname(file), [...(dirs.get(path.dirname(file)) ?? []), n]));
  const failAll = (indexes: readonly number[], error: unknown) => {
    for (const n of indexes) failures[n] ??= error;
  };
  for (const [dir, indexes] of dirs)
    await makeFolder(dir).catch((error: unknown) => failAll(indexes, withPath(error, dir)));
  const temps = files.map(({ file }) => `${file}.${randomBytes(6).toString('hex')}.tmp`);
  await Promise.all(
    files.map(async ({ data }, n) => {
      if (failures[n] !== undefined) return;
      try {
        await writeSynced(temps[n]!, data);
        await rename(temps[n]!, files[n]!.file);
      } catch (error) {
        failures[n] = withPath(error, temps[n]!);
        await rm(temps[n]!, { force: true }).catch(() => undefined);
      }
    }),
  );
  for (const [dir, indexes] of dirs) {
    if (indexes.every((n) => failures[n] !== undefined)) continue;
    await syncFolder(dir).catch((error: unknown) => failAll(indexes, error));
  }
  return failures;
}

// A temporary file written and synced; a failure closes it and names it (the caller removes it).
async function writeSynced(temp: string, data: string | Uint8Array): Promise<void> {
  let handle;
  try {
    handle = await open(temp, 'wx');
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    throw withPath(error, temp);
  }
}

/** Renames `from` to `to` and syncs both folders, so the move survives a power cut. */
export async function moveFile(from: string, to: string): Promise<void> {
  await rename(from, to);
  await syncFolder(path.dirname(to));
  if (path.dirname(from) !== path.dirname(to)) await syncFolder(path.dirname(from));
}

/** The name a file that does not parse is moved to: `<file>.unreadable-<time>`. */
export function unreadableName(file: string, at: Date): string {
  return `${file}.unreadable-${at.toISOString().replace(/[:.]/g, '-')}`;
}

export type JsonRead<T> =
  { state: 'missing' } | { state: 'ok'; value: T } | { state: 'unreadable'; movedAside: string };

/**
 * Reads a JSON file through `parse` (a schema check). A file that does not parse or fails the check
 * is moved aside, never silently dropped, and the caller is told where it went.
 */
export async function readJsonFile<T>(
  file: string,
  parse: (value: unknown) => T,
  now = () => new Date(),
): Promise<JsonRead<T>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    throw error;
  }
  try {
    return { state: 'ok', value: parse(JSON.parse(text)) };
  } catch {
    const movedAside = unreadableName(file, now());
    await moveFile(file, movedAside);
    return { state: 'unreadable', movedAside };
  }
}
