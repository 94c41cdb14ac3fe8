// The seller's drafts on disk: one JSON file per draft, written atomically, plus an index for the
// list (drafts-index.ts) so that opening 10,000 drafts reads one file, and saving one costs the same
// with 10 or 10,000. Deleting moves drafts to a trash they can be restored from until it is emptied.
// Saves made at the same time are made durable together (draft-saves.ts); each caller's promise
// resolves once its own draft is.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  type DraftSummary,
  draftSchema,
  isPublishable,
  newDraft,
  photosBelongToDraft,
  summarizeDraft,
} from '../../shared/domain/drafts';
import type { Draft, DraftInit } from '../../shared/domain/drafts';
import { makeFolder, moveFile, writeFileAtomic } from './atomic-file';
import { copyPhotos, draftCopy } from './draft-copy';
import { draftFile, draftPaths, isDraftId, photoFolder, readDraftFile } from './draft-files';
import { Journal, writeIndex, type JournalLine } from './drafts-index';
import { loadDrafts, type DraftProblem } from './drafts-recovery';
import { createDraftSaves } from './draft-saves';
import { createSerialQueue } from './serial-queue';

export type { DraftProblem } from './drafts-recovery';

export type DraftStoreErrorCode = 'not-found' | 'in-trash' | 'unreadable' | 'invalid' | 'closed';

/** A refused store call; `code` says why, for the IPC layer to pass on. */
export class DraftStoreError extends Error {
  constructor(
    readonly code: DraftStoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DraftStoreError';
  }
}

export interface DraftsStoreOptions {
  log: { info(message: string): void; error(message: string, error?: unknown): void };
  now?: () => Date;
  newId?: () => string;
  /** Journal lines after which the index snapshot is rewritten; default max(1000, drafts / 4). */
  compactAfter?: number;
  /** Told of each file found unreadable (and moved aside) after the store opened. */
  onProblem?: (problem: DraftProblem) => void;
  /** Told of each group of drafts saved together once it is durable (benches count the groups). */
  onCommitted?: (ids: readonly string[]) => void;
}

/** A draft and when it went to the trash (null: it is live). */
export interface ReceivedDraft {
  draft: Draft;
  trashedAt: string | null;
}

export interface DraftsStore {
  /** Summaries of the live drafts (any order; sort with `filterDrafts`). */
  list(): DraftSummary[];
  /** Summaries of the drafts in the trash. */
  listTrash(): DraftSummary[];
  /** The full draft, live or in the trash. */
  get(id: string): Promise<Draft>;
  /** A new draft with the spec's defaults, filled from `init` (e.g. the account's defaults). */
  create(init?: DraftInit): Promise<Draft>;
  /** Saves an edit of a live draft; returns it as stored (new `updatedAt`, settled `status`). */
  save(draft: Draft): Promise<Draft>;
  /**
   * Reads a live draft, changes it and saves it in one step, so that no other change (photos
   * arriving while the seller types) can come in between. `change` must not keep the draft.
   */
  update(id: string, change: (draft: Draft) => Draft | Promise<Draft>): Promise<Draft>;
  /**
   * Changes a draft, live or in the trash, as an upgrade of the app does (not the seller): its
   * dates and place are kept.
   */
  rewrite(id: string, change: (draft: Draft) => Draft): Promise<Draft>;
  /** A copy of a draft with copies of its photos, no reference and no remote link. */
  duplicate(id: string): Promise<Draft>;
  /** Moves drafts to the trash; their photos stay until the trash is emptied. Unknown ids are skipped. */
  trash(ids: string[]): Promise<void>;
  /** Brings drafts back from the trash. Unknown ids are skipped. */
  restore(ids: string[]): Promise<void>;
  /** Deletes every draft in the trash with its photos; resolves to how many were deleted. */
  emptyTrash(): Promise<number>;
  /**
   * Shop sync (issue 24): puts a draft as another desk has it, live or in the trash with its own
   * dates; `make` gets the draft as stored here (undefined: none) and returns what to keep
   * (undefined: the draft is deleted with its photos). Runs in the store's queue, so no save of the
   * seller's comes in between reading and writing.
   */
  receive(id: string, make: (current: ReceivedDraft | undefined) => ReceivedDraft | undefined): Promise<void>;
  /** Files that could not be read, moved aside so the seller or support can look at them. */
  readonly problems: readonly DraftProblem[];
  /** Writes the index snapshot; call on quit. */
  flush(): Promise<void>;
  /** Flushes and closes; later calls are refused. */
  close(): Promise<void>;
}

// 'draft' and 'ready' say whether the draft could be published; the publish engine owns the rest.
function settleStatus(draft: Draft): Draft {
  if (draft.status !== 'draft' && draft.status !== 'ready') return draft;
  return { ...draft, status: isPublishable(draft) ? 'ready' : 'draft' };
}

/** Opens (creating if needed) the drafts under `dataDir`, repairing the index if it is out of step. */
export async function openDraftsStore(dataDir: string, options: DraftsStoreOptions): Promise<DraftsStore> {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const paths = draftPaths(dataDir);
  await makeFolder(paths.trash);

  const loaded = await loadDrafts(paths, { now, log });
  const entries = loaded.entries;
  const problems: DraftProblem[] = [...loaded.problems];
  const journal = new Journal(paths.journal);
  const queue = createSerialQueue();
  let closed = false;
  let compactionQueued = false;

  const compact = async (): Promise<void> => {
    await saves.drain();
    await writeIndex(paths.index, entries.values());
    await journal.clear();
  };
  // Once the saves under way are in the journal, the snapshot is rewritten if it has lines.
  const compactJournal = async (): Promise<void> => {
    await saves.drain();
    if (journal.lines > 0) await compact();
  };

  const threshold = () => options.compactAfter ?? Math.max(1000, Math.ceil(entries.size / 4));

  // What the running change's caller waits for after it: the groups of the drafts it saved.
  let waits: Promise<void>[] | null = null;

  // Runs a change in the queue, so changes never interleave on disk; its caller is answered once its
  // drafts are durable, while the queue goes on (the next changes' saves gather into the next group).
  const change = <T>(task: () => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new DraftStoreError('closed', 'The drafts store is closed.'));
    return queue
      .run(async () => {
        const mine: Promise<void>[] = [];
        waits = mine;
        try {
          return { value: await task(), mine };
        } finally {
          waits = null;
        }
      })
      .then(async ({ value, mine }) => {
        await Promise.all(mine);
        return value;
      });
  };

  // The snapshot is rewritten after the call that filled the journal, not inside it, so no save
  // waits for it unless it comes in while it runs.
  const noteJournal = () => {
    if (compactionQueued || journal.lines < threshold()) return;
    compactionQueued = true;
    void queue
      .run(async () => {
        compactionQueued = false;
        await compactJournal();
      })
      .catch((error: unknown) => log.error('Could not rewrite the drafts index', error));
  };

  // Anything else that touches the journal or the files (the trash, the shop's drafts, the index)
  // first lets the saves under way become durable (and reads the list as they left it).
  const record = async (line: Omit<JournalLine, 'at'>, at = now().toISOString()) => {
    await saves.drain();
    await journal.append({ ...line, at });
  };

  const saves = createDraftSaves({
    paths,
    journal,
    entries,
    now,
    committed(ids) {
      noteJournal();
      options.onCommitted?.(ids);
    },
  });
  if (loaded.changed) await compact();

  const write = async (draft: Draft): Promise<Draft> => {
    const { durable } = await saves.save(draft);
    waits?.push(durable);
    return draft;
  };

  const read = async (id: string): Promise<Draft> => {
    // What is read is on disk for good: a draft's pending save is committed first.
    await saves.settled(id);
    const entry = isDraftId(id) ? entries.get(id) : undefined;
    if (!entry) throw new DraftStoreError('not-found', `No draft ${String(id)}.`);
    const folder = entry.trashedAt === null ? paths.drafts : paths.trash;
    const result = await readDraftFile(folder, id, now);
    if (result.state === 'ok') return result.draft;
    await record({ op: 'remove', id });
    entries.delete(id);
    noteJournal();
    if (result.state === 'missing')
      throw new DraftStoreError('not-found', `The file of draft ${id} is gone.`);
    const problem = { file: draftFile(folder, id), movedAside: result.movedAside, kind: 'draft' } as const;
    problems.push(problem);
    options.onProblem?.(problem);
    log.info(`Draft file ${draftFile(folder, id)} is unreadable; moved to ${result.movedAside}`);
    throw new DraftStoreError('unreadable', `The file of draft ${id} could not be read and was moved aside.`);
  };

  const parse = (input: Draft): Draft => {
    const result = draftSchema.safeParse(input);
    if (!result.success) throw new DraftStoreError('invalid', `Not a valid draft: ${result.error.message}`);
    if (!photosBelongToDraft(result.data)) {
      throw new DraftStoreError('invalid', `Photos of draft ${result.data.id} must be in its own folder.`);
    }
    return result.data;
  };

  const saveLive = async (input: Draft): Promise<Draft> => {
    const draft = parse(input);
    const entry = entries.get(draft.id);
    if (!entry) throw new DraftStoreError('not-found', `No draft ${draft.id}.`);
    if (entry.trashedAt !== null) throw new DraftStoreError('in-trash', `Draft ${draft.id} is in the trash.`);
    // The dates are the store's: a renderer cannot backdate a draft.
    const saved = { ...draft, createdAt: entry.createdAt, updatedAt: now().toISOString() };
    return write(settleStatus(saved));
  };

  const move = async (id: string, from: string, to: string): Promise<boolean> => {
    try {
      await moveFile(draftFile(from, id), draftFile(to, id));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      entries.delete(id);
      log.info(`Draft file of ${id} was missing; dropped from the list`);
      return false;
    }
  };

  return {
    problems,

    list: () => [...entries.values()].filter((entry) => entry.trashedAt === null),

    listTrash: () => [...entries.values()].filter((entry) => entry.trashedAt !== null),

    get: (id) => change(() => read(id)),

    create: (init = {}) =>
      change(async () => {
        const draft = parse(newDraft(init, { id: newId(), now: now() }));
        return write(settleStatus(draft));
      }),

    save: (input) => change(() => saveLive(input)),

    update: (id, edit) =>
      change(async () => {
        if (entries.get(id)?.trashedAt !== null && entries.has(id))
          throw new DraftStoreError('in-trash', `Draft ${id} is in the trash.`);
        const current = await read(id);
        const next = await edit(current);
        if (next.id !== id) throw new DraftStoreError('invalid', 'A draft cannot change its id.');
        return saveLive(next);
      }),

    rewrite: (id, edit) =>
      change(async () => {
        const entry = isDraftId(id) ? entries.get(id) : undefined;
        if (!entry) throw new DraftStoreError('not-found', `No draft ${String(id)}.`);
        const current = await read(id);
        const next = parse({ ...edit(current), createdAt: current.createdAt, updatedAt: current.updatedAt });
        if (next.id !== id) throw new DraftStoreError('invalid', 'A draft cannot change its id.');
        if (entry.trashedAt === null) return write(next);
        // Journalled as a 'trash' at its own time, so a crash now keeps when it went to the trash
        // (record lets the saves under way end first).
        await record({ op: 'trash', id }, entry.trashedAt);
        await writeFileAtomic(draftFile(paths.trash, id), JSON.stringify(next));
        entries.set(id, summarizeDraft(next, entry.trashedAt));
        noteJournal();
        return next;
      }),

    duplicate: (id) =>
      change(async () => {
        // The shop's conflicts and notes (issue 24.4) are the original's to settle, not the copy's.
        const { shop: _settledThere, ...source } = await read(id);
        if (entries.get(id)?.trashedAt !== null)
          throw new DraftStoreError('in-trash', `Draft ${id} is in the trash.`);
        const copyId = newId();
        await copyPhotos(dataDir, id, copyId);
        const copy = draftCopy(source, copyId, now);
        return write(settleStatus(parse(copy)));
      }),

    trash: (ids) =>
      change(async () => {
        await saves.drain();
        for (const id of new Set(ids)) {
          const entry = isDraftId(id) ? entries.get(id) : undefined;
          if (!entry || entry.trashedAt !== null) continue;
          const at = now().toISOString();
          await record({ op: 'trash', id }, at);
          if (await move(id, paths.drafts, paths.trash)) entries.set(id, { ...entry, trashedAt: at });
        }
        noteJournal();
      }),

    restore: (ids) =>
      change(async () => {
        await saves.drain();
        for (const id of new Set(ids)) {
          const entry = isDraftId(id) ? entries.get(id) : undefined;
          if (!entry || entry.trashedAt === null) continue;
          await record({ op: 'restore', id });
          if (await move(id, paths.trash, paths.drafts)) entries.set(id, { ...entry, trashedAt: null });
        }
        noteJournal();
      }),

    emptyTrash: () =>
      change(async () => {
        await saves.drain();
        const ids = [...entries.values()].filter((e) => e.trashedAt !== null).map((e) => e.id);
        for (const id of ids) {
          await record({ op: 'remove', id });
          // Photos first: a crash in between leaves a trashed draft without photos, never photos
          // that no draft names.
          await rm(photoFolder(dataDir, id), { recursive: true, force: true });
          await rm(draftFile(paths.trash, id), { force: true });
          entries.delete(id);
        }
        if (ids.length > 0) await compact();
        return ids.length;
      }),

    receive: (id, make) =>
      change(async () => {
        await saves.drain();
        const entry = isDraftId(id) ? entries.get(id) : undefined;
        const current = entry && { draft: await read(id), trashedAt: entry.trashedAt };
        const next = make(current);
        const live = draftFile(paths.drafts, id);
        const trashed = draftFile(paths.trash, id);
        if (!next) {
          if (!entry) return;
          await record({ op: 'remove', id });
          await rm(photoFolder(dataDir, id), { recursive: true, force: true });
          await rm(entry.trashedAt === null ? live : trashed, { force: true });
          entries.delete(id);
        } else {
          const draft = parse(next.draft);
          if (draft.id !== id) throw new DraftStoreError('invalid', 'A draft cannot change its id.');
          const inTrash = next.trashedAt !== null;
          await record({ op: inTrash ? 'trash' : 'save', id }, next.trashedAt ?? now().toISOString());
          await writeFileAtomic(inTrash ? trashed : live, JSON.stringify(draft));
          if (entry && (entry.trashedAt !== null) !== inTrash)
            await rm(inTrash ? live : trashed, { force: true });
          entries.set(id, summarizeDraft(draft, next.trashedAt));
        }
        noteJournal();
      }),

    flush: () => change(compactJournal),

    close: async () => {
      if (closed) return;
      // Refuse new calls at once; the ones already queued still run before the journal closes.
      closed = true;
      await queue.run(async () => {
        await compactJournal();
        await journal.close();
      });
    },
  };
}
