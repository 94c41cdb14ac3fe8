// The drafts list's index: a snapshot of every draft's summary (`drafts/index.json`) plus a journal
// (`drafts/index.journal`) naming each draft touched since the snapshot. A save appends one short
// line to the journal instead of rewriting the snapshot, so its cost does not grow with the number
// of drafts; the snapshot is rewritten ("compacted") now and then, and on quit.
// The journal line is written BEFORE the draft file changes, so after a crash every draft whose
// file may differ from the snapshot is named in the journal and is read again (drafts-recovery.ts).
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import { type DraftSummary, draftStatuses, draftSummarySchema } from '../../shared/domain/drafts';
import { draftScheduleSchema } from '../../shared/domain/publishing';
import { readJsonFile, writeFileAtomic } from './atomic-file';
import { isDraftId } from './draft-files';

// Bump when a summary's content changes meaning (e.g. new validation rules change `issueCount`):
// an index of another version is rebuilt from the draft files.
// 2: the price rules of issue 23.4 ("1.249,00" read, a fixed price of 0 € not ready).
// 3: the count of shop conflicts (issue 24.4).
// 4: the draft's schedule (issue 25.4) and when its price rule's next step is due (25.5).
// 5: the category and the kind keys given, for the list's catalog warnings (issue 33.6).
export const INDEX_VERSION = 5;

const indexFileSchema = z.object({ version: z.number(), entries: z.array(z.unknown()) });

export type IndexRead =
  | { state: 'ok'; entries: Map<string, DraftSummary> }
  | { state: 'missing' }
  | { state: 'stale'; reason: string }
  | { state: 'unreadable'; movedAside: string };

const statuses: ReadonlySet<unknown> = new Set(draftStatuses);
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const summaryKeys = Object.keys(draftSummarySchema.shape).length;

/**
 * True when `raw` is a summary as `draftSummarySchema` describes it (and nothing more). Checked by
 * hand: the schema took 50 ms of each start for 10,000 entries, this takes a few (issue 18.5).
 * test/unit/storage/drafts-index-check.test.ts holds the two to the same answers.
 */
export function isDraftSummary(raw: unknown): raw is DraftSummary {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const entry = raw as Record<string, unknown>;
  return (
    Object.keys(entry).length === summaryKeys &&
    isDraftId(entry.id) &&
    isString(entry.title) &&
    (entry.customReference === null || isString(entry.customReference)) &&
    statuses.has(entry.status) &&
    (entry.accountId === null || isString(entry.accountId)) &&
    isString(entry.createdAt) &&
    isString(entry.updatedAt) &&
    isCount(entry.photoCount) &&
    (entry.coverThumb === null || isString(entry.coverThumb)) &&
    isCount(entry.issueCount) &&
    (entry.trashedAt === null || isString(entry.trashedAt)) &&
    isCount(entry.shopConflicts) &&
    (entry.schedule === null || draftScheduleSchema.safeParse(entry.schedule).success) &&
    isString(entry.searchText) &&
    isString(entry.sortTitle) &&
    (entry.priceRuleDue === null || isString(entry.priceRuleDue)) &&
    isString(entry.category) &&
    Array.isArray(entry.kindKeys) &&
    entry.kindKeys.every(isString)
  );
}

/**
 * Reads the snapshot. One that does not parse is moved aside like any unreadable file; one of
 * another version or with a bad entry is "stale" and simply rebuilt (it holds nothing of its own).
 */
export async function readIndex(file: string, now: () => Date): Promise<IndexRead> {
  const read = await readJsonFile(file, (value) => indexFileSchema.parse(value), now);
  if (read.state !== 'ok') return read;
  const parsed = read.value;
  if (parsed.version !== INDEX_VERSION) return { state: 'stale', reason: `version ${parsed.version}` };
  const entries = new Map<string, DraftSummary>();
  for (const raw of parsed.entries) {
    if (!isDraftSummary(raw)) return { state: 'stale', reason: 'an entry does not match' };
    entries.set(raw.id, raw);
  }
  return { state: 'ok', entries };
}

/** Writes the snapshot atomically. */
export async function writeIndex(file: string, entries: Iterable<DraftSummary>): Promise<void> {
  await writeFileAtomic(file, JSON.stringify({ version: INDEX_VERSION, entries: [...entries] }));
}

export const journalOps = ['save', 'trash', 'restore', 'remove'] as const;
const journalLineSchema = z.object({ op: z.enum(journalOps), id: z.string(), at: z.string() });
export type JournalLine = z.infer<typeof journalLineSchema>;

export type JournalRead =
  { state: 'ok'; lines: number; touched: Map<string, JournalLine> } | { state: 'damaged'; reason: string };

/**
 * Reads the journal: the last line per draft id. A torn last line is normal after a kill (the
 * draft file was not changed yet); a bad line anywhere else means the journal cannot be trusted.
 */
export async function readJournal(file: string): Promise<JournalRead> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { state: 'ok', lines: 0, touched: new Map() };
    throw error;
  }
  const rows = text.split('\n');
  const touched = new Map<string, JournalLine>();
  let lines = 0;
  for (const [index, row] of rows.entries()) {
    if (row === '') continue;
    const line = parseLine(row);
    if (line === null) {
      if (index === rows.length - 1) break;
      return { state: 'damaged', reason: `line ${index + 1} does not parse` };
    }
    lines++;
    touched.set(line.id, line);
  }
  return { state: 'ok', lines, touched };
}

function parseLine(row: string): JournalLine | null {
  try {
    const line = journalLineSchema.parse(JSON.parse(row));
    return isDraftId(line.id) ? line : null;
  } catch {
    return null;
  }
}

/** The journal, opened for appending on first use. */
export class Journal {
  private handle: FileHandle | null = null;
  private size = 0;
  /** Lines written since the last snapshot (including those found on open). */
  lines: number;

  constructor(
    private readonly file: string,
    lines = 0,
  ) {
    this.lines = lines;
  }

  /**
   * Appends one line; resolves once it is on the disk (survives a power cut), so it is there before
   * the draft file it names changes.
   */
  append(line: JournalLine): Promise<void> {
    return this.appendAll([line]);
  }

  /** Appends lines in one write and one sync (a group of drafts written together). */
  async appendAll(lines: readonly JournalLine[]): Promise<void> {
    if (!this.handle) {
      this.handle = await open(this.file, 'a');
      this.size = (await this.handle.stat()).size;
    }
    const bytes = Buffer.from(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    try {
      for (let at = 0; at < bytes.length;) at += (await this.handle.write(bytes, at)).bytesWritten;
      await this.handle.datasync();
    } catch (error) {
      // A full disk may take half a line: cut it off, else the next line would follow a torn one
      // and the whole journal could no longer be trusted.
      await this.handle.truncate(this.size).catch(() => undefined);
      // Writes through a handle fail without a path; the seller must be told which folder is full.
      if (error instanceof Error) (error as NodeJS.ErrnoException).path ??= this.file;
      throw error;
    }
    this.size += bytes.length;
    this.lines += lines.length;
  }

  /** Empties the journal; call only after the snapshot covering it is written. */
  async clear(): Promise<void> {
    this.handle ??= await open(this.file, 'a');
    await this.handle.truncate(0);
    this.size = 0;
    this.lines = 0;
  }

  /** Closes the file. */
  async close(): Promise<void> {
    await this.handle?.close();
    this.handle = null;
  }
}
