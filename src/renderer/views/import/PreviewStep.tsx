import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportRowPreview } from '../../../shared/domain/import';
import { useImportStore } from '../../store/import-store';
import { FailureBanner } from './FailureBanner';
import { priceText, problemText, sheetRow } from './import-words';

// A table of thousands of rows is slow to draw and no one reads it: the first ones, then a count.
const SHOWN_ROWS = 300;

/** The last part of an ad file's path: enough to find it, short enough for the table. */
const fileName = (file: string) => file.split(/[\\/]/).slice(-2).join('/');

function PreviewRow({ row, skipped }: { row: ImportRowPreview; skipped: boolean }) {
  const { t, i18n } = useTranslation();
  const status = !row.ok ? 'refused' : skipped ? 'skipped' : row.problems.length > 0 ? 'check' : 'ready';
  const name = row.draft.title?.trim() || (row.file ? fileName(row.file) : String(sheetRow(row.index)));
  return (
    <tr className={`import-row-${status}`} data-testid="import-row">
      <th scope="row" title={row.file}>
        {row.file ? fileName(row.file) : sheetRow(row.index)}
      </th>
      <td className="import-take-cell">
        {row.ok && (
          <input
            type="checkbox"
            checked={!skipped}
            aria-label={t('import.preview.take', { title: name })}
            onChange={() => useImportStore.getState().toggleSkip(row.index)}
          />
        )}
        <span className={`import-badge import-badge-${status}`}>
          {t(
            status === 'refused'
              ? 'import.preview.refusedBadge'
              : status === 'skipped'
                ? 'import.preview.leftOutBadge'
                : status === 'check'
                  ? 'import.preview.checkBadge'
                  : 'import.preview.ready',
          )}
        </span>
      </td>
      <td className="import-title-cell">
        {row.draft.title?.trim() || <span className="muted">{t('import.preview.noTitle')}</span>}
      </td>
      <td className="import-num">{priceText(t, i18n.language, row.draft.price)}</td>
      <td className="import-num">{row.draft.photos.length}</td>
      <td className="import-problems-cell">
        {row.problems.length > 0 && (
          <ul className="import-problems">
            {row.problems.map((problem, i) => (
              <li key={i} className={problem.severity === 'error' ? 'import-error' : 'import-warning'}>
                {problemText(t, problem)}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/** Step 3: every row as the draft it would become, with its problems; nothing written yet. */
export function PreviewStep({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const preview = useImportStore((s) => s.preview);
  const busy = useImportStore((s) => s.busy);
  const bot = useImportStore((s) => s.inspected?.kind === 'kleinanzeigen-bot');
  const skipped = useImportStore((s) => s.skipped);
  const { runPreview, back, run } = useImportStore.getState();
  const [onlyProblems, setOnlyProblems] = useState(false);
  if (!preview) return null;
  const { counts } = preview;
  const rows = onlyProblems ? preview.rows.filter((row) => row.problems.length > 0) : preview.rows;
  const shown = rows.slice(0, SHOWN_ROWS);
  // Only good rows can be left out; a choice about a row that went bad since counts no more.
  const leftOut = preview.rows.filter((row) => row.ok && skipped.has(row.index)).length;
  const importing = counts.ok - leftOut;

  return (
    <div className="import-form" role="group" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {t('import.preview.heading')}
      </h2>
      <p className="muted">{t('import.preview.intro')}</p>
      <p className="muted" data-testid="import-template-used">
        {preview.template
          ? t('import.preview.template', { name: preview.template.name })
          : t('import.preview.noTemplate')}
      </p>
      <p className="import-counts" data-testid="import-counts" aria-live="polite">
        <span>{t(bot ? 'import.preview.files' : 'import.preview.summary', { count: counts.rows })}</span>
        <span className="import-count-ok">{t('import.preview.ok', { count: counts.ok })}</span>
        {counts.refused > 0 && (
          <span className="import-count-refused">
            {t('import.preview.refused', { count: counts.refused })}
          </span>
        )}
        {counts.withWarnings > 0 && (
          <span className="import-count-check">
            {t('import.preview.warnings', { count: counts.withWarnings })}
          </span>
        )}
        {leftOut > 0 && <span>{t('import.preview.leftOut', { count: leftOut })}</span>}
        <span>{t('import.preview.photos', { count: counts.photos })}</span>
      </p>
      <label className="import-only-problems">
        <input
          type="checkbox"
          checked={onlyProblems}
          onChange={(event) => setOnlyProblems(event.target.checked)}
        />
        <span>{t('import.preview.onlyProblems')}</span>
      </label>
      {rows.length === 0 ? (
        <p className="muted">
          {t(preview.rows.length === 0 ? 'import.preview.empty' : 'import.preview.noProblems')}
        </p>
      ) : (
        <div className="import-table-scroll">
          <table className="import-table import-preview" aria-label={t('import.preview.tableLabel')}>
            <thead>
              <tr>
                <th scope="col">{t(bot ? 'import.preview.file' : 'import.preview.row')}</th>
                <th scope="col">{t('import.preview.takeColumn')}</th>
                <th scope="col">{t('import.preview.adTitle')}</th>
                <th scope="col">{t('import.preview.price')}</th>
                <th scope="col">{t('import.preview.photosColumn')}</th>
                <th scope="col">{t('import.preview.problems')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <PreviewRow
                  key={`${row.index}-${row.file ?? ''}`}
                  row={row}
                  skipped={skipped.has(row.index)}
                />
              ))}
            </tbody>
          </table>
          {!bot && <p className="muted small import-row-hint">{t('import.preview.rowHint')}</p>}
          {rows.length > shown.length && (
            <p className="muted small">{t('import.preview.more', { count: rows.length - shown.length })}</p>
          )}
        </div>
      )}
      {counts.ok === 0 && <p className="banner warning">{t('import.preview.nothing')}</p>}
      <FailureBanner />
      <div className="import-actions">
        <button type="button" onClick={back} disabled={busy}>
          {t('import.preview.back')}
        </button>
        <button
          type="button"
          onClick={() => void runPreview()}
          disabled={busy}
          title={t('import.preview.againHint')}
          aria-describedby={`${id}-again`}
        >
          {t('import.preview.again')}
        </button>
        <span id={`${id}-again`} className="import-sr-only">
          {t('import.preview.againHint')}
        </span>
        <button
          type="button"
          className="primary"
          onClick={() => void run()}
          disabled={busy || importing === 0}
        >
          {t('import.preview.import', { count: importing })}
        </button>
      </div>
    </div>
  );
}
