// The files that did not parse, as the seller sees them until dismissed. The moved-aside files are
// the record: at start every `<name>.unreadable-<time>` in the app's folders is found (so a problem
// survives a restart, even one that happened just before a crash), and problems found later are
// added as they happen. Only the dismissals are stored, in `problems.json`, by the file's path.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { AppProblem, AppProblemKind } from '../../shared/ipc/types';
import { readJsonFile, writeFileAtomic } from './atomic-file';

const UNREADABLE = /^(.+)\.unreadable-[\w-]+$/;
const UUID_JSON = /^[0-9a-fA-F-]{36}\.json$/;
// The folders the app moves unreadable files aside in (relative to the data folder).
const FOLDERS = ['.', 'drafts', 'drafts/trash', 'jobs', 'cache/listings', 'sandbox'];

const dismissalsSchema = z.object({ dismissed: z.array(z.string()) });

/** What kind of file `relative` (a '/'-separated path in the data folder) is. */
export function problemKind(relative: string): AppProblemKind {
  const folder = path.posix.dirname(relative);
  const name = path.posix.basename(relative);
  if (folder === '.') {
    if (name === 'accounts.json') return 'accounts';
    if (name === 'settings.json') return 'settings';
    if (name === 'suggestions.json') return 'suggestions';
  }
  if (folder === 'drafts' && name === 'index.json') return 'drafts-index';
  if ((folder === 'drafts' || folder === 'drafts/trash') && UUID_JSON.test(name)) return 'draft';
  if (folder === 'jobs' && UUID_JSON.test(name)) return 'job';
  if (folder === 'cache/listings') return 'listings-cache';
  if (folder === 'sandbox' && name === 'state.json') return 'sandbox-state';
  return 'other';
}

export interface ProblemsBook {
  /** The problems not dismissed, oldest first. */
  list(): AppProblem[];
  /** Adds a file moved aside while the app runs; tells the listeners. */
  add(movedAside: string): Promise<void>;
  /** Hides a problem for good (also after a restart); unknown ids are ignored. */
  dismiss(id: string): Promise<AppProblem[]>;
  /** Called with the new list whenever it changes. */
  onChange(listener: (problems: AppProblem[]) => void): void;
}

/** Finds the problems under `dataDir` (plus `known` moved-aside paths) and opens the book. */
export async function openProblems(
  dataDir: string,
  options: { log: { error(message: string, error?: unknown): void }; known?: readonly string[] },
): Promise<ProblemsBook> {
  const file = path.join(dataDir, 'problems.json');
  const problems = new Map<string, AppProblem>();
  const listeners: ((problems: AppProblem[]) => void)[] = [];

  const describe = async (movedAside: string): Promise<AppProblem | undefined> => {
    const relative = path.relative(dataDir, movedAside).split(path.sep).join('/');
    const original = UNREADABLE.exec(relative)?.[1];
    if (original === undefined || relative.startsWith('..')) return undefined;
    // A rename sets the status-change time: when the file was moved aside.
    const at = await stat(movedAside).then(
      (s) => s.ctime.toISOString(),
      () => undefined,
    );
    if (at === undefined) return undefined;
    const kind = problemKind(original);
    return { id: relative, kind, file: path.join(dataDir, original), movedAside, at };
  };

  const found = await Promise.all(FOLDERS.map((folder) => unreadableIn(path.join(dataDir, folder))));
  const candidates = new Set([...found.flat(), ...(options.known ?? [])]);
  for (const problem of await Promise.all([...candidates].map(describe)))
    if (problem) problems.set(problem.id, problem);

  const read = await readJsonFile(file, (value) => dismissalsSchema.parse(value));
  if (read.state === 'unreadable') {
    options.log.error(`problems.json did not parse; moved aside to ${read.movedAside}`);
    const problem = await describe(read.movedAside);
    if (problem) problems.set(problem.id, problem);
  }
  // Dismissals of files that are gone are forgotten, so the file stays small.
  const dismissed = new Set(read.state === 'ok' ? read.value.dismissed.filter((id) => problems.has(id)) : []);

  const list = () =>
    [...problems.values()]
      .filter((problem) => !dismissed.has(problem.id))
      .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  const changed = () => {
    const now = list();
    for (const listener of listeners) listener(now);
  };

  return {
    list,
    async add(movedAside) {
      const problem = await describe(movedAside);
      if (!problem || problems.has(problem.id)) return;
      problems.set(problem.id, problem);
      changed();
    },
    async dismiss(id) {
      if (!problems.has(id) || dismissed.has(id)) return list();
      const next = new Set([...dismissed, id]);
      await writeFileAtomic(file, JSON.stringify({ dismissed: [...next] }));
      dismissed.add(id);
      changed();
      return list();
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

async function unreadableIn(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.filter((name) => UNREADABLE.test(name)).map((name) => path.join(folder, name));
}
