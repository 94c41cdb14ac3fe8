// The drafts store's saves, made durable in groups (issue 38.2): a saved draft is listed at once and
// goes to disk with the saves around it, each exactly as one save alone did: its journal line synced
// before its file changes, its file written to a synced temporary file and renamed, the folder
// synced. A group costs one journal sync, its files' syncs side by side and one folder sync, however
// many drafts it holds; each caller waits for its own group (group-commits.ts).
import { summarizeDraft, type Draft, type DraftSummary } from '../../shared/domain/drafts';
import { stageFiles } from './atomic-file';
import { draftFile, type DraftPaths } from './draft-files';
import type { Journal } from './drafts-index';
import { createGroupCommits } from './group-commits';

/** A draft saved and listed, waiting for its group's commit. */
interface Pending {
  json: string;
  summary: DraftSummary;
  /** Its journal line's time. */
  at: string;
  /** The list's entry while the draft was last durable (undefined: none), put back on a failure. */
  before: DraftSummary | undefined;
}

export interface DraftSaves {
  /**
   * Lists the live draft at once and puts it into the group being gathered; answers when that
   * group is durable (a draft whose earlier save is being committed waits for it first, so a
   * group never holds a draft built on a save that failed). A failure lists it as before.
   */
  save(draft: Draft): Promise<{ durable: Promise<void> }>;
  /** Resolves once the draft has no save pending: what is read of it then is on disk for good. */
  settled(id: string): Promise<void>;
  /** Resolves once no save is pending (before anything else touches the journal or the files). */
  drain(): Promise<void>;
}

export function createDraftSaves(deps: {
  paths: DraftPaths;
  journal: Journal;
  /** The store's list, by id. */
  entries: Map<string, DraftSummary>;
  now: () => Date;
  /** Called after each durable group (the journal may want compacting). */
  committed(ids: readonly string[]): void;
}): DraftSaves {
  const { paths, journal, entries } = deps;

  const commit = async (group: ReadonlyMap<string, Pending>): Promise<void> => {
    try {
      // The journal's lines and the temporary files side by side: no draft file changes before both.
      const [journaled, staged] = await Promise.allSettled([
        journal.appendAll([...group].map(([id, { at }]) => ({ op: 'save' as const, id, at }))),
        stageFiles([...group].map(([id, { json }]) => ({ file: draftFile(paths.drafts, id), data: json }))),
      ]);
      if (journaled.status === 'rejected') {
        if (staged.status === 'fulfilled') await staged.value.discard();
        throw journaled.reason;
      }
      if (staged.status === 'rejected') throw staged.reason;
      await staged.value.commit();
    } catch (error) {
      for (const [id, { before }] of group) {
        if (before) entries.set(id, before);
        else entries.delete(id);
      }
      throw error;
    }
    deps.committed([...group.keys()]);
  };
  const commits = createGroupCommits(commit);

  return {
    async save(draft) {
      if (commits.pending(draft.id) === 'committing') await commits.settled(draft.id);
      const json = JSON.stringify(draft);
      const summary = summarizeDraft(draft);
      const at = deps.now().toISOString();
      const durable = commits.add(draft.id, (replaced) => ({
        json,
        summary,
        at,
        before: replaced ? replaced.before : entries.get(draft.id),
      }));
      entries.set(draft.id, summary);
      return { durable };
    },
    settled: (id) => commits.settled(id),
    drain: () => commits.drain(),
  };
}
