// Import (issue 17): tables and kleinanzeigen-bot ad files become drafts of an account. Plain
// functions over injected stores, so the app's IPC handlers and the command line share them.
import { randomUUID } from 'node:crypto';
import type {
  ImportInspectResult,
  ImportMapping,
  ImportPreviewResult,
  ImportProgress,
  ImportRecord,
  ImportRowPreview,
  ImportRunResult,
  ImportUndoResult,
} from '../../shared/domain/tables';
import type { DraftTemplate } from '../../shared/domain/drafts';
import type { CatalogHit } from '../../shared/domain/catalog';
import {
  cellText,
  guessMapping,
  isEmptyRow,
  mappingKey,
  type RowCategoryOptions,
} from '../../shared/domain/tables';
import type { AccountView, ListingView } from '../../shared/ipc/types';
import type { DraftsService } from '../drafts/drafts-service';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import type { DraftsStore } from '../storage/drafts-store';
import { openImportBook, type ImportBook } from './import-book';
import { openSource, type OpenedSource } from './source';
import { logImport } from './import-log';
import { readRows } from './read-rows';
import { planRows, type ReadRow } from './row-plan';
import { unmappedOf } from './unmapped';
import { runRows } from './run-rows';

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
  /** Keep shop categories no mapping serves as typed (else such rows come without a category). */
  categoriesAsTyped?: boolean | undefined;
}

export interface ImportRunInput extends ImportPlanInput {
  runId: string;
  /** Row indexes to leave out. */
  skip?: number[] | undefined;
  /** Possible duplicates (row indexes) the seller chose to import all the same; others are left out. */
  duplicates?: number[] | undefined;
}

/** The shop's category mappings as the import reads rows through them (issue 34.3). */
export interface ImportCategories {
  /** What an account's rows are read against, as things are now (a new mapping counts at once). */
  context(accountId: string): RowCategoryOptions['context'];
  /** The catalog's best guesses for a shop category. */
  guess(shopCategory: string): CatalogHit[];
  /** Remembers the category cells of an import (for `categories unmapped`). */
  noteImport(source: string, cells: Iterable<string>): Promise<void>;
}

export interface ImportServiceDeps {
  dataDir: string;
  store: DraftsStore;
  /** Photos go through the drafts' own intake (same as a dropped photo); undo uses its trash. */
  drafts: Pick<DraftsService, 'addPhotos' | 'setPhotos' | 'trash'>;
  /** The account by id; undefined when unknown. */
  account(id: string): AccountView | undefined;
  /** The account's live listings as the app last read them (a reference may be a live ad's). */
  knownListings(accountId: string): Promise<ListingView[]>;
  /** An account's template by id (throws when the account has none of that id). */
  template?(accountId: string, id: string): Promise<DraftTemplate>;
  onProgress(progress: ImportProgress): void;
  onChange(ids: string[]): void;
  log: { error(message: string, error?: unknown): void; info?(message: string): void };
  /** Drafts whose photos are taken in at the same time (each draft's intake runs its own few). */
  photoDrafts?: number;
  /** Absent: categories and attribute columns are taken as typed (the app before issue 34). */
  categories?: ImportCategories;
}

export interface ImportService {
  inspect(input: ImportSourceInput): Promise<ImportInspectResult>;
  preview(input: ImportPlanInput): Promise<ImportPreviewResult>;
  run(input: ImportRunInput): Promise<ImportRunResult>;
  undo(importId: string): Promise<ImportUndoResult>;
  list(): Promise<ImportRecord[]>;
}

const SAMPLE_ROWS = 5;

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

  /** Every row read and compared with the account's drafts and live ads. */
  const rowsOf = async (
    opened: OpenedSource,
    input: ImportPlanInput,
    account: AccountView,
    template: DraftTemplate | undefined,
  ): Promise<{ rows: ImportRowPreview[]; read: ReadRow[]; mapping: ImportMapping | null }> => {
    const mapping =
      opened.kind === 'kleinanzeigen-bot' ? null : (await mappingFor(opened, input.mapping)).mapping;
    const categories = deps.categories && {
      context: deps.categories.context(account.id),
      keepTyped: input.categoriesAsTyped === true,
    };
    const read = await readRows(opened, mapping, input, categories);
    const listings = await deps.knownListings(account.id).catch((error: unknown) => {
      // Without the live ads, references are still compared with the drafts; the log says why.
      deps.log.error('Import: the known listings could not be read', error);
      return [];
    });
    const rows = await planRows(read, {
      account,
      template,
      store: deps.store,
      listings,
      dataDir: deps.dataDir,
    });
    return { rows, read, mapping };
  };

  const preview = async (
    input: ImportPlanInput,
    account: AccountView,
    template: DraftTemplate | undefined,
  ): Promise<ImportPreviewResult> => {
    const opened = await openSource(input.path, input.sheet);
    const { rows, read } = await rowsOf(opened, input, account, template);
    const unmapped = unmappedOf(read, (name) => deps.categories?.guess(name) ?? []);
    const ok = rows.filter((r) => r.ok);
    const count = (action: ImportRowPreview['action']) => rows.filter((r) => r.action === action).length;
    return {
      kind: opened.kind,
      rows,
      counts: {
        rows: rows.length,
        ok: ok.length,
        refused: rows.length - ok.length,
        withWarnings: ok.filter((r) => r.problems.some((p) => p.code !== 'not-ready')).length,
        photos: ok
          // Possible duplicates start left out; an update takes photos only when they change.
          .filter((r) => r.action === 'create' || r.changes?.some((c) => c.field === 'photos'))
          .reduce((sum, r) => sum + r.draft.photos.length, 0),
        create: count('create'),
        update: count('update'),
        unchanged: count('unchanged'),
        duplicate: count('duplicate'),
        notReady: rows.filter((r) => (r.action === 'create' || r.action === 'update') && !r.ready).length,
      },
      ...(template && { template: { id: template.id, name: template.name } }),
      ...(unmapped.length > 0 && { unmapped }),
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
      const account = accountOf(input.accountId);
      return preview(input, account, await templateOf(input.accountId, input.templateId));
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
        const { rows, read, mapping } = await rowsOf(opened, input, account, template);
        const theBook = await book();
        if (mapping !== null && opened.kind !== 'kleinanzeigen-bot')
          await theBook.rememberMapping(mappingKey(opened.kind, opened.table.header), mapping);
        const skip = new Set(input.skip ?? []);
        const wanted = new Set(input.duplicates ?? []);
        const chosen = rows.filter(
          (r) =>
            !skip.has(r.index) &&
            (r.action === 'create' ||
              r.action === 'update' ||
              (r.action === 'duplicate' && wanted.has(r.index))),
        );
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
        const taken = new Set(chosen);
        const left = (action: ImportRowPreview['action']) =>
          rows.filter((r) => r.action === action && !taken.has(r)).map((r) => r.index);
        return {
          theBook,
          chosen,
          refused,
          record,
          cells: read.flatMap((r) => (r.categoryCell === undefined ? [] : [r.categoryCell])),
          unchanged: left('unchanged'),
          duplicates: left('duplicate'),
        };
      };
      let started: Awaited<ReturnType<typeof start>>;
      try {
        started = await start();
      } catch (error) {
        runs.delete(input.runId);
        throw error;
      }
      const { theBook, chosen, record } = started;
      runs.set(input.runId, record.id);
      const progress = (phase: ImportProgress['phase'], done: number, total: number) =>
        deps.onProgress({ runId: input.runId, phase, done, total });
      const outcome = await runRows(deps, {
        runId: input.runId,
        account,
        template,
        chosen,
        book: theBook,
        record,
        progress,
        onChange: deps.onChange,
      });
      progress('done', outcome.written.length, chosen.length);
      // The import's categories, for `categories unmapped`; an import is not failed for this.
      await deps.categories
        ?.noteImport(input.path, started.cells)
        .catch((error: unknown) => deps.log.error('Import: its categories could not be remembered', error));
      // A row whose update failed (a publish began meanwhile) is refused after all, with why.
      const refused = [
        ...started.refused,
        ...outcome.failed.map(({ row }) => ({
          index: row.index,
          ...(row.file !== undefined && { file: row.file }),
          problems: [
            { code: 'draft-busy' as const, severity: 'error' as const, value: row.match?.title ?? '' },
          ],
        })),
      ].sort((a, b) => a.index - b.index);
      const { photosAdded, photosRefused } = outcome;
      logImport(deps.log, {
        record,
        source: input.path,
        template,
        updated: outcome.updatedIds.length,
        unchanged: started.unchanged.length,
        duplicates: started.duplicates.length,
        photosAdded,
        refused,
        photosRefused,
        fileOf: new Map(chosen.map((r) => [r.index, r.file])),
      });
      return {
        importId: record.id,
        draftIds: [...record.draftIds],
        created: record.draftIds.length,
        updatedIds: outcome.updatedIds,
        updated: outcome.updatedIds.length,
        unchanged: started.unchanged,
        duplicatesSkipped: started.duplicates,
        notReady: outcome.written
          .filter((w) => !w.row.ready)
          .map((w) => ({ index: w.row.index, draftId: w.draftId })),
        refused,
        photosAdded,
        photosRefused,
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
