// Where drafts live on disk and how one draft file is read. Layout under the data folder:
//   drafts/<id>.json          one file per draft
//   drafts/trash/<id>.json    drafts moved to the trash (restorable until it is emptied)
//   drafts/index.json         the list's summaries (drafts-index.ts), plus its journal
//   photos/<id>/              the draft's photos, kept while the draft is in the trash
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { parseStoredDraft, type Draft } from '../../shared/domain/drafts';
import { readJsonFile } from './atomic-file';

export interface DraftPaths {
  dataDir: string;
  drafts: string;
  trash: string;
  index: string;
  journal: string;
}

/** The drafts' folders and files under `dataDir`. */
export function draftPaths(dataDir: string): DraftPaths {
  const drafts = path.join(dataDir, 'drafts');
  return {
    dataDir,
    drafts,
    trash: path.join(drafts, 'trash'),
    index: path.join(drafts, 'index.json'),
    journal: path.join(drafts, 'index.journal'),
  };
}

// draftIdSchema's own pattern (z.guid), tested directly: a start checks 10,000 file names and index
// entries with it, and the schema's parse took ten times as long (issue 18.5).
const DRAFT_ID = z.regexes.guid;

/** True for a well-formed draft id: the only ids ever turned into file names. */
export function isDraftId(id: unknown): id is string {
  return typeof id === 'string' && DRAFT_ID.test(id);
}

/** The file of draft `id` in `folder` (the drafts folder or the trash). */
export function draftFile(folder: string, id: string): string {
  if (!isDraftId(id)) throw new Error(`Not a draft id: ${JSON.stringify(id)}`);
  return path.join(folder, `${id}.json`);
}

/** The absolute photo folder of draft `id`. */
export function photoFolder(dataDir: string, id: string): string {
  if (!isDraftId(id)) throw new Error(`Not a draft id: ${JSON.stringify(id)}`);
  return path.join(dataDir, 'photos', id);
}

/**
 * The path a draft stores for a file inside the data folder (e.g. a photo the intake wrote):
 * relative and '/'-separated on every system, so a data folder can move between machines.
 */
export function toDataPath(dataDir: string, file: string): string {
  const relative = path.relative(dataDir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`${file} is not inside the data folder`);
  }
  return relative.split(path.sep).join('/');
}

/** The absolute path of a path stored in a draft (see `toDataPath`). */
export function fromDataPath(dataDir: string, stored: string): string {
  return path.join(dataDir, ...stored.split('/'));
}

const DRAFT_FILE = /^([0-9a-fA-F-]{36})\.json$/;
// Left by atomic writes that a crash or a kill interrupted: half-written, never to be renamed.
const TEMP_FILE = /^(?:[0-9a-fA-F-]{36}|index)\.json\.[0-9a-f]{12}\.tmp$/;

/**
 * The ids of the draft files in `folder`, deleting temporary files that an interrupted write left
 * behind. A missing folder has none.
 */
export async function listDraftIds(folder: string): Promise<Set<string>> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const ids = new Set<string>();
  const temps: string[] = [];
  for (const name of names) {
    const id = DRAFT_FILE.exec(name)?.[1];
    if (id !== undefined && isDraftId(id)) ids.add(id);
    else if (TEMP_FILE.test(name)) temps.push(name);
  }
  await Promise.all(temps.map((name) => rm(path.join(folder, name), { force: true })));
  return ids;
}

export type DraftRead =
  { state: 'ok'; draft: Draft } | { state: 'missing' } | { state: 'unreadable'; movedAside: string };

/**
 * Reads draft `id` from `folder`. A file that does not parse, fails the schema or holds another
 * draft's id is moved aside (`<file>.unreadable-<time>`) and reported, never dropped.
 */
export async function readDraftFile(folder: string, id: string, now: () => Date): Promise<DraftRead> {
  const read = await readJsonFile(
    draftFile(folder, id),
    (value) => {
      const draft = parseStoredDraft(value);
      if (draft.id !== id) throw new Error(`The file of ${id} holds draft ${draft.id}`);
      return draft;
    },
    now,
  );
  return read.state === 'ok' ? { state: 'ok', draft: read.value } : read;
}
