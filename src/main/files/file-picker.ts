// The system's open and save dialogs behind the `files:` channels (issue 26.1): each opens where
// the seller last picked something for the same purpose, offers the files that purpose takes, and
// remembers the folder of what was picked. The dialogs themselves are the shell's (Electron's
// `dialog`); this file holds only what is the same whatever draws them.
import path from 'node:path';
import type { ExportFormat } from '../../shared/domain/tables';
import {
  catalogFilters,
  exportFilters,
  folderToRemember,
  importFilters,
  startFolder,
  type FileFilter,
  type FilePurpose,
  type FilterWords,
  type OpenPurpose,
} from '../../shared/domain/tables';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';

/** The shell's dialogs; each answers the chosen path, or undefined when the seller cancelled. */
export interface FileDialogs {
  open(options: {
    title: string;
    defaultPath: string;
    filters: FileFilter[];
    folder: boolean;
  }): Promise<string | undefined>;
  save(options: { title: string; defaultPath: string; filters: FileFilter[] }): Promise<string | undefined>;
}

/** The last folder picked for each purpose (kept in the settings file). */
export interface FolderMemory {
  folder(purpose: FilePurpose): string | undefined;
  remember(purpose: FilePurpose, folder: string): void;
}

export interface FilePicker {
  /** True when the shell has dialogs (Electron). */
  readonly dialogs: boolean;
  /** The open dialog for `purpose`; null when cancelled. */
  choose(purpose: OpenPurpose): Promise<{ path: string | null }>;
  /** The save dialog for an export named `fileName`; null when cancelled. */
  chooseExport(fileName: string, format: ExportFormat): Promise<{ path: string | null }>;
  /** `fileName` in the folder the last export went to (the home folder before the first). */
  exportPath(fileName: string): string;
  /** Remembers the folder of a path the seller typed and used. */
  remember(purpose: FilePurpose, picked: string): void;
}

const words = (): FilterWords => ({
  importable: mainI18n.t('export:pick.importable'),
  table: mainI18n.t('export:pick.table'),
  workbook: mainI18n.t('export:pick.workbook'),
  adFile: mainI18n.t('export:pick.adFile'),
  catalog: mainI18n.t('export:pick.catalog'),
  all: mainI18n.t('export:pick.all'),
});

/** The picker over the shell's dialogs (none in the web shell: choosing then says so). */
export function createFilePicker(deps: {
  dialogs?: FileDialogs | undefined;
  memory: FolderMemory;
  home: string;
}): FilePicker {
  const { memory, home } = deps;
  const dialogs = (): FileDialogs => {
    if (!deps.dialogs) throw new AppError('unavailable', mainI18n.t('errors:noFileDialogs'));
    return deps.dialogs;
  };
  const kept = (purpose: FilePurpose, picked: string | undefined): { path: string | null } => {
    if (picked === undefined) return { path: null };
    memory.remember(purpose, folderToRemember(purpose, picked, path.dirname));
    return { path: picked };
  };
  return {
    dialogs: deps.dialogs !== undefined,
    async choose(purpose) {
      const folder = purpose === 'import-folder' || purpose === 'photo-folder';
      const filters =
        purpose === 'catalog-file' ? catalogFilters(words()) : folder ? [] : importFilters(words());
      const picked = await dialogs().open({
        title: mainI18n.t(`export:pick.title.${purpose}`),
        defaultPath: startFolder(memory.folder(purpose), home),
        filters,
        folder,
      });
      return kept(purpose, picked);
    },
    async chooseExport(fileName, format) {
      const picked = await dialogs().save({
        title: mainI18n.t('export:pick.title.export'),
        defaultPath: path.join(startFolder(memory.folder('export'), home), fileName),
        filters: exportFilters(format, words()),
      });
      return kept('export', picked);
    },
    exportPath(fileName) {
      return path.join(startFolder(memory.folder('export'), home), fileName);
    },
    remember(purpose, picked) {
      kept(purpose, picked);
    },
  };
}
