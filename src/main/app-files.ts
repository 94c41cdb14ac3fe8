// Tables in and out, templates and files in the app (issues 17, 26): imports into drafts, exports to
// spreadsheets, draft templates per account, and files picked, received and served as downloads.
// Part of the composition root: it spells out what it reads of the app's config and ports rather than
// take app-contract's types.
import type { UiLanguage } from '../shared/i18n-language';
import type { ShellKind } from '../shared/ipc/types';
import type { AccountsService } from './accounts/accounts-service';
import type { CategoryContexts, CategoryMappingsService } from './catalog';
import type { DraftsService } from './drafts/drafts-service';
import type { EventHub } from './events/event-hub';
import { createExportService, type ExportService } from './export/export-service';
import { openFiles, type FileDialogs, type Files } from './files';
import { createImportService, type ImportCategories, type ImportService } from './import';
import type { ListingsService } from './listings/listings-service';
import type { Log } from './log/log';
import type { PublishEngine } from './publish/engine';
import type { DraftsStore } from './storage/drafts-store';
import type { SettingsService } from './storage/settings';
import {
  createTemplatesService,
  type TemplatesService,
  type TemplatesServiceDeps,
} from './templates/templates-service';

export interface AppFilesParts {
  draftsStore: DraftsStore;
  drafts: DraftsService;
  accounts: AccountsService;
  listings: ListingsService;
  publish: Pick<PublishEngine, 'list'>;
  settings: SettingsService;
  events: EventHub;
  language(): UiLanguage;
  /** Shows a file moved aside (one that did not parse) to the seller. */
  reportProblem(movedAside: string): void;
  /** What an account's rows are read against (issue 34.3). */
  categoryContexts: CategoryContexts;
  guessCategories: ImportCategories['guess'];
  mappings: Pick<CategoryMappingsService, 'noteImport'>;
  /** The shop's outbox marks each changed template before it is written (issue 24). */
  willWriteTemplates: NonNullable<TemplatesServiceDeps['willWrite']>;
}

export interface AppFiles {
  imports: ImportService;
  exports: ExportService;
  files: Files;
  templates: TemplatesService;
}

/** Builds the imports, the exports and the templates, and opens the files part. */
export async function openAppFiles(
  parts: AppFilesParts,
  config: { dataDir: string; shell: ShellKind },
  ports: { log: Log; fileDialogs?: FileDialogs | undefined },
): Promise<AppFiles> {
  const { draftsStore, accounts, listings, events } = parts;
  const account = (id: string) => accounts.state().accounts.find((a) => a.id === id);
  // Issue 17: imports into drafts, photos through the drafts' own intake.
  const imports = createImportService({
    dataDir: config.dataDir,
    store: draftsStore,
    drafts: parts.drafts,
    account,
    // Issue 23.2: a row's reference may be a live ad's; the listings the app last read say which.
    knownListings: (accountId) => listings.known(accountId),
    onProgress: (progress) => events.emit('import:progress', progress),
    onChange: (ids) => events.emit('drafts:changed', { ids }),
    log: ports.log,
    // Issue 17: an import may start each draft from a template of the account.
    template: (accountId, id) => templates.get(accountId, id),
    // Issue 34.3: rows read through the shop's category mappings; the last import's categories kept.
    categories: {
      context: parts.categoryContexts,
      guess: parts.guessCategories,
      noteImport: (source, cells) => parts.mappings.noteImport(source, cells),
    },
  });
  // Issue 17: exports to spreadsheets, and draft templates per account.
  const exports = createExportService({
    dataDir: config.dataDir,
    drafts: draftsStore,
    listings,
    activeId: () => accounts.activeId(),
    language: parts.language,
    // Issue 26.7: the newest job of the draft that names an ad.
    adIdOf: (draftId) =>
      parts.publish
        .list()
        .filter((job) => job.draftId === draftId && job.adId !== null)
        .at(-1)?.adId ?? null,
  });
  const files = await openFiles({
    dataDir: config.dataDir,
    dialogs: ports.fileDialogs,
    serveDownloads: config.shell === 'web',
    settings: parts.settings,
  });
  const templates = createTemplatesService({
    dataDir: config.dataDir,
    getDraft: (id) => draftsStore.get(id),
    async createDraft(init) {
      const draft = await draftsStore.create(init);
      events.emit('drafts:changed', { ids: [draft.id] });
      return draft;
    },
    account,
    activeId: () => accounts.activeId(),
    onProblem: (movedAside) => parts.reportProblem(movedAside),
    log: ports.log,
    willWrite: parts.willWriteTemplates,
  });
  return { imports, exports, files, templates };
}
