// Autosave of one open draft: a save `delayMs` after the last change, one save in flight at a
// time, and the newest value sent after it, so no edit is lost and no older answer is taken for
// newer typing. Pure (timers only), so it is tested under plain Node.

/** What the seller sees of the saving: nothing yet, waiting or sending, saved, or failed. */
export type SaveStatus =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'error'; message: string; code?: string };

export interface AutosaveOptions<T, R> {
  delayMs: number;
  save(value: T): Promise<R>;
  /** An answer; `current` is false when newer changes were made while it was on its way. */
  onSaved(result: R, current: boolean): void;
  onStatus(status: SaveStatus): void;
}

export interface Autosave<T> {
  /** The value changed: it is saved `delayMs` after the last change (or at the next flush). */
  change(value: T): void;
  /** The value was changed for the seller (by main, not by typing): a save to come sends it; none is started. */
  replace(value: T): void;
  /** Saves every change made so far now; resolves true once all is saved, false when a save failed. */
  flush(): Promise<boolean>;
  /** True while a change is not yet saved (waiting, on its way, or failed). */
  readonly dirty: boolean;
  /** The last status reported. */
  readonly status: SaveStatus;
  /** Stops the timer; a flush still in flight finishes. */
  dispose(): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
// The contract's errors carry a code (e.g. 'conflict') the UI can put into words.
const codeOf = (error: unknown) => {
  const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' ? { code } : {};
};

/** Starts the autosave of one value. */
export function createAutosave<T, R>(options: AutosaveOptions<T, R>): Autosave<T> {
  let latest: T | undefined;
  // Revisions count changes: `wanted` is what a flush asked for, `saved` what main has stored.
  let revision = 0;
  let wanted = 0;
  let saved = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<boolean> | undefined;
  let disposed = false;
  let status: SaveStatus = { state: 'idle' };
  const report = (next: SaveStatus) => {
    status = next;
    options.onStatus(next);
  };

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const run = async (): Promise<boolean> => {
    while (wanted > saved) {
      const sending = revision;
      report({ state: 'saving' });
      try {
        const result = await options.save(latest as T);
        saved = sending;
        options.onSaved(result, revision === sending);
      } catch (error) {
        report({ state: 'error', message: messageOf(error), ...codeOf(error) });
        return false;
      }
    }
    // Changes made during the last save wait for their own timer (the seller is still typing).
    report(revision > saved ? { state: 'pending' } : { state: 'saved' });
    return true;
  };

  const flush = (): Promise<boolean> => {
    stopTimer();
    wanted = revision;
    if (running) return running;
    if (wanted <= saved) return Promise.resolve(true);
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    change(value) {
      latest = value;
      revision += 1;
      if (!running) report({ state: 'pending' });
      stopTimer();
      if (!disposed) timer = setTimeout(() => void flush(), options.delayMs);
    },
    replace(value) {
      latest = value;
    },
    async flush() {
      // A flush that starts while another save is on its way waits for it, then sends what is new.
      let ok = await flush();
      while (ok && revision > saved) ok = await flush();
      return ok;
    },
    get dirty() {
      return revision > saved;
    },
    get status() {
      return status;
    },
    dispose() {
      disposed = true;
      stopTimer();
    },
  };
}
