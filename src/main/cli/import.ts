// `import FILE|FOLDER [--account NAME] [--photos DIR]`: the app's import service with the mapping it
// guesses (or remembers for this header), into drafts of the account; never published by itself.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type {
  ImportInspectResult,
  ImportPreviewResult,
  ImportProgress,
  ImportRunResult,
} from '../../shared/domain/import';
import { sheetRow } from '../../shared/domain/import';
import type { DraftTemplate } from '../../shared/domain/template';
import { UsageError } from './args';
import { CallFailed, ExitWith, type Session } from './session';
import { EXIT, importProblemsText } from './words';

export async function importCommand(
  session: Session,
  options: { source: string; photos?: string; template?: string },
): Promise<number> {
  const { words: w } = session;
  const account = await session.account();
  // A template of the account by id or name (case and spaces aside), else a usage error naming them.
  let template: DraftTemplate | undefined;
  if (options.template !== undefined) {
    const { templates } = await session.call<{ templates: DraftTemplate[] }>('templates:list', {
      accountId: account.id,
    });
    const wanted = options.template.trim().toLowerCase();
    template =
      templates.find((t) => t.id === options.template) ??
      templates.find((t) => t.name.trim().toLowerCase() === wanted);
    if (!template)
      throw new UsageError({
        problem: 'template-unknown',
        name: options.template,
        account: account.name,
        names: templates.map((t) => t.name),
      });
  }
  const source = path.resolve(options.source);
  const photoDir = options.photos === undefined ? undefined : path.resolve(options.photos);
  let inspected: ImportInspectResult;
  try {
    inspected = await session.call<ImportInspectResult>('import:inspect', { path: source });
  } catch (error) {
    // A file that is not there or is no table or ad file: the seller named the wrong one.
    if (
      error instanceof CallFailed &&
      ['not-found', 'invalid-input', 'unavailable'].includes(error.error.code)
    )
      throw new ExitWith(EXIT.usage, w.cannotImport(source, error.error.message));
    throw error;
  }
  const plan = {
    path: source,
    accountId: account.id,
    mapping: inspected.mapping,
    ...(inspected.sheet !== null && { sheet: inspected.sheet }),
    ...(photoDir !== undefined && { photoDir }),
    ...(template !== undefined && { templateId: template.id }),
  };
  // The preview first, for what the seller should check in rows that do import (a category given
  // as numbers, a photo not found, fields with no counterpart); refused rows come from the run.
  const preview = await session.call<ImportPreviewResult>('import:preview', plan);
  const warnings = preview.rows
    .filter((row) => row.ok && row.problems.length > 0)
    .map((row) => ({ index: row.index, ...(row.file && { file: row.file }), problems: row.problems }));
  // Rows by the number the spreadsheet (and the wizard) shows, header = row 1; ad files by path.
  const fileOf = new Map(preview.rows.map((row) => [row.index, row.file]));
  const where = (row: { index: number; file?: string | undefined }) =>
    row.file ?? fileOf.get(row.index) ?? w.row(sheetRow(row.index));
  for (const row of warnings)
    session.err(`${where(row)}: ${importProblemsText(row.problems, session.language)}`);
  const runId = randomUUID();
  let last = '';
  const unsubscribe = session.app.events.subscribe((event, payload) => {
    if (event !== 'import:progress') return;
    const progress = payload as ImportProgress;
    if (progress.runId !== runId || progress.phase === 'done') return;
    const line = w.importProgress(progress.phase, progress.done, progress.total);
    // Every tenth and the last: a line per row would flood a scheduler's log.
    if (line !== last && (progress.done % 10 === 0 || progress.done === progress.total)) session.err(line);
    last = line;
  });
  let result: ImportRunResult;
  try {
    result = await session.call<ImportRunResult>('import:run', { ...plan, runId });
  } finally {
    unsubscribe();
  }
  for (const row of result.refused)
    session.err(w.refusedRow(where(row), importProblemsText(row.problems, session.language)));
  for (const photo of result.photosRefused)
    session.err(`${where(photo)}: ${w.photoRefused(photo.name, photo.message)}`);
  const files = inspected.kind === 'kleinanzeigen-bot';
  session.err(w.imported(result.created, result.refused.length, result.photosAdded, files));
  if (result.created > 0) session.err(w.undoHint(result.importId));
  session.out(
    JSON.stringify(
      {
        command: 'import',
        ok: result.refused.length === 0 && result.photosRefused.length === 0,
        kind: inspected.kind,
        account: { id: account.id, name: account.name },
        ...(template !== undefined && { template: { id: template.id, name: template.name } }),
        ...result,
        warnings,
      },
      null,
      2,
    ),
  );
  return result.refused.length === 0 && result.photosRefused.length === 0 ? EXIT.ok : EXIT.someFailed;
}
