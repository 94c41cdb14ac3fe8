// What the seller picks files for (issue 26.1), and the pure rules around the pick: which files a
// dialog offers, where it opens, and which folder is remembered for the next time.
import type { ExportFormat } from './export';

/**
 * Picks that open something: the import's file or folder, the folder of photos a table names, a
 * catalog file of the marketplace's categories (Settings → About, issue 33.1).
 */
export const openPurposes = ['import-file', 'import-folder', 'photo-folder', 'catalog-file'] as const;
export type OpenPurpose = (typeof openPurposes)[number];
/** Every pick with a folder of its own to remember. */
export type FilePurpose = OpenPurpose | 'export';

/** The extensions an import reads: tables (CSV/TSV/TXT, XLSX) and kleinanzeigen-bot ad files. */
export const importExtensions = {
  table: ['csv', 'tsv', 'txt'],
  workbook: ['xlsx'],
  adFile: ['yaml', 'yml', 'json'],
} as const;

/** The `accept` of the page's file input: every extension the import reads. */
export const importAccept = Object.values(importExtensions)
  .flat()
  .map((ext) => `.${ext}`)
  .join(',');

/** A system dialog's filter: its shown name and the extensions it lets through. */
export interface FileFilter {
  name: string;
  extensions: string[];
}

/** The words a filter list is named with, in the seller's language. */
export interface FilterWords {
  importable: string;
  table: string;
  workbook: string;
  adFile: string;
  catalog: string;
  all: string;
}

/** The open dialog's filters for an import file: all readable kinds first, then each, then all. */
export function importFilters(words: FilterWords): FileFilter[] {
  const { table, workbook, adFile } = importExtensions;
  return [
    { name: words.importable, extensions: [...table, ...workbook, ...adFile] },
    { name: words.table, extensions: [...table] },
    { name: words.workbook, extensions: [...workbook] },
    { name: words.adFile, extensions: [...adFile] },
    { name: words.all, extensions: ['*'] },
  ];
}

/** The open dialog's filters for a catalog file: JSON first, then all files. */
export function catalogFilters(words: Pick<FilterWords, 'catalog' | 'all'>): FileFilter[] {
  return [
    { name: words.catalog, extensions: ['json'] },
    { name: words.all, extensions: ['*'] },
  ];
}

/** The save dialog's one filter for an export: the format's extension only (main refuses others). */
export function exportFilters(
  format: ExportFormat,
  words: Pick<FilterWords, 'table' | 'workbook'>,
): FileFilter[] {
  return [{ name: format === 'csv' ? words.table : words.workbook, extensions: [format] }];
}

/** Where a dialog opens: the folder remembered for the purpose, else the fallback (the home folder). */
export function startFolder(remembered: string | undefined, fallback: string): string {
  return remembered !== undefined && remembered.trim() !== '' ? remembered : fallback;
}

/**
 * The folder to remember after a pick: a picked folder itself, or the folder holding a picked file
 * (`parentOf` is the platform's dirname, passed in so that this stays free of node:path).
 */
export function folderToRemember(
  purpose: FilePurpose,
  picked: string,
  parentOf: (p: string) => string,
): string {
  return purpose === 'import-folder' || purpose === 'photo-folder' ? picked : parentOf(picked);
}
