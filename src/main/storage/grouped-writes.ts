// Writes of one changing record, grouped: a caller is answered once a write that began after its
// call has finished, so everything it changed before calling is on disk; callers that come while a
// write is under way share the one write after it. A file rewritten after every small change (the
// listings cache after each ad a feed updates) then costs one write per burst instead of one each.

/** A function that writes `write()` again for its callers, grouping callers that overlap a write. */
export function groupedWrites(write: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const current = write().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    // The write under way may have begun before the caller's change: one more write after it.
    const next = running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    queued = next;
    return next;
  };
}
