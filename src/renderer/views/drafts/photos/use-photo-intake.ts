// Runs the photo batches of one draft: sends what was dropped or chosen, counts progress, keeps the
// refused files until the seller dismisses them, and hands each stored draft to the editor.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Draft, PhotoDuplicate } from '../../../../shared/domain/drafts';
import type { PhotoRefusal } from '../../../../shared/ipc/types';
import { call, subscribe } from '../../../ipc/client';
import type { Dropped } from './dropped-files';
import type { PhotoCallGate } from './photo-call-gate';
import { restoreBatchOrder, sameOrder } from './photo-order';
import { sendFiles, sendPaths } from './send-photos';

export interface IntakeProgressView {
  done: number;
  /** Null until main has counted the files of a dropped folder (Electron). */
  total: number | null;
}

export interface BatchSummary {
  added: number;
  refused: number;
}

export interface PhotoIntake {
  /** Progress of all batches still running, or null when none is. */
  progress: IntakeProgressView | null;
  /** Files not added, oldest first, until dismissed. */
  refusals: PhotoRefusal[];
  /** What the last finished batch did, for screen readers. */
  last: BatchSummary | null;
  /**
   * The photos each running batch (web shell) added so far, in the order dropped, while the seller
   * has not reordered since it began: shown in that order although they are stored as they finish.
   */
  arriving: string[][];
  /** New photos that look like one the draft has, until the seller keeps or removes each. */
  duplicates: PhotoDuplicate[];
  add(dropped: Dropped): void;
  dismissRefusals(): void;
  /** The seller chose for the new photo `photoId` (kept or removed): it is asked no more. */
  settleDuplicate(photoId: string): void;
}

export interface IntakeDeps {
  draftId: string;
  gate: PhotoCallGate;
  /** Takes a draft as main stored it. */
  accept(draft: Draft): void;
  /** The newest draft known (answers and the editor's own). */
  latest(): Draft;
  /** Counts the seller's own order changes, so a batch does not undo one made meanwhile. */
  userRevision(): number;
  reportError(error: unknown): void;
}

let batchCount = 0;
/** A new batch: its id for main, and its number, which orders its refusals after earlier ones. */
function newBatch(): { id: string; seq: number } {
  batchCount += 1;
  const id = `photos-${Date.now().toString(36)}-${batchCount}-${Math.random().toString(36).slice(2, 10)}`;
  return { id, seq: batchCount };
}

/** A refusal with its place: batch number, then the file's place in the drop. */
interface Ranked {
  rank: [number, number];
  refusal: PhotoRefusal;
}

const byRank = (a: Ranked, b: Ranked) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1];

function sumOf(batches: Record<string, IntakeProgressView>): IntakeProgressView | null {
  const list = Object.values(batches);
  if (list.length === 0) return null;
  const known = list.every((b) => b.total !== null);
  return {
    done: list.reduce((n, b) => n + b.done, 0),
    total: known ? list.reduce((n, b) => n + (b.total ?? 0), 0) : null,
  };
}

/** The intake of photos for the draft `draftId`. */
export function usePhotoIntake(deps: IntakeDeps): PhotoIntake {
  const depsRef = useRef(deps);
  useEffect(() => {
    depsRef.current = deps;
  });
  const [batches, setBatches] = useState<Record<string, IntakeProgressView>>({});
  const [refusals, setRefusals] = useState<Ranked[]>([]);
  const [last, setLast] = useState<BatchSummary | null>(null);
  const [duplicates, setDuplicates] = useState<PhotoDuplicate[]>([]);
  const noteDuplicates = useCallback((more: PhotoDuplicate[] | undefined) => {
    if (more && more.length > 0) setDuplicates((all) => [...all, ...more]);
  }, []);
  const [arriving, setArriving] = useState<Record<string, { ids: string[]; revision: number }>>({});
  // Electron batches, whose progress comes as events from main.
  const pathBatches = useRef(new Set<string>());

  useEffect(
    () =>
      subscribe('drafts:intake-progress', (event) => {
        if (!pathBatches.current.has(event.batchId)) return;
        setBatches((all) =>
          all[event.batchId] ? { ...all, [event.batchId]: { done: event.done, total: event.total } } : all,
        );
      }),
    [],
  );

  const progress = useCallback((id: string, view: IntakeProgressView | null) => {
    setBatches((all) => {
      const { [id]: _gone, ...rest } = all;
      return view ? { ...rest, [id]: view } : rest;
    });
  }, []);

  // Files of one drop finish in any order; their refusals are listed in the order dropped.
  const refuse = useCallback((seq: number, first: number, more: PhotoRefusal[]) => {
    if (more.length === 0) return;
    const ranked = more.map((refusal, i): Ranked => ({ rank: [seq, first + i], refusal }));
    setRefusals((all) => [...all, ...ranked].sort(byRank));
  }, []);

  const runPaths = useCallback(
    async ({ id: batchId, seq }: { id: string; seq: number }, paths: string[]) => {
      const { draftId, accept, gate } = depsRef.current;
      pathBatches.current.add(batchId);
      progress(batchId, { done: 0, total: null });
      try {
        await sendPaths(gate, { draftId, batchId, paths }, (result) => {
          accept(result.draft);
          refuse(seq, 0, result.refused);
          noteDuplicates(result.duplicates);
          setLast({ added: result.added, refused: result.refused.length });
        });
      } catch (error) {
        depsRef.current.reportError(error);
      } finally {
        pathBatches.current.delete(batchId);
        progress(batchId, null);
      }
    },
    [progress, refuse, noteDuplicates],
  );

  /**
   * After a batch sent side by side: puts its photos back in the order they were dropped, unless
   * the seller changed the order meanwhile (theirs wins).
   */
  const restoreOrder = useCallback(async (batch: string[], revision: number) => {
    const { draftId, accept, gate, latest, userRevision } = depsRef.current;
    await gate.set(async () => {
      const ids = latest().photos.map((p) => p.id);
      const wanted = restoreBatchOrder(ids, batch);
      if (userRevision() !== revision || sameOrder(ids, wanted)) return;
      accept(await call('drafts:set-photos', { draftId, photoIds: wanted }));
    });
  }, []);

  const runFiles = useCallback(
    async (
      { id: batchId, seq }: { id: string; seq: number },
      dropped: Extract<Dropped, { kind: 'files' }>,
    ) => {
      const { draftId, accept, gate } = depsRef.current;
      const tally = { done: 0, total: 0, refused: 0 };
      // The photo each file became, by the file's place in the drop.
      const added: (string | undefined)[] = [];
      progress(batchId, { done: 0, total: null });
      try {
        const { files, skipped } = await dropped.collect();
        refuse(seq, 0, skipped);
        tally.refused = skipped.length;
        tally.total = files.length;
        const revision = depsRef.current.userRevision();
        progress(batchId, { done: 0, total: tally.total });
        await sendFiles(gate, { draftId, batchId }, files, (outcome) => {
          tally.done += 1;
          progress(batchId, { done: tally.done, total: tally.total });
          if ('result' in outcome) {
            const { draft, refused } = outcome.result;
            // Main appends the file's photo to the draft as it stores it: it is the last one.
            if (outcome.result.added > 0) {
              added[outcome.index] = draft.photos.at(-1)?.id;
              const ids = added.filter((id): id is string => id !== undefined);
              setArriving((all) => ({ ...all, [batchId]: { ids, revision } }));
            }
            accept(draft);
            refuse(seq, skipped.length + outcome.index, refused);
            noteDuplicates(outcome.result.duplicates);
            tally.refused += refused.length;
          } else {
            // An unreadable file is worded by the page; a failed call keeps main's error to show.
            const message = outcome.code === 'call-failed' ? outcome.error : '';
            refuse(seq, skipped.length + outcome.index, [
              { name: outcome.file.name, code: outcome.code, message },
            ]);
            tally.refused += 1;
          }
        });
        const batch = added.filter((id): id is string => id !== undefined);
        if (batch.length > 1) await restoreOrder(batch, revision);
      } catch (error) {
        depsRef.current.reportError(error);
      } finally {
        progress(batchId, null);
        setArriving(({ [batchId]: _done, ...rest }) => rest);
        setLast({ added: added.filter(Boolean).length, refused: tally.refused });
      }
    },
    [progress, refuse, restoreOrder, noteDuplicates],
  );

  const add = useCallback(
    (dropped: Dropped) => {
      const batch = newBatch();
      if (dropped.kind === 'paths') void runPaths(batch, dropped.paths);
      else void runFiles(batch, dropped);
    },
    [runPaths, runFiles],
  );

  const revision = deps.userRevision();
  return {
    progress: sumOf(batches),
    refusals: useMemo(() => refusals.map((r) => r.refusal), [refusals]),
    last,
    arriving: Object.values(arriving).flatMap((batch) => (batch.revision === revision ? [batch.ids] : [])),
    duplicates,
    add,
    dismissRefusals: useCallback(() => setRefusals([]), []),
    settleDuplicate: useCallback(
      (photoId: string) => setDuplicates((all) => all.filter((d) => d.photoId !== photoId)),
      [],
    ),
  };
}
