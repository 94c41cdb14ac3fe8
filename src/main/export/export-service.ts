// Exports the selected account's drafts (or chosen ones) and its live listings to CSV or XLSX files
// the seller names. The drafts' photos are written as the stored files' paths, which the importer
// takes in again.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Draft, DraftSummary } from '../../shared/domain/drafts';
import type { UiLanguage } from '../../shared/i18n-language';
import type { ListingsState } from '../../shared/ipc/types';
import { AppError } from '../errors/app-error';
import { mainI18n, wordsIn } from '../i18n';
import { draftsTable, listingsTable } from './columns';
import { writeTable } from './table-files';
import type { ExportFormat, ExportKind, ExportResult } from '../../shared/domain/tables';

export interface ExportRequest {
  path: string;
  format: ExportFormat;
  /** Replace a file that exists already (the seller said so). */
  replace?: boolean | undefined;
}

export interface ExportServiceDeps {
  dataDir: string;
  drafts: { list(): DraftSummary[]; get(id: string): Promise<Draft> };
  listings: { list(options?: { refresh?: boolean }): Promise<ListingsState> };
  activeId(): string;
  language(): UiLanguage;
  /** The ad a draft was last published as, if any (from its publish jobs). */
  adIdOf?: (draftId: string) => number | null;
  now?: () => Date;
}

export interface ExportService {
  drafts(request: ExportRequest & { ids?: string[] | undefined }): Promise<ExportResult>;
  listings(request: ExportRequest): Promise<ExportResult>;
  /** A sensible file to suggest: in the seller's home folder, named for the kind and the day. */
  defaultPath(kind: ExportKind, format: ExportFormat): { path: string };
}

/** Builds the export service. */
export function createExportService(deps: ExportServiceDeps): ExportService {
  const now = deps.now ?? (() => new Date());

  // The renderer is untrusted: it may only write a new (or confirmed) file of the export's own kind.
  function checkTarget({ path: file, format, replace }: ExportRequest): string {
    if (!path.isAbsolute(file)) throw new AppError('invalid-input', mainI18n.t('errors:exportFullPath'));
    if (path.extname(file).toLowerCase() !== `.${format}`)
      throw new AppError('invalid-input', mainI18n.t('errors:exportExtension', { format }), {
        reason: 'extension',
      });
    if (!replace && existsSync(file))
      throw new AppError('conflict', mainI18n.t('errors:exportExists'), { reason: 'exists', path: file });
    return file;
  }

  const photoPath = (file: string) => path.join(deps.dataDir, ...file.split('/'));

  return {
    async drafts(request) {
      const file = checkTarget(request);
      const ids =
        request.ids ??
        deps.drafts
          .list()
          .filter((d) => d.accountId === deps.activeId())
          .map((d) => d.id);
      const drafts: Draft[] = [];
      for (const id of ids) {
        try {
          drafts.push(await deps.drafts.get(id));
        } catch {
          throw new AppError('not-found', mainI18n.t('errors:exportDraftGone'), { id });
        }
      }
      const language = deps.language();
      await writeTable(
        file,
        request.format,
        draftsTable(drafts, language, photoPath, (draft) => deps.adIdOf?.(draft.id) ?? null),
        sheetName('drafts', language),
      );
      return { path: file, format: request.format, rows: drafts.length };
    },

    async listings(request) {
      const file = checkTarget(request);
      // Read now, so the file holds the states of this moment; the last known list when that fails.
      const state = await deps.listings.list({ refresh: true });
      const language = deps.language();
      const table = listingsTable(state.listings, state.extras, language);
      await writeTable(file, request.format, table, sheetName('listings', language));
      return {
        path: file,
        format: request.format,
        rows: state.listings.length,
        ...(state.problem && { fromMemory: true }),
      };
    },

    defaultPath(kind, format) {
      const day = now().toISOString().slice(0, 10);
      const name = wordsIn(deps.language(), 'export')(`fileName.${kind}`);
      return { path: path.join(os.homedir(), `${name} ${day}.${format}`) };
    },
  };
}

function sheetName(kind: ExportKind, language: UiLanguage): string {
  return language === 'de'
    ? kind === 'drafts'
      ? 'Entwürfe'
      : 'Anzeigen'
    : kind === 'drafts'
      ? 'Drafts'
      : 'Listings';
}
