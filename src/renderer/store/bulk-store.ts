// Bulk edits (issue 17.4): the "Change…" dialog's target (ticked drafts or live listings), its
// preview, and the jobs of live listings as main reports them (`bulk:changed`).
import { create } from 'zustand';
import type { BulkDraftsResult, BulkEdit, BulkJob, BulkRowPlan } from '../../shared/domain/bulk';
import { call, subscribe } from '../ipc/client';
import { failureOf, type LiveFailure } from './live-failure';

export type BulkTarget = 'drafts' | 'listings';

/**
 * Issue 37.4: on a desk that must ask, Apply asks instead: one request per ad that changes, each
 * carrying exactly its row of the preview, made one after another; nothing is sent to the service.
 */
export interface BulkAsking {
  total: number;
  results: { uuid: string; title: string; requestId?: string; failure?: LiveFailure }[];
  running: boolean;
}

interface BulkState {
  /** What the open dialog changes; null when closed. */
  dialog: { target: BulkTarget; ids: string[] } | null;
  /** `asks`: made for asking (from the ads as this desk knows them); its Apply asks. */
  preview: { edit: BulkEdit; rows: BulkRowPlan[]; asks: boolean } | null;
  busy: boolean;
  failure: LiveFailure | null;
  /** What the last Apply to drafts did. */
  draftsResult: BulkDraftsResult | null;
  /** The job the dialog follows (live listings). */
  jobId: string | null;
  jobs: BulkJob[];
  /** The requests asked for by the last Apply on a desk that must ask. */
  asking: BulkAsking | null;
  open(target: BulkTarget, ids: string[]): void;
  close(): void;
  /** Forgets the preview (the edit was changed). */
  clearPreview(): void;
  /** The preview of `edit`; `asks` on a desk that must ask (its Apply then asks, ad by ad). */
  showPreview(edit: BulkEdit, asks?: boolean): Promise<void>;
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
    asking: null,
    open: (target, ids) =>
      set({
        dialog: { target, ids },
        preview: null,
        failure: null,
        draftsResult: null,
        jobId: null,
        asking: null,
      }),
    close: () =>
      set({ dialog: null, preview: null, failure: null, draftsResult: null, jobId: null, asking: null }),
    clearPreview: () => set({ preview: null, failure: null }),
    showPreview: (edit, asks = false) =>
      guarded(async () => {
        const dialog = get().dialog;
        if (!dialog) return;
        const asking = asks && dialog.target === 'listings';
        const { rows } =
          dialog.target === 'drafts'
            ? await call('bulk:preview-drafts', { ids: dialog.ids, edit })
            : asking
              ? await call('approvals:preview-edit', { uuids: dialog.ids, edit })
              : await call('bulk:preview-listings', { uuids: dialog.ids, edit });
        set({ preview: { edit, rows, asks: asking } });
      }),
    apply: () =>
      guarded(async () => {
        const { dialog, preview } = get();
        if (!dialog || !preview) return;
        if (preview.asks) {
          const rows = preview.rows.filter((row) => row.outcome === 'change');
          const run: BulkAsking = { total: rows.length, results: [], running: true };
          set({ asking: run });
          for (const row of rows) {
            let result: BulkAsking['results'][number];
            try {
              const { requestId } = await call('approvals:ask-edit', { listing: row.id, edit: preview.edit });
              result = { uuid: row.id, title: row.title, requestId };
            } catch (error) {
              result = { uuid: row.id, title: row.title, failure: failureOf(error) };
            }
            run.results = [...run.results, result];
            set({ asking: { ...run } });
          }
          set({ asking: { ...run, running: false } });
        } else if (dialog.target === 'drafts') {
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
