// The feeds' folders of one JSON file per thing (feeds, runs): each read at open, a file that does
// not parse moved aside and named, never silently dropped or reset.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { readJsonFile } from '../storage/atomic-file';

/**
 * Reads every file of `dir` whose name `pattern` matches (the id in its first group) with `parse`;
 * a file whose content names another id is left out, one that does not parse goes to `onProblem`.
 * A folder not made yet is empty.
 */
export async function loadJsonFolder<T extends { id: string }>(
  dir: string,
  pattern: RegExp,
  parse: (value: unknown) => T,
  onProblem: (movedAside: string) => void,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const name of names) {
    const id = pattern.exec(name)?.[1];
    if (id === undefined) continue;
    const read = await readJsonFile(path.join(dir, name), parse);
    if (read.state === 'ok' && read.value.id === id) found.set(id, read.value);
    else if (read.state === 'unreadable') onProblem(read.movedAside);
  }
  return found;
}
