// Tells listeners which jobs changed. Byte progress comes many times a second per upload, so
// changes are gathered and sent at most every `intervalMs`; a job's state change goes at once.
import type { PublishJobView } from '../../../shared/domain/publishing';

export type JobsListener = (jobs: PublishJobView[]) => void;

export interface ViewEmitter {
  /** Notes that job `id` changed; `now` sends the gathered changes at once. */
  changed(id: string, now?: boolean): void;
  subscribe(listener: JobsListener): () => void;
  /** Sends what is pending and stops the timer. */
  close(): void;
}

/** An emitter reading the views through `view`. */
export function createViewEmitter(
  intervalMs: number,
  view: (id: string) => PublishJobView | undefined,
  log: { error(message: string, error?: unknown): void },
): ViewEmitter {
  const listeners = new Set<JobsListener>();
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (dirty.size === 0) return;
    const views = [...dirty].flatMap((id) => view(id) ?? []);
    dirty.clear();
    for (const listener of listeners) {
      try {
        listener(views);
      } catch (error) {
        log.error('A listener of publish jobs failed', error);
      }
    }
  };

  return {
    changed(id, now = false) {
      if (listeners.size === 0) return;
      dirty.add(id);
      if (now) flush();
      else timer ??= setTimeout(flush, intervalMs);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: flush,
  };
}
