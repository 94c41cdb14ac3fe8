// Publishing as the renderer sees it: every job (kept up to date by main's `publish:changed`
// events, never by polling), the notices of ads that went live or were rejected, and what the last
// "Publish" click refused.
import { create } from 'zustand';
import type {
  PublishJobView,
  PublishNotice,
  PublishStartResult,
  PublishState,
} from '../../shared/domain/publishing';
import { call } from '../ipc/client';
import { useAppStore } from './app-store';

/** A notice on screen, with the key it is dismissed by. */
export interface ShownNotice extends PublishNotice {
  key: number;
}

interface PublishStore {
  /** Jobs by id; `order` lists them newest first. */
  jobs: ReadonlyMap<string, PublishJobView>;
  order: readonly string[];
  problems: PublishState['problems'];
  loaded: boolean;
  notices: readonly ShownNotice[];
  /** Drafts the last Publish click could not start, with why (shown where the click was made). */
  refused: readonly PublishStartResult[];
  load(): Promise<void>;
  /** Folds changed jobs in (from the event). */
  merge(jobs: readonly PublishJobView[]): void;
  /** Publishes drafts; resolves with one result per draft (refusals are also kept in `refused`). */
  publish(draftIds: string[]): Promise<PublishStartResult[]>;
  cancel(jobId: string): Promise<void>;
  /**
   * Retries a job; resolves 'needs-confirmation' when the seller must first accept the risk of a
   * second ad (then call again with `confirmDuplicateRisk`).
   */
  retry(jobId: string, confirmDuplicateRisk?: boolean): Promise<'done' | 'needs-confirmation' | 'not-done'>;
  /** Ends a listing the service made twice for a job (deleted, or left without an ad). */
  endTwice(jobId: string, listingUuid: string): Promise<void>;
  notice(notice: PublishNotice): void;
  dismissNotice(key: number): void;
  clearRefused(): void;
}

const newestFirst = (jobs: ReadonlyMap<string, PublishJobView>) =>
  [...jobs.values()]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.title.localeCompare(b.title))
    .map((job) => job.id);

const report = (error: unknown) => useAppStore.getState().reportError(error);
let noticeKey = 0;

export const usePublishStore = create<PublishStore>((set, get) => ({
  jobs: new Map(),
  order: [],
  problems: [],
  loaded: false,
  notices: [],
  refused: [],
  async load() {
    try {
      const state = await call('publish:list');
      const jobs = new Map(state.jobs.map((job) => [job.id, job]));
      set({ jobs, order: newestFirst(jobs), problems: state.problems, loaded: true });
    } catch (error) {
      report(error);
    }
  },
  merge(changed) {
    if (changed.length === 0) return;
    const jobs = new Map(get().jobs);
    let added = false;
    for (const job of changed) {
      if (!jobs.has(job.id)) added = true;
      jobs.set(job.id, job);
    }
    set(added ? { jobs, order: newestFirst(jobs) } : { jobs });
  },
  async publish(draftIds) {
    try {
      const { results } = await call('publish:start', { draftIds });
      set({ refused: results.filter((result) => result.error) });
      // The new jobs' events may come before this answer or after it: a list makes sure of them.
      await get().load();
      return results;
    } catch (error) {
      report(error);
      return [];
    }
  },
  async cancel(jobId) {
    try {
      await call('publish:cancel', { jobId });
    } catch (error) {
      report(error);
    }
  },
  async retry(jobId, confirmDuplicateRisk) {
    try {
      const result = await call('publish:retry', {
        jobId,
        ...(confirmDuplicateRisk && { confirmDuplicateRisk: true }),
      });
      if (result.needsConfirmation) return 'needs-confirmation';
      return result.done ? 'done' : 'not-done';
    } catch (error) {
      report(error);
      return 'not-done';
    }
  },
  async endTwice(jobId, listingUuid) {
    try {
      await call('publish:end-twice', { jobId, listingUuid });
    } catch (error) {
      report(error);
    }
  },
  notice(notice) {
    noticeKey += 1;
    // A draft's newer message replaces its older one (a rejection is stale once the ad is live);
    // the latest few stay on screen, older ones are in the Publishing view anyway.
    const others = get().notices.filter((shown) => shown.draftId !== notice.draftId);
    set({ notices: [...others, { ...notice, key: noticeKey }].slice(-4) });
  },
  dismissNotice(key) {
    set({ notices: get().notices.filter((notice) => notice.key !== key) });
  },
  clearRefused: () => set({ refused: [] }),
}));

/**
 * Whether a job waits for the seller: failed or rejected (or its ad read later in a state that needs
 * them), and not taken over by a later Publish.
 */
export function needsSeller(job: PublishJobView): boolean {
  const failed = job.state === 'failed' || job.state === 'rejected';
  return !job.supersededBy && (failed || job.later?.outcome === 'needs-seller');
}

/** The jobs of one draft, newest first. */
export function jobsOfDraft(
  jobs: ReadonlyMap<string, PublishJobView>,
  order: readonly string[],
  draftId: string,
): PublishJobView[] {
  return order.flatMap((id) => {
    const job = jobs.get(id);
    return job && job.draftId === draftId ? [job] : [];
  });
}
