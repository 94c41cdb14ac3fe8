// A batch of Publish: the jobs' files are made a few at a time side by side (each reads its draft,
// links its photos and writes its job: disk work that does not need the others), then taken on one
// by one in the batch's order, so the drafts run in the order the seller chose them. Every job of the
// batch is on disk before the first one runs, as before: a crash during a big batch leaves each
// draft with its job to resume, never some drafts without one. A job whose making failed (a full
// disk, say) does not stop the others being taken on; its error is thrown after them. When taking
// one on fails (a shop's database out of reach), the jobs made after it are undone, as a batch made
// one by one would never have made them.

/**
 * Jobs made at once. Each waits mostly for its file's sync (storage/atomic-file.ts): syncs side by
 * side share the disk's flushes, so a batch of 50 is on disk in a few of them (issue 38.1: at 8 at
 * once, 50 drafts took some 140 ms before their first call on a loaded machine).
 */
export const BATCH_WIDTH = 32;

/**
 * Runs `make` for each of `ids` (at most BATCH_WIDTH at once), then `take` for each outcome in the order of
 * `ids`; resolves with the results of `take`, or throws the first failure of `make` once every
 * outcome that succeeded was taken.
 */
export async function startBatch<M, R>(
  ids: readonly string[],
  make: (id: string) => Promise<M>,
  take: (made: M) => Promise<R>,
  undo: (made: M) => Promise<void>,
): Promise<R[]> {
  const outcomes: Array<{ ok: true; made: M } | { ok: false; error: unknown }> = new Array(ids.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const index = next++;
      try {
        outcomes[index] = { ok: true, made: await make(ids[index]!) };
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_WIDTH, ids.length) }, worker));
  const results: R[] = [];
  let failure: { error: unknown } | null = null;
  for (const [index, outcome] of outcomes.entries()) {
    if (!outcome.ok) {
      failure ??= { error: outcome.error };
      continue;
    }
    try {
      results.push(await take(outcome.made));
    } catch (error) {
      for (const later of outcomes.slice(index + 1))
        if (later.ok) await undo(later.made).catch(() => undefined);
      throw error;
    }
  }
  if (failure) throw failure.error;
  return results;
}
