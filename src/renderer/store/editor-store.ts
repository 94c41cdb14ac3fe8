// The open draft of the editor: loaded with drafts:get, edited here, autosaved with drafts:save.
// The seller's typing is the truth: answers only bring what main owns (updatedAt, status), and a
// reload from main happens only while nothing typed is unsaved.
import i18next from 'i18next';
import { create } from 'zustand';
import type { Draft } from '../../shared/domain/draft';
import { call } from '../ipc/client';
import { useAppStore } from './app-store';
import { attributesOf, rowsOf, sameAttributes, type AttributeRow } from './attribute-rows';
import { createAutosave, type Autosave, type SaveStatus } from './draft-autosave';
import { draftFieldsOf } from '../../shared/domain/draft-fields';

/** How long after the last keystroke a change is saved. */
export const AUTOSAVE_DELAY_MS = 400;

interface EditorState {
  draftId: string | null;
  /** The draft with the seller's edits; null while loading. */
  draft: Draft | null;
  /** The attribute editor's rows (the draft holds their record). */
  rows: AttributeRow[];
  loadError: string | null;
  save: SaveStatus;
  /** Opens a draft, first saving what is unsaved of the one open before. */
  open(id: string): Promise<void>;
  /** Changes the open draft; it is saved shortly after the last change. */
  edit(change: (draft: Draft) => Draft): void;
  /** Replaces the attribute rows (and with them the draft's attributes). */
  setRows(rows: AttributeRow[]): void;
  /** Saves what is unsaved now (Ctrl+S, Retry, leaving the page). */
  flush(): Promise<boolean>;
  /** Takes what the photos panel got from main: photos, status and updatedAt. */
  takePhotos(draft: Draft): void;
  /** Reloads the open draft when `ids` name it and nothing typed is unsaved. */
  refresh(ids?: readonly string[]): Promise<void>;
}

interface Session {
  id: string;
  autosave: Autosave<Draft>;
  /** Counts changes, so a reload that was overtaken by typing is dropped. */
  edits: number;
}

let session: Session | null = null;
// Saves of drafts left behind, so reopening one waits until its last edit is on disk.
const leaving = new Map<string, Promise<boolean>>();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useEditorStore = create<EditorState>((set, get) => {
  const startSession = (id: string): Session => {
    const own: Session = {
      id,
      edits: 0,
      autosave: createAutosave<Draft, Draft>({
        delayMs: AUTOSAVE_DELAY_MS,
        save: (draft) => call('drafts:save', { draft: draftFieldsOf(draft) }),
        onSaved: (stored) => {
          const current = get().draft;
          if (session !== own || !current) return;
          set({ draft: { ...current, updatedAt: stored.updatedAt, status: stored.status } });
        },
        onStatus: (status) => {
          if (session === own) set({ save: status });
        },
      }),
    };
    return own;
  };

  /** Saves the session's last edits in the background; a failure is reported in the frame. */
  const leave = (old: Session) => {
    old.autosave.dispose();
    if (!old.autosave.dirty) return;
    const saving = old.autosave.flush().then((ok) => {
      const failed = old.autosave.status;
      if (!ok && failed.state === 'error') {
        const message = i18next.t('editor.save.leaveFailed', { message: failed.message });
        useAppStore.getState().reportError(new Error(message));
      }
      return ok;
    });
    leaving.set(old.id, saving);
    void saving.finally(() => {
      if (leaving.get(old.id) === saving) leaving.delete(old.id);
    });
  };

  const apply = (draft: Draft) => {
    const rows = get().rows;
    // Rows are rebuilt only when the record changed, so focus and half-typed rows stay put.
    const sameRows = get().draft?.id === draft.id && sameAttributes(attributesOf(rows), draft.attributes);
    set({ draft, rows: sameRows ? rows : rowsOf(draft.attributes), loadError: null });
  };

  return {
    draftId: null,
    draft: null,
    rows: [],
    loadError: null,
    save: { state: 'idle' },

    async open(id) {
      if (session?.id === id && get().draft) {
        await get().refresh([id]);
        return;
      }
      if (session) leave(session);
      const own = startSession(id);
      session = own;
      set({ draftId: id, draft: null, rows: [], loadError: null, save: { state: 'idle' } });
      await leaving.get(id);
      try {
        const draft = await call('drafts:get', { id });
        if (session === own) apply(draft);
      } catch (error) {
        if (session === own) set({ loadError: messageOf(error) });
      }
    },

    edit(change) {
      const current = get().draft;
      if (!session || !current) return;
      const draft = change(current);
      session.edits += 1;
      set({ draft });
      session.autosave.change(draft);
    },

    setRows(rows) {
      const current = get().draft;
      if (!session || !current) return;
      const draft = { ...current, attributes: attributesOf(rows) };
      session.edits += 1;
      set({ rows, draft });
      session.autosave.change(draft);
    },

    flush: () => session?.autosave.flush() ?? Promise.resolve(true),

    takePhotos(stored) {
      const current = get().draft;
      if (!current || current.id !== stored.id) return;
      set({
        draft: { ...current, photos: stored.photos, status: stored.status, updatedAt: stored.updatedAt },
      });
    },

    async refresh(ids) {
      const own = session;
      if (!own || !get().draft || (ids && !ids.includes(own.id)) || own.autosave.dirty) return;
      const edits = own.edits;
      try {
        const stored = await call('drafts:get', { id: own.id });
        const current = get().draft;
        if (session !== own || own.edits !== edits || own.autosave.dirty || !current) return;
        // Another desk's change merged in (issue 24.4) may leave conflicts with the dates as they were.
        if (
          stored.updatedAt !== current.updatedAt ||
          JSON.stringify(stored.shop) !== JSON.stringify(current.shop)
        )
          apply(stored);
        // Publishing changes the status and the link to the service, not the seller's fields.
        else if (
          stored.status !== current.status ||
          JSON.stringify(stored.remote) !== JSON.stringify(current.remote)
        )
          set({ draft: { ...current, status: stored.status, remote: stored.remote } });
      } catch {
        // The draft went away (emptied trash): the list closes the editor; nothing typed is lost.
      }
    },
  };
});
