// Files the app writes whole (caches, drafts, jobs): written to a temporary file beside the target
// and renamed over it, so a crash leaves the old or the new content, never half of one.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes `data` to `file` atomically, creating its folder. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
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
    const movedAside = `${file}.unreadable-${now().toISOString().replace(/[:.]/g, '-')}`;
    await rename(file, movedAside);
    return { state: 'unreadable', movedAside };
  }
}
