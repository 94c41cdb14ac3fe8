// Grouped commits (issue 38.2): writes that come in while a group of earlier ones is being made
// durable are gathered and made durable together in the next group, so N writes at once cost a few
// syncs instead of a few each. Each caller's promise resolves only after the group holding its write
// is durable (never with an earlier group). One group commits at a time, in the order they formed.
// The drafts store commits its drafts through it (drafts-store.ts), the publish engine its job files
// (publish/jobs/job-store.ts), whose commit may fail single writes of a group (the others stand).

/** Writes of a group that failed on their own, by key (the group's other writes are durable). */
export type SingleFailures = ReadonlyMap<string, unknown>;

export interface GroupCommits<T> {
  /**
   * Puts the write of `key` into the group being gathered (`make` gets the one it replaces there,
   * if any); resolves once that group is durable, rejects with its failure or with this write's
   * own (`SingleFailures`). `key` must not be in
   * the group being committed (wait for `settled(key)` first).
   */
  add(key: string, make: (replaced: T | undefined) => T): Promise<void>;
  /** Where the write of `key` stands: gathered, being committed, or not pending (undefined). */
  pending(key: string): 'gathered' | 'committing' | undefined;
  /** Resolves once no write of `key` is pending (committed or failed). */
  settled(key: string): Promise<void>;
  /** Resolves once nothing is pending; call where no write can be added meanwhile. */
  drain(): Promise<void>;
  /** Groups committed so far (for benches). */
  readonly committed: number;
}

interface Group<T> {
  writes: Map<string, T>;
  done: Promise<SingleFailures | void>;
  resolve(single: SingleFailures | void): void;
  reject(error: unknown): void;
}

function newGroup<T>(): Group<T> {
  let resolve!: (single: SingleFailures | void) => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<SingleFailures | void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A failure is its callers' to see; none may go unhandled when no caller waits.
  done.catch(() => undefined);
  return { writes: new Map(), done, resolve, reject };
}

/**
 * Groups writes for `commit`, which makes one group's writes durable (or throws, failing each of
 * them). The first write into an idle committer waits one turn of the event loop for others
 * already on their way; writes that arrive while a group commits form the next one.
 */
export function createGroupCommits<T>(
  commit: (writes: ReadonlyMap<string, T>) => Promise<SingleFailures | void>,
): GroupCommits<T> {
  let gathered: Group<T> | null = null;
  let committing: Group<T> | null = null;
  let scheduled = false;
  let committed = 0;

  const start = (): void => {
    scheduled = false;
    if (committing || !gathered) return;
    const group = gathered;
    gathered = null;
    committing = group;
    void (async () => {
      let failure: { error: unknown } | undefined;
      let single: SingleFailures | void = undefined;
      try {
        single = await commit(group.writes);
        committed += 1;
      } catch (error) {
        failure = { error };
      }
      // Out of the way before its callers go on, so they see their writes as no longer pending.
      committing = null;
      if (failure) group.reject(failure.error);
      else group.resolve(single);
      start();
    })();
  };

  const groupOf = (key: string) =>
    committing?.writes.has(key) ? committing : gathered?.writes.has(key) ? gathered : null;

  /** Waits for `group`, starting it now if it is the gathered one and nothing commits. */
  const waitFor = async (group: Group<T>) => {
    if (group === gathered && !committing) start();
    await group.done.catch(() => undefined);
  };

  return {
    add(key, make) {
      if (committing?.writes.has(key)) throw new Error(`A write of ${key} is being committed`);
      gathered ??= newGroup();
      gathered.writes.set(key, make(gathered.writes.get(key)));
      if (!committing && !scheduled) {
        scheduled = true;
        setImmediate(start);
      }
      const own = gathered.done.then((single) => {
        if (single?.has(key)) throw single.get(key);
      });
      // A failure is its caller's to see; none may go unhandled when the caller does not wait.
      own.catch(() => undefined);
      return own;
    },
    pending(key) {
      if (committing?.writes.has(key)) return 'committing';
      return gathered?.writes.has(key) ? 'gathered' : undefined;
    },
    async settled(key) {
      for (let group = groupOf(key); group; group = groupOf(key)) await waitFor(group);
    },
    async drain() {
      for (let group = committing ?? gathered; group; group = committing ?? gathered) await waitFor(group);
    },
    get committed() {
      return committed;
    },
  };
}
