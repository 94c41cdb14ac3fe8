// Opening the drafts: trust the index snapshot where nothing says otherwise, and read again every
// draft the snapshot may be wrong about: those named in the journal (changed since the snapshot,
// perhaps by a session that crashed), those whose file is where the snapshot does not expect it
// (added, removed or moved by hand), or all of them when the snapshot is missing or damaged.
import { stat } from 'node:fs/promises';
import pLimit from 'p-limit';
import { summarizeDraft, type DraftSummary } from '../../shared/domain/drafts';
import { draftFile, listDraftIds, readDraftFile, type DraftPaths } from './draft-files';
import { readIndex, readJournal, type JournalLine } from './drafts-index';

export interface DraftProblem {
  /** The file that could not be used. */
  file: string;
  /** Where it was moved; it is kept there for the seller or support to look at. */
  movedAside: string;
  kind: 'draft' | 'index';
}

export interface LoadedDrafts {
  entries: Map<string, DraftSummary>;
  problems: DraftProblem[];
  /** True when the snapshot on disk no longer matches `entries` (or the journal is not empty). */
  changed: boolean;
}

interface LoadOptions {
  now: () => Date;
  log: { info(message: string): void };
}

const READ_CONCURRENCY = 32;

/** Loads the summaries of every draft and trashed draft under `paths`. */
export async function loadDrafts(paths: DraftPaths, { now, log }: LoadOptions): Promise<LoadedDrafts> {
  const [index, journal, live, trashed] = await Promise.all([
    readIndex(paths.index, now),
    readJournal(paths.journal),
    listDraftIds(paths.drafts),
    listDraftIds(paths.trash),
  ]);
  const problems: DraftProblem[] = [];
  if (index.state === 'unreadable') {
    problems.push({ file: paths.index, movedAside: index.movedAside, kind: 'index' });
  }
  if (index.state === 'stale') log.info(`Drafts index is stale (${index.reason}); rebuilding it`);
  if (journal.state === 'damaged') log.info(`Drafts journal is damaged (${journal.reason}); rebuilding`);

  const trusted = index.state === 'ok' && journal.state === 'ok';
  const entries = trusted ? index.entries : new Map<string, DraftSummary>();
  const touched = journal.state === 'ok' ? journal.touched : new Map<string, JournalLine>();
  const toRead = trusted ? suspects(entries, touched, live, trashed) : new Set([...live, ...trashed]);

  const limit = pLimit(READ_CONCURRENCY);
  const readOne = async (id: string): Promise<void> => {
    const before = entries.get(id);
    entries.delete(id);
    // A file in both places (copied by hand) counts as live: restoring it would collide.
    const inTrash = !live.has(id) && trashed.has(id);
    if (!live.has(id) && !inTrash) return;
    const folder = inTrash ? paths.trash : paths.drafts;
    const read = await readDraftFile(folder, id, now);
    if (read.state === 'unreadable') {
      problems.push({ file: draftFile(folder, id), movedAside: read.movedAside, kind: 'draft' });
      log.info(`Draft file ${draftFile(folder, id)} is unreadable; moved to ${read.movedAside}`);
    } else if (read.state === 'ok') {
      const trashedAt = inTrash ? await trashTime(before, touched.get(id), draftFile(folder, id)) : null;
      entries.set(id, summarizeDraft(read.draft, trashedAt));
    }
  };
  await Promise.all([...toRead].map((id) => limit(readOne, id)));
  const changed = !trusted || toRead.size > 0 || (journal.state === 'ok' && journal.lines > 0);
  return { entries, problems, changed };
}

function suspects(
  entries: Map<string, DraftSummary>,
  touched: Map<string, JournalLine>,
  live: Set<string>,
  trashed: Set<string>,
): Set<string> {
  const ids = new Set(touched.keys());
  for (const id of live) if (entries.get(id)?.trashedAt !== null) ids.add(id);
  for (const id of trashed) if (!live.has(id) && !entries.get(id)?.trashedAt) ids.add(id);
  for (const [id, entry] of entries) if (!(entry.trashedAt === null ? live : trashed).has(id)) ids.add(id);
  return ids;
}

// When the draft went to the trash: as the journal or the snapshot knew it, else the time the file
// was last moved (a rename changes its status-change time).
async function trashTime(
  before: DraftSummary | undefined,
  line: JournalLine | undefined,
  file: string,
): Promise<string> {
  if (line?.op === 'trash') return line.at;
  if (before?.trashedAt) return before.trashedAt;
  return (await stat(file)).ctime.toISOString();
}
