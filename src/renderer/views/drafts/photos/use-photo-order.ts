// The order of the draft's photos as the seller changes it: each change is shown at once and sent
// to main (drafts:set-photos); main's answer wins. A removal waits a few seconds so it can be undone,
// since main deletes a removed photo's files.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Draft, DraftPhoto } from '../../../../shared/domain/drafts';
import { call } from '../../../ipc/client';
import { useShownPhotos } from '../../../store/shown-photos-store';
import type { PhotoCallGate } from './photo-call-gate';
import { idsToSend, inOrder } from './photo-order';

/** How long a removed photo can be brought back. */
export const UNDO_REMOVE_MS = 10_000;

export interface PhotoOrder {
  /** The photos as shown: in the seller's latest order, without those just removed. */
  photos: DraftPhoto[];
  /** Photos removed but not yet deleted; Undo brings them back. */
  removed: DraftPhoto[];
  /** Counts the seller's changes (see IntakeDeps.userRevision). */
  revision(): number;
  /** Keeps the shown photos in this order (drag, keys, Move, Make cover). */
  reorder(ids: string[]): void;
  remove(id: string): void;
  undoRemove(): void;
}

export interface OrderDeps {
  draft: Draft;
  gate: PhotoCallGate;
  /** The newest draft known, when a change is sent. */
  latest(): Draft;
  accept(draft: Draft): void;
  reportError(error: unknown): void;
}

interface Shown {
  draft: Draft;
  local: string[] | null;
  removed: DraftPhoto[];
  /** Removed photos whose deletion was sent: hidden until main has answered. */
  deleting: ReadonlySet<string>;
}

function visible({ draft, local, removed, deleting }: Shown): DraftPhoto[] {
  const gone = new Set([...deleting, ...removed.map((p) => p.id)]);
  return inOrder(draft.photos, local).filter((p) => !gone.has(p.id));
}

/** The order of the draft's photos. */
export function usePhotoOrder(deps: OrderDeps): PhotoOrder {
  const { draft } = deps;
  // The order shown until main's answers are in; null shows the draft's own order.
  const [local, setLocal] = useState<string[] | null>(null);
  const [removed, setRemoved] = useState<DraftPhoto[]>([]);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const shown = useRef<Shown>({ draft, local, removed, deleting });
  const depsRef = useRef(deps);
  useEffect(() => {
    shown.current = { draft, local, removed, deleting };
    depsRef.current = deps;
  });
  const mounted = useRef(true);
  const inFlight = useRef(0);
  const changes = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Stores the order `ids`; photos removed until now are deleted with it. */
  const commit = useCallback(async (ids: string[]) => {
    const { gate, latest, accept, reportError } = depsRef.current;
    clearTimeout(timer.current);
    changes.current += 1;
    inFlight.current += 1;
    // Committing the order deletes what was removed: its undo ends here.
    const sent = shown.current.removed.map((p) => p.id);
    const withSent = (all: ReadonlySet<string>) => new Set([...all, ...sent]);
    const deletingNow = withSent(shown.current.deleting);
    shown.current = { ...shown.current, local: ids, removed: [], deleting: deletingNow };
    setLocal(ids);
    setRemoved([]);
    setDeleting(withSent);
    const draftId = latest().id;
    try {
      // The ids are worked out inside the gate, from the newest draft: see PhotoCallGate.
      await gate.set(async () => {
        const photoIds = idsToSend(ids, latest(), deletingNow);
        accept(await call('drafts:set-photos', { draftId, photoIds }));
      });
    } catch (error) {
      reportError(error);
      // Left meanwhile: the list's row takes main's count again (the photos were not removed).
      if (!mounted.current) useShownPhotos.getState().show(draftId, null);
    } finally {
      inFlight.current -= 1;
      if (inFlight.current === 0) setLocal(null);
      // Answered: main's draft no longer names them (or, when it failed, still does).
      setDeleting((all) => new Set([...all].filter((id) => !sent.includes(id))));
    }
  }, []);

  const commitShown = useCallback(() => {
    void commit(visible(shown.current).map((p) => p.id));
  }, [commit]);

  // Leaving the draft deletes what was removed now rather than never.
  useEffect(
    () => () => {
      if (shown.current.removed.length > 0) commitShown();
    },
    [commitShown],
  );

  const remove = useCallback(
    (id: string) => {
      const photo = shown.current.draft.photos.find((p) => p.id === id);
      if (!photo) return;
      const next = [...shown.current.removed, photo];
      shown.current = { ...shown.current, removed: next };
      setRemoved(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(commitShown, UNDO_REMOVE_MS);
    },
    [commitShown],
  );

  const undoRemove = useCallback(() => {
    clearTimeout(timer.current);
    shown.current = { ...shown.current, removed: [] };
    setRemoved([]);
  }, []);

  const photos = useMemo(
    () => visible({ draft, local, removed, deleting }),
    [draft, local, removed, deleting],
  );

  // The Drafts list's row counts what is shown here at once, not after the Undo ran out (issue 23.5).
  const draftId = draft.id;
  useEffect(() => useShownPhotos.getState().show(draftId, photos.length), [draftId, photos.length]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const now = shown.current;
      useShownPhotos.getState().leave(now.draft.id, visible(now).length, now.draft.photos.length);
    };
  }, []);
  return {
    photos,
    removed,
    revision: useCallback(() => changes.current, []),
    reorder: useCallback((ids: string[]) => void commit(ids), [commit]),
    remove,
    undoRemove,
  };
}
