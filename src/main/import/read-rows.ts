// The rows of an opened source as read, before they are compared with what exists: a table's rows
// under a mapping (photos looked up beside the table or in the chosen folder), or ad files.
import path from 'node:path';
import type { ImportMapping, RowCategoryOptions } from '../../shared/domain/tables';
import { isEmptyRow, tableRowToDraft } from '../../shared/domain/tables';
import { readAdFile } from './kleinanzeigen-bot';
import type { ReadRow } from './row-plan';
import type { OpenedSource } from './source';
import { findRowPhotos } from './table-photos';

/** The category cell as written and the unmapped shop category, where a row has them. */
const categoryOf = (drafted: { categoryCell?: string; unmappedCategory?: string }) => ({
  ...(drafted.categoryCell !== undefined && { categoryCell: drafted.categoryCell }),
  ...(drafted.unmappedCategory !== undefined && { unmappedCategory: drafted.unmappedCategory }),
});

/**
 * Each row (or ad file) with the draft it becomes and its own problems; categories and attribute
 * columns through the shop's mappings when `categories` are given (issue 34.3).
 */
export async function readRows(
  opened: OpenedSource,
  mapping: ImportMapping | null,
  input: { path: string; photoDir?: string | undefined },
  categories?: RowCategoryOptions,
): Promise<ReadRow[]> {
  if (opened.kind === 'kleinanzeigen-bot') {
    const rows: ReadRow[] = [];
    for (const [i, file] of opened.files.entries()) {
      const ad = await readAdFile(file, categories);
      rows.push({
        index: i + 1,
        file,
        draft: { ...ad.fields, photos: ad.photos },
        problems: ad.problems,
        ...categoryOf(ad),
      });
    }
    return rows;
  }
  const { header, rows: cells } = opened.table;
  const tableDir = path.dirname(input.path);
  const rows: ReadRow[] = [];
  for (const [i, row] of cells.entries()) {
    if (isEmptyRow(row)) continue;
    const drafted = tableRowToDraft(header, mapping ?? [], row, categories);
    const found = await findRowPhotos(drafted.photoNames, drafted.fields.customReference, {
      tableDir,
      photoDir: input.photoDir,
    });
    rows.push({
      index: i + 1,
      draft: { ...drafted.fields, photos: found.photos },
      problems: [...drafted.problems, ...found.problems],
      ...categoryOf(drafted),
    });
  }
  return rows;
}
