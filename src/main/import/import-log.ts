// The log line of an import's run: what it wrote, left and refused, rows named as the wizard and
// the command line name them (the spreadsheet's row number, or the ad file).
import type { ImportPhotoRefusal, ImportProblem, ImportRecord } from '../../shared/domain/tables';
import type { DraftTemplate } from '../../shared/domain/drafts';
import { rowName } from './draft-start';

export interface ImportLogFacts {
  record: ImportRecord;
  source: string;
  template: DraftTemplate | undefined;
  updated: number;
  unchanged: number;
  duplicates: number;
  photosAdded: number;
  refused: { index: number; file?: string | undefined; problems: ImportProblem[] }[];
  photosRefused: ImportPhotoRefusal[];
  /** The ad file of each row written (none for a table's rows). */
  fileOf: Map<number, string | undefined>;
}

/** Writes the run's summary to the log (the first 20 rows of each list by name and code). */
export function logImport(log: { info?(message: string): void }, facts: ImportLogFacts): void {
  const named = (list: { index: number; file?: string | undefined; code: string }[]) =>
    list
      .slice(0, 20)
      .map((r) => `${rowName(r)}: ${r.code}`)
      .join(', ');
  const { record, template, refused, photosRefused } = facts;
  const refusedRows = refused.map((r) => ({
    index: r.index,
    file: r.file,
    code: r.problems.find((p) => p.severity === 'error')?.code ?? '',
  }));
  const refusedPhotos = photosRefused.map((p) => ({ ...p, file: facts.fileOf.get(p.index) }));
  log.info?.(
    `Import ${record.id} from ${facts.source}${template ? ` (template “${template.name}”)` : ''}: ` +
      `${record.draftIds.length} drafts created, ${facts.updated} updated, ${facts.unchanged} unchanged, ` +
      `${facts.duplicates} possible duplicates left out, ${facts.photosAdded} photos; ` +
      `${refused.length} rows refused (${named(refusedRows)}); ` +
      `${photosRefused.length} photos refused (${named(refusedPhotos)})`,
  );
}
