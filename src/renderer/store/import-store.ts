// The Import wizard (issue 17): the source the seller chose, what main found in it, the column
// mapping, the preview of every row, the run's progress and its result (with its undo).
import { create } from 'zustand';
import type {
  ImportInspectResult,
  ImportMapping,
  ImportPreviewResult,
  ImportProgress,
  ImportRunResult,
  ImportTarget,
  ImportUndoResult,
} from '../../shared/domain/tables';
import type { DraftTemplate } from '../../shared/domain/drafts';
import { IpcError } from '../../shared/ipc/envelope';
import { call } from '../ipc/client';
import { useAccountsStore } from './accounts-store';
import { useDraftsStore } from './drafts-store';

export type ImportStep = 'source' | 'mapping' | 'preview' | 'running' | 'result';

/** A failed call: its code and reason (so the view can word it) and main's message. */
export interface ImportFailure {
  code: string;
  message: string;
  reason?: string;
}

interface ImportState {
  open: boolean;
  step: ImportStep;
  path: string;
  /** The name of a file picked or dropped (issue 26.1) whose path main gave; null when typed. */
  picked: string | null;
  accountId: string;
  photoDir: string;
  /** The template each draft starts from ('' = none). */
  templateId: string;
  /** Keep shop categories no mapping serves as typed (issue 34.3). */
  categoriesAsTyped: boolean;
  /** The chosen account's templates (loaded when the account changes). */
  templates: DraftTemplate[];
  inspected: ImportInspectResult | null;
  mapping: ImportMapping;
  preview: ImportPreviewResult | null;
  /** Good rows (their `index`) the seller left out in the preview. */
  skipped: ReadonlySet<number>;
  runId: string | null;
  progress: ImportProgress | null;
  result: ImportRunResult | null;
  undone: ImportUndoResult | null;
  busy: boolean;
  failure: ImportFailure | null;

  /** Opens the wizard at its first step, for the selected account. */
  start(): void;
  close(): void;
  setSource(
    patch: Partial<Pick<ImportState, 'path' | 'picked' | 'accountId' | 'photoDir' | 'templateId'>>,
  ): void;
  /** Reads a picked or dropped file (issue 26.1): `source` answers its path and name, null when cancelled. */
  pick(source: () => Promise<{ path: string; name: string } | null>): Promise<void>;
  /** Reads the chosen account's templates again (a chosen one that is gone is let go). */
  loadTemplates(): Promise<void>;
  /** Reads the source: tables go to the mapping, ad files straight to the preview. */
  inspect(sheet?: string): Promise<void>;
  setColumn(index: number, target: ImportTarget | null): void;
  /** Keeps unmapped shop categories as typed (or not), and previews again. */
  setCategoriesAsTyped(keep: boolean): Promise<void>;
  /** Leaves a good row out of the import, or takes it in again. */
  toggleSkip(index: number): void;
  /** Every row as the draft it would become (again, after the file was changed). */
  runPreview(): Promise<void>;
  back(): void;
  run(): Promise<void>;
  progressed(progress: ImportProgress): void;
  undo(): Promise<void>;
  /** Closes the wizard and lists the imported drafts, the first one open. */
  showDrafts(): void;
}

const reasonOf = (details: unknown): string | undefined => {
  const reason = (details as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' ? reason : undefined;
};

const failureOf = (error: unknown): ImportFailure => {
  if (!(error instanceof IpcError))
    return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
  const reason = reasonOf(error.details);
  return { code: error.code, message: error.message, ...(reason !== undefined && { reason }) };
};

/** The rows that look like a draft already (same title and price): left out unless chosen. */
const duplicatesOf = (preview: ImportPreviewResult): Set<number> =>
  new Set(preview.rows.filter((row) => row.action === 'duplicate').map((row) => row.index));

const fresh = {
  step: 'source' as ImportStep,
  // Each import starts mapping unmapped shop categories, not keeping them as typed.
  categoriesAsTyped: false,
  inspected: null,
  mapping: [],
  preview: null,
  skipped: new Set<number>(),
  runId: null,
  progress: null,
  result: null,
  undone: null,
  busy: false,
  failure: null,
};

export const useImportStore = create<ImportState>((set, get) => {
  /** The plan main turns into drafts: what the seller chose so far. */
  const plan = () => {
    const { path, accountId, photoDir, templateId, inspected, mapping, categoriesAsTyped } = get();
    return {
      path: path.trim(),
      accountId,
      ...(categoriesAsTyped ? { categoriesAsTyped } : {}),
      ...(templateId ? { templateId } : {}),
      ...(inspected?.sheet ? { sheet: inspected.sheet } : {}),
      ...(photoDir.trim() ? { photoDir: photoDir.trim() } : {}),
      ...(inspected && inspected.kind !== 'kleinanzeigen-bot' ? { mapping } : {}),
    };
  };
  /** Runs one call with the wizard busy; a failure is kept for the step to show. */
  const busyWith = async (work: () => Promise<void>) => {
    set({ busy: true, failure: null });
    try {
      await work();
    } catch (error) {
      set({ failure: failureOf(error) });
    } finally {
      set({ busy: false });
    }
  };

  const readSource = async (sheet?: string) => {
    const inspected = await call('import:inspect', {
      path: get().path.trim(),
      ...(sheet ? { sheet } : {}),
    });
    set({ inspected, mapping: inspected.mapping, preview: null, skipped: new Set<number>() });
    if (inspected.kind === 'kleinanzeigen-bot') {
      const preview = await call('import:preview', plan());
      set({ preview, skipped: duplicatesOf(preview), step: 'preview' });
    } else {
      set({ step: 'mapping' });
    }
  };

  return {
    open: false,
    path: '',
    picked: null,
    accountId: '',
    photoDir: '',
    templateId: '',
    templates: [],
    ...fresh,

    start() {
      const accounts = useAccountsStore.getState().state;
      const known = accounts?.accounts.some((a) => a.id === get().accountId);
      set({
        ...fresh,
        open: true,
        accountId: known ? get().accountId : (accounts?.activeId ?? accounts?.accounts[0]?.id ?? ''),
      });
      void get().loadTemplates();
    },
    async loadTemplates() {
      const accountId = get().accountId;
      if (accountId === '') {
        set({ templates: [], templateId: '' });
        return;
      }
      try {
        const { templates } = await call('templates:list', { accountId });
        // The seller may have picked another account meanwhile: only the latest answer counts.
        if (get().accountId !== accountId) return;
        const kept = templates.some((t) => t.id === get().templateId);
        set({ templates, ...(kept ? {} : { templateId: '' }) });
      } catch (error) {
        if (get().accountId === accountId) set({ templates: [], templateId: '', failure: failureOf(error) });
      }
    },
    close() {
      set({ ...fresh, open: false });
    },
    setSource(patch) {
      // Another file or folder is another source: what was read of the old one goes.
      const changed = patch.path !== undefined && patch.path.trim() !== get().path.trim();
      const otherAccount = patch.accountId !== undefined && patch.accountId !== get().accountId;
      set({
        ...patch,
        ...(changed ? { inspected: null, mapping: [], preview: null, skipped: new Set<number>() } : {}),
        // Templates are per account: another account has its own (or none).
        ...(otherAccount ? { templateId: '', templates: [], preview: null } : {}),
      });
      if (otherAccount) void get().loadTemplates();
    },

    async inspect(sheet) {
      await busyWith(() => readSource(sheet));
    },
    async pick(source) {
      await busyWith(async () => {
        const picked = await source();
        if (!picked) return;
        get().setSource({ path: picked.path, picked: picked.name });
        await readSource();
      });
    },
    toggleSkip(index) {
      const skipped = new Set(get().skipped);
      if (!skipped.delete(index)) skipped.add(index);
      set({ skipped });
    },
    async setCategoriesAsTyped(keep) {
      set({ categoriesAsTyped: keep });
      if (get().preview) await get().runPreview();
    },
    setColumn(index, target) {
      const mapping = [...get().mapping];
      mapping[index] = target;
      set({ mapping, preview: null });
    },
    async runPreview() {
      await busyWith(async () => {
        const preview = await call('import:preview', plan());
        // Possible duplicates start left out: the seller ticks the ones to import all the same.
        set({ preview, skipped: duplicatesOf(preview), step: 'preview' });
      });
    },
    back() {
      const { step, inspected } = get();
      if (step === 'preview')
        set({ step: inspected?.kind === 'kleinanzeigen-bot' ? 'source' : 'mapping', failure: null });
      else if (step === 'mapping') set({ step: 'source', failure: null });
    },

    async run() {
      const runId = crypto.randomUUID();
      set({ step: 'running', runId, progress: null, busy: true, failure: null });
      try {
        const { skipped, preview } = get();
        const duplicates = new Set(preview?.rows.filter((r) => r.action === 'duplicate').map((r) => r.index));
        const skip = [...skipped].filter((index) => !duplicates.has(index));
        const taken = [...duplicates].filter((index) => !skipped.has(index));
        const result = await call('import:run', {
          ...plan(),
          runId,
          ...(skip.length > 0 ? { skip } : {}),
          ...(taken.length > 0 ? { duplicates: taken } : {}),
        });
        set({ result, undone: null, step: 'result' });
      } catch (error) {
        // Nothing was imported, or main says what was: back to the preview with the reason.
        set({ failure: failureOf(error), step: 'preview' });
      } finally {
        set({ busy: false });
      }
    },
    progressed(progress) {
      if (progress.runId === get().runId) set({ progress });
    },
    async undo() {
      const importId = get().result?.importId;
      if (!importId) return;
      await busyWith(async () => {
        set({ undone: await call('import:undo', { importId }) });
      });
    },

    showDrafts() {
      const { result, accountId } = get();
      const drafts = useDraftsStore.getState();
      const active = useAccountsStore.getState().state?.activeId;
      set({ ...fresh, open: false });
      drafts.setShowTrash(false);
      drafts.setFilter({ query: '', status: 'all', sort: 'updated-desc' });
      // The imported drafts are the chosen account's: a list of another account's would hide them.
      drafts.setAccountScope(accountId === active ? 'selected' : 'all');
      drafts.open(result?.draftIds[0] ?? null);
    },
  };
});
