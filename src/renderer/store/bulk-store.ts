// Bulk edits (issue 17.4): the "Change…" dialog's target (ticked drafts or live listings), its
// preview, and the jobs of live listings as main reports them (`bulk:changed`).
import { create } from 'zustand';
import type { BulkDraftsResult, BulkEdit, BulkJob, BulkRowPlan } from '../../shared/domain/bulk';
import { call, subscribe } from '../ipc/client';
import { failureOf, type LiveFailure } from './live-failure';

export type BulkTarget = 'drafts' | 'listings';

interface BulkState {
  /** What the open dialog changes; null when closed. */
  dialog: { target: BulkTarget; ids: string[] } | null;
  preview: { edit: BulkEdit; rows: BulkRowPlan[] } | null;
  busy: boolean;
  failure: LiveFailure | null;
  /** What the last Apply to drafts did. */
  draftsResult: BulkDraftsResult | null;
  /** The job the dialog follows (live listings). */
  jobId: string | null;
  jobs: BulkJob[];
  open(target: BulkTarget, ids: string[]): void;
  close(): void;
  /** Forgets the preview (the edit was changed). */
  clearPreview(): void;
  showPreview(edit: BulkEdit): Promise<void>;
  apply(): Promise<void>;
  retry(jobId: string, uuid?: string): Promise<void>;
  dismiss(jobId: string): Promise<void>;
  /** Loads the jobs and follows them; returns the unsubscribe. */
  follow(): () => void;
}

export const useBulkStore = create<BulkState>((set, get) => {
  const guarded = async (task: () => Promise<void>) => {
    set({ busy: true, failure: null });
    try {
      await task();
    } catch (error) {
      set({ failure: failureOf(error) });
    } finally {
      set({ busy: false });
    }
  };
  const putJob = (job: BulkJob) => set({ jobs: [job, ...get().jobs.filter((j) => j.id !== job.id)] });
  return {
    dialog: null,
    preview: null,
    busy: false,
    failure: null,
    draftsResult: null,
    jobId: null,
    jobs: [],
    open: (target, ids) =>
      set({ dialog: { target, ids }, preview: null, failure: null, draftsResult: null, jobId: null }),
    close: () => set({ dialog: null, preview: null, failure: null, draftsResult: null, jobId: null }),
    clearPreview: () => set({ preview: null, failure: null }),
    showPreview: (edit) =>
      guarded(async () => {
        const dialog = get().dialog;
        if (!dialog) return;
        const { rows } =
          dialog.target === 'drafts'
            ? await call('bulk:preview-drafts', { ids: dialog.ids, edit })
            : await call('bulk:preview-listings', { uuids: dialog.ids, edit });
        set({ preview: { edit, rows } });
      }),
    apply: () =>
      guarded(async () => {
        const { dialog, preview } = get();
        if (!dialog || !preview) return;
        if (dialog.target === 'drafts') {
          const result = await call('bulk:apply-drafts', { ids: dialog.ids, edit: preview.edit });
          set({ draftsResult: result });
        } else {
          const job = await call('bulk:start', { uuids: dialog.ids, edit: preview.edit });
          putJob(job);
          set({ jobId: job.id });
        }
      }),
    retry: (jobId, uuid) =>
      guarded(async () => {
        putJob(await call('bulk:retry', { jobId, ...(uuid && { uuid }) }));
      }),
    dismiss: (jobId) =>
      guarded(async () => {
        const { jobs } = await call('bulk:dismiss', { jobId });
        set({ jobs, ...(get().jobId === jobId && { jobId: null }) });
      }),
    follow() {
      void call('bulk:jobs').then(
        ({ jobs }) => set({ jobs }),
        () => undefined,
      );
      return subscribe('bulk:changed', ({ jobs }) => set({ jobs }));
    },
  };
});
