// Import (issue 17): tables and kleinanzeigen-bot ad files become drafts of an account. Plain
// functions over injected stores, so the app's IPC handlers and the command line share them.
import type {
  ImportInspectResult,
  ImportMapping,
  ImportPreviewResult,
  ImportProgress,
  ImportRecord,
  ImportRunResult,
  ImportUndoResult,
} from '../../shared/domain/import';
import type { AccountView } from '../../shared/ipc/types';
import type { DraftsService } from '../drafts/drafts-service';
import { AppError } from '../ipc/app-error';
import type { DraftsStore } from '../storage/drafts-store';

export interface ImportSourceInput {
  /** Absolute path of a CSV or XLSX file, an ad file, or a folder of ad files. */
  path: string;
  sheet?: string;
}

export interface ImportPlanInput extends ImportSourceInput {
  /** Absent: the remembered or guessed mapping. */
  mapping?: ImportMapping;
  photoDir?: string;
  accountId: string;
}

export interface ImportRunInput extends ImportPlanInput {
  runId: string;
  /** Row indexes to leave out. */
  skip?: number[];
}

export interface ImportServiceDeps {
  dataDir: string;
  store: DraftsStore;
  /** Photos go through the drafts' own intake (same as a dropped photo). */
  drafts: Pick<DraftsService, 'addPhotos' | 'trash'>;
  /** The account by id; throws or returns undefined when unknown. */
  account(id: string): AccountView | undefined;
  onProgress(progress: ImportProgress): void;
  onChange(ids: string[]): void;
  log: { error(message: string, error?: unknown): void };
}

export interface ImportService {
  inspect(input: ImportSourceInput): Promise<ImportInspectResult>;
  preview(input: ImportPlanInput): Promise<ImportPreviewResult>;
  run(input: ImportRunInput): Promise<ImportRunResult>;
  undo(importId: string): Promise<ImportUndoResult>;
  list(): Promise<ImportRecord[]>;
}

const notYet = (): never => {
  throw new AppError('unavailable', 'Import is not ready yet.');
};

/** Builds the import service. */
export function createImportService(_deps: ImportServiceDeps): ImportService {
  return {
    inspect: async () => notYet(),
    preview: async () => notYet(),
    run: async () => notYet(),
    undo: async () => notYet(),
    list: async () => [],
  };
}
