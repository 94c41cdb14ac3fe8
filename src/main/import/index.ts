// Import (issue 17): tables and kleinanzeigen-bot ad files become drafts of an account. Plain
// functions over injected stores, so the app's IPC handlers and the command line share them.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pLimit from 'p-limit';
import type {
  ImportInspectResult,
  ImportMapping,
  ImportPhotoRefusal,
  ImportPreviewResult,
  ImportProgress,
  ImportRecord,
  ImportRowPreview,
  ImportRunResult,
  ImportUndoResult,
} from '../../shared/domain/import';
import type { DraftTemplate } from '../../shared/domain/template';
import { guessMapping, mappingKey } from '../../shared/domain/import-mapping';
import { cellText, isEmptyRow, tableRowToDraft } from '../../shared/domain/import-rows';
import type { AccountView } from '../../shared/ipc/types';
import type { DraftsService } from '../drafts/drafts-service';
import { AppError } from '../ipc/app-error';
import { mainI18n } from '../i18n';
import type { DraftsStore } from '../storage/drafts-store';
import { openImportBook, type ImportBook } from './import-book';
import { readAdFile } from './kleinanzeigen-bot';
import { openSource, type OpenedSource } from './source';
import { draftInitOf, rowName } from './draft-start';
import { findRowPhotos } from './table-photos';

export interface ImportSourceInput {
  /** Absolute path of a CSV or XLSX file, an ad file, or a folder of ad files. */
  path: string;
  sheet?: string | undefined;
}

export interface ImportPlanInput extends ImportSourceInput {
  /** Absent: the remembered or guessed mapping. */
  mapping?: ImportMapping | undefined;
  photoDir?: string | undefined;
  accountId: string;
  /** A template of the account each draft starts from (after the account's defaults). */
  templateId?: string | undefined;
}

export interface ImportRunInput extends ImportPlanInput {
  runId: string;
  /** Row indexes to leave out. */
  skip?: number[] | undefined;
}

export interface ImportServiceDeps {
  dataDir: string;
  store: DraftsStore;
  /** Photos go through the drafts' own intake (same as a dropped photo); undo uses its trash. */
  drafts: Pick<DraftsService, 'addPhotos' | 'trash'>;
  /** The account by id; undefined when unknown. */
  account(id: string): AccountView | undefined;
  /** An account's template by id (throws when the account has none of that id). */
  template?(accountId: string, id: string): Promise<DraftTemplate>;
  onProgress(progress: ImportProgress): void;
  onChange(ids: string[]): void;
  log: { error(message: string, error?: unknown): void; info?(message: string): void };
  /** Drafts whose photos are taken in at the same time (each draft's intake runs its own few). */
  photoDrafts?: number;
}

export interface ImportService {
  inspect(input: ImportSourceInput): Promise<ImportInspectResult>;
  preview(input: ImportPlanInput): Promise<ImportPreviewResult>;
  run(input: ImportRunInput): Promise<ImportRunResult>;
  undo(importId: string): Promise<ImportUndoResult>;
  list(): Promise<ImportRecord[]>;
}

const SAMPLE_ROWS = 5;
// The record of a running import is written this often, so a crash leaves it undoable.
const RECORD_EVERY = 200;
const PROGRESS_EVERY = 25;

/** The mapping fitted to the header's length (a remembered one may be shorter or longer). */
function fitted(mapping: ImportMapping, length: number): ImportMapping {
  return Array.from({ length }, (_, i) => mapping[i] ?? null);
}

/** Builds the import service (it opens its book in the data folder on first use). */
export function createImportService(deps: ImportServiceDeps): ImportService {
  let bookOpening: Promise<ImportBook> | undefined;
  // Runs under way or done, by the page's run id: a second click never imports the rows twice.
  const runs = new Map<string, string>();
  const book = () => (bookOpening ??= openImportBook(deps.dataDir, deps.log));

  const accountOf = (id: string): AccountView => {
    const account = deps.account(id);
    if (!account) throw new AppError('not-found', mainI18n.t('errors:accountGone'), { reason: 'no-account' });
    return account;
  };

  /** The chosen template, which must be one of the account's own. */
  const templateOf = async (accountId: string, templateId: string | undefined) => {
    if (templateId === undefined) return undefined;
    let template: DraftTemplate | undefined;
    try {
      template = await deps.template?.(accountId, templateId);
    } catch {
      template = undefined;
    }
    if (!template || template.accountId !== accountId)
      throw new AppError('invalid-input', mainI18n.t('errors:importTemplateNotOfAccount'), {
        reason: 'template-not-of-account',
      });
    return template;
  };

  const mappingFor = async (
    opened: Extract<OpenedSource, { kind: 'csv' | 'xlsx' }>,
    given: ImportMapping | undefined,
  ): Promise<{ mapping: ImportMapping; remembered: boolean }> => {
    const { header } = opened.table;
    if (given) return { mapping: fitted(given, header.length), remembered: false };
    const remembered = (await book()).mapping(mappingKey(opened.kind, header));
    return remembered
      ? { mapping: fitted(remembered, header.length), remembered: true }
      : { mapping: guessMapping(header), remembered: false };
  };

  const rowsOf = async (
    opened: OpenedSource,
    input: ImportPlanInput,
  ): Promise<{ rows: ImportRowPreview[]; mapping: ImportMapping | null }> => {
    if (opened.kind === 'kleinanzeigen-bot') {
      const rows: ImportRowPreview[] = [];
      for (const [i, file] of opened.files.entries()) {
        const ad = await readAdFile(file);
        rows.push({
          index: i + 1,
          file,
          draft: { ...ad.fields, photos: ad.photos },
          problems: ad.problems,
          ok: !ad.problems.some((p) => p.severity === 'error'),
        });
      }
      return { rows, mapping: null };
    }
    const { mapping } = await mappingFor(opened, input.mapping);
    const { header, rows: cells } = opened.table;
    const tableDir = path.dirname(input.path);
    const rows: ImportRowPreview[] = [];
    for (const [i, row] of cells.entries()) {
      if (isEmptyRow(row)) continue;
      const drafted = tableRowToDraft(header, mapping, row);
      const found = await findRowPhotos(drafted.photoNames, drafted.fields.customReference, {
        tableDir,
        photoDir: input.photoDir,
      });
      const problems = [...drafted.problems, ...found.problems];
      rows.push({
        index: i + 1,
        draft: { ...drafted.fields, photos: found.photos },
        problems,
        ok: !problems.some((p) => p.severity === 'error'),
      });
    }
    return { rows, mapping };
  };

  const preview = async (
    input: ImportPlanInput,
    template: DraftTemplate | undefined,
  ): Promise<ImportPreviewResult> => {
    const opened = await openSource(input.path, input.sheet);
    const { rows } = await rowsOf(opened, input);
    const ok = rows.filter((r) => r.ok);
    return {
      kind: opened.kind,
      rows,
      counts: {
        rows: rows.length,
        ok: ok.length,
        refused: rows.length - ok.length,
        withWarnings: ok.filter((r) => r.problems.length > 0).length,
        photos: ok.reduce((sum, r) => sum + r.draft.photos.length, 0),
      },
      ...(template && { template: { id: template.id, name: template.name } }),
    };
  };

  return {
    async inspect({ path: source, sheet }) {
      const opened = await openSource(source, sheet);
      if (opened.kind === 'kleinanzeigen-bot')
        return {
          kind: opened.kind,
          path: source,
          sheets: [],
          sheet: null,
          header: [],
          mapping: [],
          mappingRemembered: false,
          rowCount: opened.files.length,
          sample: [],
        };
      const { mapping, remembered } = await mappingFor(opened, undefined);
      const data = opened.table.rows.filter((row) => !isEmptyRow(row));
      return {
        kind: opened.kind,
        path: source,
        sheets: opened.sheets,
        sheet: opened.sheet,
        header: opened.table.header,
        mapping,
        mappingRemembered: remembered,
        rowCount: data.length,
        sample: data.slice(0, SAMPLE_ROWS).map((row) => opened.table.header.map((_, i) => cellText(row[i]))),
        ...(opened.delimiter && { delimiter: opened.delimiter }),
        ...(opened.encoding && { encoding: opened.encoding }),
      };
    },

    preview: async (input) => {
      accountOf(input.accountId);
      return preview(input, await templateOf(input.accountId, input.templateId));
    },

    async run(input) {
      const account = accountOf(input.accountId);
      const template = await templateOf(account.id, input.templateId);
      const earlier = runs.get(input.runId);
      if (earlier !== undefined)
        throw new AppError('conflict', mainI18n.t('errors:importAlreadyRun'), {
          reason: 'already-run',
          importId: earlier,
        });
      runs.set(input.runId, '');
      const start = async () => {
        const opened = await openSource(input.path, input.sheet);
        const { rows, mapping } = await rowsOf(opened, input);
        const theBook = await book();
        if (mapping !== null && opened.kind !== 'kleinanzeigen-bot')
          await theBook.rememberMapping(mappingKey(opened.kind, opened.table.header), mapping);
        const skip = new Set(input.skip ?? []);
        const chosen = rows.filter((r) => r.ok && !skip.has(r.index));
        const refused = rows
          .filter((r) => !r.ok)
          .map((r) => ({
            index: r.index,
            ...(r.file !== undefined && { file: r.file }),
            problems: r.problems,
          }));
        const record: ImportRecord = {
          id: randomUUID(),
          at: new Date().toISOString(),
          kind: opened.kind,
          path: input.path,
          accountId: account.id,
          draftIds: [],
          created: 0,
          refused: refused.length,
          undoneAt: null,
        };
        // Written before the first draft: an import cut short by a crash can still be undone.
        await theBook.saveRecord(record);
        return { theBook, chosen, refused, record };
      };
      let started: Awaited<ReturnType<typeof start>>;
      try {
        started = await start();
      } catch (error) {
        runs.delete(input.runId);
        throw error;
      }
      const { theBook, chosen, refused, record } = started;
      runs.set(input.runId, record.id);
      const progress = (phase: ImportProgress['phase'], done: number, total: number) =>
        deps.onProgress({ runId: input.runId, phase, done, total });

      const created: { row: ImportRowPreview; draftId: string }[] = [];
      try {
        progress('drafts', 0, chosen.length);
        for (const row of chosen) {
          const draft = await deps.store.create(draftInitOf(account, row.draft, template));
          created.push({ row, draftId: draft.id });
          record.draftIds.push(draft.id);
          if (created.length % RECORD_EVERY === 0)
            await theBook.saveRecord({ ...record, created: created.length });
          if (created.length % PROGRESS_EVERY === 0) progress('drafts', created.length, chosen.length);
        }
      } finally {
        record.created = created.length;
        await theBook.saveRecord({ ...record });
        if (created.length > 0) deps.onChange(record.draftIds);
      }
      progress('drafts', created.length, chosen.length);

      const withPhotos = created.filter((c) => c.row.draft.photos.length > 0);
      const photoTotal = withPhotos.reduce((sum, c) => sum + c.row.draft.photos.length, 0);
      const photosRefused: ImportPhotoRefusal[] = [];
      let photosAdded = 0;
      let photosDone = 0;
      if (photoTotal > 0) progress('photos', 0, photoTotal);
      const limit = pLimit(deps.photoDrafts ?? 2);
      await Promise.all(
        withPhotos.map(({ row, draftId }) =>
          limit(async () => {
            try {
              const result = await deps.drafts.addPhotos(draftId, input.runId, row.draft.photos);
              photosAdded += result.added;
              for (const r of result.refused)
                photosRefused.push({
                  index: row.index,
                  draftId,
                  name: r.name,
                  code: r.code,
                  message: r.message,
                });
            } catch (error) {
              // The draft stays (without these photos); the seller sees each photo named with why.
              deps.log.error(`Import ${record.id}: photos of ${rowName(row)} were not taken in`, error);
              const message = error instanceof Error ? error.message : String(error);
              const code = error instanceof AppError ? error.code : 'failed';
              for (const file of row.draft.photos)
                photosRefused.push({ index: row.index, draftId, name: path.basename(file), code, message });
            }
            photosDone += row.draft.photos.length;
            progress('photos', photosDone, photoTotal);
          }),
        ),
      );
      progress('done', created.length, chosen.length);
      // Rows named as the wizard and the command line name them (spreadsheet row, or the ad file).
      const named = (list: { index: number; file?: string | undefined; code: string }[]) =>
        list
          .slice(0, 20)
          .map((r) => `${rowName(r)}: ${r.code}`)
          .join(', ');
      const fileOf = new Map(created.map((c) => [c.row.index, c.row.file]));
      deps.log.info?.(
        `Import ${record.id} from ${input.path}${template ? ` (template “${template.name}”)` : ''}: ` +
          `${created.length} drafts, ${photosAdded} photos; ` +
          `${refused.length} rows refused (${named(refused.map((r) => ({ index: r.index, file: r.file, code: r.problems.find((p) => p.severity === 'error')?.code ?? '' })))}); ` +
          `${photosRefused.length} photos refused (${named(photosRefused.map((p) => ({ ...p, file: fileOf.get(p.index) })))})`,
      );
      return {
        importId: record.id,
        draftIds: [...record.draftIds],
        created: created.length,
        refused,
        photosAdded,
        photosRefused: photosRefused.sort((a, b) => a.index - b.index),
      };
    },

    async undo(importId) {
      const theBook = await book();
      const record = theBook.record(importId);
      if (!record) throw new AppError('not-found', mainI18n.t('errors:importGone'), { reason: 'no-import' });
      const live = new Map(deps.store.list().map((s) => [s.id, s]));
      const toTrash: string[] = [];
      const kept: string[] = [];
      let gone = 0;
      for (const id of record.draftIds) {
        const summary = live.get(id);
        if (!summary) gone += 1;
        // An ad that went (or is going) online is the seller's to take down, not an undo's.
        else if (summary.status === 'published' || summary.status === 'publishing') kept.push(id);
        else toTrash.push(id);
      }
      const { count } = toTrash.length > 0 ? await deps.drafts.trash(toTrash) : { count: 0 };
      await theBook.saveRecord({ ...record, undoneAt: new Date().toISOString() });
      deps.log.info?.(
        `Import ${importId} undone: ${count} drafts to the trash, ${kept.length} kept (published), ${gone} already gone`,
      );
      return { importId, trashed: count, gone: gone + (toTrash.length - count), kept };
    },

    list: async () => (await book()).records(),
  };
}
