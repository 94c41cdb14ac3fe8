// The drafts store as the app uses it on a desk in a shop: every change marks the outbox first
// (sync/outbox.ts says why before), then goes to the store as before. Hooking the store itself, not its
// events, catches every writer (the editor, photo intake, imports, the publish engine, upgrades),
// and a mark written before the change cannot be lost to a crash after it. A new draft's id is
// marked when the store asks for it (`newId`), before the draft is written.
import { randomUUID } from 'node:crypto';
import type { DraftsStore } from '../../storage/drafts-store';
import { DRAFT_KIND } from './kind-drafts';
import type { Outbox } from '../sync';

export interface DraftMarks {
  /** The id maker for openDraftsStore: marks each new draft in the outbox before it is written. */
  newId(): string;
  /** The store with each change marked in the outbox before it is made. */
  wrap(store: DraftsStore): DraftsStore;
}

/** Marks of draft changes in `outbox`. */
export function draftMarks(outbox: Outbox): DraftMarks {
  // New drafts marked by `newId`, landed once the store's create or duplicate has resolved.
  const creating = new Map<string, () => void>();
  const landNew = async <T extends { id: string }>(made: Promise<T>): Promise<T> => {
    const draft = await made;
    creating.get(draft.id)?.();
    creating.delete(draft.id);
    return draft;
  };
  const marking = async <T>(ids: readonly string[], run: () => Promise<T>): Promise<T> => {
    const landed = [...new Set(ids)].map((id) => outbox.mark(DRAFT_KIND, id));
    try {
      return await run();
    } finally {
      for (const land of landed) land();
    }
  };
  return {
    newId() {
      const id = randomUUID();
      creating.set(id, outbox.mark(DRAFT_KIND, id));
      return id;
    },
    wrap: (store) => ({
      get problems() {
        return store.problems;
      },
      list: () => store.list(),
      listTrash: () => store.listTrash(),
      get: (id) => store.get(id),
      create: (init) => landNew(store.create(init)),
      duplicate: (id) => landNew(store.duplicate(id)),
      save: (draft) => marking([draft.id], () => store.save(draft)),
      update: (id, change) => marking([id], () => store.update(id, change)),
      rewrite: (id, change) => marking([id], () => store.rewrite(id, change)),
      trash: (ids) => marking(ids, () => store.trash(ids)),
      restore: (ids) => marking(ids, () => store.restore(ids)),
      emptyTrash: () =>
        marking(
          store.listTrash().map((entry) => entry.id),
          () => store.emptyTrash(),
        ),
      receive: (id, make) => store.receive(id, make),
      flush: () => store.flush(),
      close: () => store.close(),
    }),
  };
}
