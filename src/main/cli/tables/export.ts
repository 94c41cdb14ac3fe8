// `export FILE [--listings] [--replace] [--account NAME]`: the account's drafts (or, with
// --listings, its live listings with their publication states) to a CSV or XLSX file, through the
// app's own export service.
import path from 'node:path';
import type { ExportResult } from '../../../shared/domain/tables';
import { CallFailed, ExitWith, type Session } from '../session';
import { EXIT } from '../words';

export async function exportCommand(
  session: Session,
  options: { file: string; listings: boolean; replace: boolean },
): Promise<number> {
  const { words: w } = session;
  const file = path.resolve(options.file);
  const format = path.extname(file).toLowerCase() === '.xlsx' ? 'xlsx' : 'csv';
  let result: ExportResult;
  try {
    result = await session.withAccount((account) => {
      session.err(w.exporting(options.listings ? 'listings' : 'drafts', account.name));
      return session.call<ExportResult>(options.listings ? 'export:listings' : 'export:drafts', {
        path: file,
        format,
        ...(options.replace && { replace: true }),
      });
    });
  } catch (error) {
    if (error instanceof CallFailed && error.error.code === 'conflict')
      throw new ExitWith(EXIT.usage, w.exportExists(file));
    throw error;
  }
  if (result.fromMemory) session.err(w.exportFromMemory);
  session.err(w.exported(result.path, result.rows, options.listings ? 'listings' : 'drafts'));
  session.out(JSON.stringify({ command: 'export', ok: !result.fromMemory, ...result }, null, 2));
  return result.fromMemory ? EXIT.service : EXIT.ok;
}
