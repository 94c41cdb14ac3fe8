// The open draft of the editor: loaded with drafts:get, edited here, autosaved with drafts:save.
// The seller's typing is the truth for the fields typed; every other field shows what main holds.
// A save sends the fields as the editor last got them from main (the base), so main writes only
// what the seller changed, and a change made meanwhile elsewhere (another desk, a bulk edit, the
// live ad) is kept and shown, even while the seller types (issue 24.4).
import i18next from 'i18next';
import { create } from 'zustand';
import type { Draft, DraftFields } from '../../shared/domain/drafts';
import { call } from '../ipc/client';
import { useAppStore } from './app-store';
import { attributesOf, rowsOf, sameAttributes, type AttributeRow } from './attribute-rows';
import { createAutosave, type Autosave, type SaveStatus } from './draft-autosave';
import {
  crossedFields,
  draftFieldsOf,
  rebasedFields,
  sameData,
  withTypedFields,
} from '../../shared/domain/shop';

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
  /** Reloads the open draft when `ids` name it; fields typed and not yet saved stay as typed. */
  refresh(ids?: readonly string[]): Promise<void>;
}

interface Session {
  id: string;
  autosave: Autosave<Draft>;
  /** The fields as last got from main; null while loading. */
  base: DraftFields | null;
  /** Counts saves sent, so a reload that a save overtook is dropped (the save's answer is newer). */
  sends: number;
  saving: boolean;
  /** A reload was dropped for a save on its way: it runs again once the save is answered. */
  again: boolean;
}

let session: Session | null = null;
// Saves of drafts left behind, so reopening one waits until its last edit is on disk.
const leaving = new Map<string, Promise<boolean>>();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useEditorStore = create<EditorState>((set, get) => {
  const startSession = (id: string): Session => {
    const send = async (draft: Draft) => {
      const sent = draftFieldsOf(draft);
      own.sends += 1;
      own.saving = true;
      try {
        const base = own.base ?? undefined;
        return { sent, stored: await call('drafts:save', { draft: sent, base }) };
      } finally {
        own.saving = false;
        if (own.again) {
          own.again = false;
          void get().refresh([own.id]);
        }
      }
    };
    const own: Session = {
      id,
      base: null,
      sends: 0,
      saving: false,
      again: false,
      autosave: createAutosave<Draft, { sent: DraftFields; stored: Draft }>({
        delayMs: AUTOSAVE_DELAY_MS,
        save: send,
        // What was typed after this save was sent stays; every other field shows what main stored.
        onSaved: ({ sent, stored }) => take(own, stored, sent),
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

  /** Takes the draft as main stored it, keeping the fields that differ from `typedAgainst` as typed. */
  const take = (own: Session, stored: Draft, typedAgainst: DraftFields) => {
    const current = get().draft;
    if (session !== own || !current || current.id !== stored.id) return;
    const typed = draftFieldsOf(current);
    // A field still as typed keeps its old base, so its save meets what arrived under it (issue 32.1).
    own.base = rebasedFields(stored, typed, typedAgainst);
    const next = withTypedFields(stored, typed, typedAgainst);
    // The next save sends the fields taken in as they are now, never the values they replaced.
    own.autosave.replace(next);
    if (!sameData(next, current)) apply(next);
    // A change arrived under what the seller is typing: saved now, so main shows both at once.
    if (own.autosave.dirty && crossedFields(stored, typed, typedAgainst).length > 0)
      void own.autosave.flush();
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
        if (session !== own) return;
        own.base = draftFieldsOf(draft);
        apply(draft);
      } catch (error) {
        if (session === own) set({ loadError: messageOf(error) });
      }
    },

    edit(change) {
      const current = get().draft;
      if (!session || !current) return;
      const draft = change(current);
      set({ draft });
      session.autosave.change(draft);
    },

    setRows(rows) {
      const current = get().draft;
      if (!session || !current) return;
      const draft = { ...current, attributes: attributesOf(rows) };
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
      if (!own?.base || !get().draft || (ids && !ids.includes(own.id))) return;
      if (own.saving) {
        own.again = true;
        return;
      }
      const sends = own.sends;
      try {
        const stored = await call('drafts:get', { id: own.id });
        if (session !== own || !own.base) return;
        // Read before a save that is now on its way or answered: that save's answer is the newer copy.
        if (own.sends !== sends) {
          if (own.saving) own.again = true;
          else void get().refresh([own.id]);
          return;
        }
        take(own, stored, own.base);
      } catch {
        // The draft went away (emptied trash): the list closes the editor; nothing typed is lost.
      }
    },
  };
});
