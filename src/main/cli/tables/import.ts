// `import FILE|FOLDER [--account NAME] [--photos DIR] [--duplicates skip|import] [--keep-categories]`: the app's import service with the mapping it
// guesses (or remembers for this header), into drafts of the account; never published by itself.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type {
  ImportInspectResult,
  ImportPreviewResult,
  ImportProgress,
  ImportRunResult,
} from '../../../shared/domain/tables';
import { importLossCodes, sheetRow } from '../../../shared/domain/tables';
import { wordsIn } from '../../i18n';
import { changesText, notReadyText, EXIT, importProblemsText } from '../words';
import type { DraftTemplate } from '../../../shared/domain/drafts';
import { UsageError } from '../args';
import { CallFailed, ExitWith, type Session } from '../session';

export async function importCommand(
  session: Session,
  options: {
    source: string;
    photos?: string;
    template?: string;
    duplicates: 'skip' | 'import';
    keepCategories?: boolean;
  },
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
    ...(options.keepCategories === true && { categoriesAsTyped: true }),
  };
  // The preview first: every row's problems and what it does are said before anything is written.
  const preview = await session.call<ImportPreviewResult>('import:preview', plan);
  const ad = (row: { index: number }) => preview.rows.find((r) => r.index === row.index);
  // Rows by the number the spreadsheet (and the wizard) shows, header = row 1; ad files by path.
  const where = (row: { index: number; file?: string | undefined }) =>
    row.file ?? ad(row)?.file ?? w.row(sheetRow(row.index));
  const t = wordsIn(session.language, 'cli');
  const take = options.duplicates === 'import';
  // Each shop category no mapping serves, once, with the catalog's guesses (issue 34.3).
  for (const item of preview.unmapped ?? []) {
    const paths = item.guesses.map((g) =>
      g.kind ? `${g.path} --attr ${g.kind.key}=${g.kind.value}` : g.path,
    );
    session.err(
      t('importUnmapped', {
        name: item.shopCategory,
        count: item.rows,
        what: t(options.keepCategories === true ? 'importUnmappedKept' : 'importUnmappedLeft'),
        guesses: paths.length > 0 ? t('importUnmappedGuesses', { paths: paths.join('; ') }) : '',
      }),
    );
  }
  for (const row of preview.rows) {
    if (!row.ok) continue;
    const title = row.match?.title ?? '';
    if (row.action === 'update')
      session.err(
        t('importUpdated', {
          where: where(row),
          title,
          changes: changesText(row.changes ?? [], session.language),
        }),
      );
    else if (row.action === 'unchanged')
      session.err(
        t(row.match?.via === 'live' && !row.match.draftId ? 'importUnchangedLive' : 'importUnchanged', {
          where: where(row),
          title,
        }),
      );
    else if (row.action === 'duplicate')
      session.err(t(take ? 'importDuplicateTaken' : 'importDuplicateLeft', { where: where(row), title }));
    const losses = row.problems.filter((p) => p.code !== 'not-ready');
    if (losses.length > 0) session.err(`${where(row)}: ${importProblemsText(losses, session.language)}`);
  }
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
    result = await session.call<ImportRunResult>('import:run', {
      ...plan,
      runId,
      ...(take && { duplicates: preview.rows.filter((r) => r.action === 'duplicate').map((r) => r.index) }),
    });
  } finally {
    unsubscribe();
  }
  for (const row of result.refused)
    session.err(w.refusedRow(where(row), importProblemsText(row.problems, session.language)));
  const notReady = result.notReady.map(({ index, draftId }) => {
    const problems = (ad({ index })?.problems ?? []).filter((p) => p.code === 'not-ready');
    session.err(
      t('importNotReady', { where: where({ index }), why: notReadyText(problems, session.language) }),
    );
    return { index, draftId, problems };
  });
  for (const photo of result.photosRefused)
    session.err(`${where(photo)}: ${w.photoRefused(photo.name, photo.message)}`);
  const files = inspected.kind === 'kleinanzeigen-bot';
  const summary = [
    w.imported(result.created, result.refused.length, result.photosAdded, files).replace(/\.$/, ''),
  ];
  if (result.updated > 0) summary.push(t('importSummary.updated', { count: result.updated }));
  if (result.unchanged.length > 0)
    summary.push(t('importSummary.unchanged', { count: result.unchanged.length }));
  if (result.duplicatesSkipped.length > 0)
    summary.push(t('importSummary.duplicates', { count: result.duplicatesSkipped.length }));
  session.err(`${summary.join(', ')}.`);
  if (notReady.length > 0) session.err(t('importSummary.notReady', { count: notReady.length }));
  if (!files) session.err(t('importRowsAre'));
  if (result.created > 0) session.err(w.undoHint(result.importId));
  // Rows that were imported but lost something on the way (a photo, a value) count as failed.
  const lost = preview.rows.filter(
    (row) =>
      row.ok &&
      !result.duplicatesSkipped.includes(row.index) &&
      row.action !== 'unchanged' &&
      row.problems.some((p) => importLossCodes.includes(p.code)),
  );
  const failed =
    result.refused.length > 0 ||
    result.photosRefused.length > 0 ||
    result.duplicatesSkipped.length > 0 ||
    lost.length > 0;
  const code = failed ? EXIT.someFailed : notReady.length > 0 ? EXIT.notReady : EXIT.ok;
  // Every row under the number the text gives it (`row`: the spreadsheet's, header = row 1).
  const rowOf = (index: number) => (files ? {} : { row: sheetRow(index) });
  const { refused, photosRefused, unchanged, duplicatesSkipped, notReady: _n, ...counts } = result;
  session.out(
    JSON.stringify(
      {
        command: 'import',
        ok: code === EXIT.ok,
        exitCode: code,
        kind: inspected.kind,
        account: { id: account.id, name: account.name },
        ...(preview.unmapped !== undefined && {
          unmappedCategories: preview.unmapped.map((u) => ({
            shopCategory: u.shopCategory,
            rows: u.rows,
            guesses: u.guesses.map((g) => ({
              path: g.path,
              ...(g.kind && { attributes: { [g.kind.key]: g.kind.value } }),
            })),
          })),
        }),
        ...(template !== undefined && { template: { id: template.id, name: template.name } }),
        ...(!files && { rowNumbers: 'spreadsheet: the header is row 1' }),
        ...counts,
        refused: refused.map((r) => ({
          ...rowOf(r.index),
          ...(r.file !== undefined && { file: r.file }),
          problems: r.problems,
        })),
        updates: preview.rows
          .filter((r) => r.action === 'update' && result.updatedIds.includes(r.match?.draftId ?? ''))
          .map((r) => ({
            ...rowOf(r.index),
            ...(r.file !== undefined && { file: r.file }),
            draftId: r.match?.draftId,
            changes: r.changes,
          })),
        unchanged: unchanged.map((index) => ({
          ...rowOf(index),
          ...(ad({ index })?.file !== undefined && { file: ad({ index })?.file }),
          match: ad({ index })?.match,
        })),
        duplicatesSkipped: duplicatesSkipped.map((index) => ({
          ...rowOf(index),
          ...(ad({ index })?.file !== undefined && { file: ad({ index })?.file }),
          match: ad({ index })?.match,
        })),
        notReady: notReady.map((r) => ({
          ...rowOf(r.index),
          ...(ad(r)?.file !== undefined && { file: ad(r)?.file }),
          draftId: r.draftId,
          problems: r.problems,
        })),
        photosRefused: photosRefused.map(({ index, ...p }) => ({
          ...rowOf(index),
          ...(ad({ index })?.file !== undefined && { file: ad({ index })?.file }),
          ...p,
        })),
        warnings: lost
          .concat(
            preview.rows.filter(
              (r) => r.ok && !lost.includes(r) && r.problems.some((p) => p.code !== 'not-ready'),
            ),
          )
          .map((r) => ({
            ...rowOf(r.index),
            ...(r.file !== undefined && { file: r.file }),
            problems: r.problems.filter((p) => p.code !== 'not-ready'),
          })),
      },
      null,
      2,
    ),
  );
  return code;
}
