import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportRowPreview } from '../../../shared/domain/tables';
import { useImportStore } from '../../store/import-store';
import { UnmappedCategories } from '../../components/category-mapping/UnmappedCategories';
import { FailureBanner } from './FailureBanner';
import { useMessageLanguage } from '../../components/problem-text';
import { changeText, priceText, problemText, sheetRow } from './import-words';

// A table of thousands of rows is slow to draw and no one reads it: the first ones, then a count.
const SHOWN_ROWS = 300;

/** The last part of an ad file's path: enough to find it, short enough for the table. */
const fileName = (file: string) => file.split(/[\\/]/).slice(-2).join('/');

type Status = 'refused' | 'unchanged' | 'duplicate' | 'skipped' | 'update' | 'notready' | 'check' | 'ready';

const badges: Record<Status, string> = {
  refused: 'import.preview.refusedBadge',
  unchanged: 'import.preview.unchangedBadge',
  duplicate: 'import.preview.duplicateBadge',
  skipped: 'import.preview.leftOutBadge',
  update: 'import.preview.updateBadge',
  notready: 'import.preview.notReadyBadge',
  check: 'import.preview.checkBadge',
  ready: 'import.preview.ready',
};

/** What the row's badge says: what the import does with it, and whether its draft would be ready. */
function statusOf(row: ImportRowPreview, skipped: boolean): Status {
  if (!row.ok) return 'refused';
  if (row.action === 'unchanged') return 'unchanged';
  if (row.action === 'duplicate') return 'duplicate';
  if (skipped) return 'skipped';
  if (row.action === 'update') return 'update';
  if (!row.ready) return 'notready';
  return row.problems.length > 0 ? 'check' : 'ready';
}

/** What the row matches and what an update changes, in words. */
function MatchNote({ row }: { row: ImportRowPreview }) {
  const { t } = useTranslation();
  const language = useMessageLanguage();
  const title = row.match?.title ?? '';
  const changes = row.changes ?? [];
  const list = changes.length > 0 && (
    <ul className="import-changes">
      {changes.map((change) => (
        <li key={change.field}>{changeText(t, language, change)}</li>
      ))}
    </ul>
  );
  if (row.action === 'update')
    return (
      <div className="import-match" data-testid="import-changes">
        <p>
          {t(row.match?.listingUuid ? 'import.preview.updatesLive' : 'import.preview.updates', { title })}
        </p>
        {list}
      </div>
    );
  if (row.action === 'unchanged')
    return (
      <p className="import-match muted">
        {t(row.match?.draftId ? 'import.preview.sameDraft' : 'import.preview.sameLive', { title })}
      </p>
    );
  if (row.action === 'duplicate')
    return <p className="import-match">{t('import.preview.duplicateOf', { title })}</p>;
  if (row.match?.via === 'live' && changes.length > 0)
    return (
      <div className="import-match">
        <p>{t('import.preview.changesLive')}</p>
        {list}
      </div>
    );
  return null;
}

function PreviewRow({ row, skipped }: { row: ImportRowPreview; skipped: boolean }) {
  const { t, i18n } = useTranslation();
  const language = useMessageLanguage();
  const status = statusOf(row, skipped);
  const name = row.draft.title?.trim() || (row.file ? fileName(row.file) : String(sheetRow(row.index)));
  return (
    <tr className={`import-row-${status}`} data-testid="import-row" data-action={row.action}>
      <th scope="row" title={row.file}>
        {row.file ? fileName(row.file) : sheetRow(row.index)}
      </th>
      <td className="import-take-cell">
        {row.ok && row.action !== 'unchanged' && (
          <input
            type="checkbox"
            checked={!skipped}
            aria-label={t('import.preview.take', { title: name })}
            onChange={() => useImportStore.getState().toggleSkip(row.index)}
          />
        )}
        <span className={`import-badge import-badge-${status}`}>{t(badges[status])}</span>
      </td>
      <td className="import-title-cell">
        {row.draft.title?.trim() || <span className="muted">{t('import.preview.noTitle')}</span>}
      </td>
      <td className="import-num">{priceText(t, i18n.language, row.draft.price)}</td>
      <td className="import-num">{row.draft.photos.length}</td>
      <td className="import-problems-cell">
        <MatchNote row={row} />
        {row.problems.length > 0 && (
          <ul className="import-problems">
            {row.problems.map((problem, i) => (
              <li key={i} className={problem.severity === 'error' ? 'import-error' : 'import-warning'}>
                {problemText(t, problem, language)}
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
  const keepCategories = useImportStore((s) => s.categoriesAsTyped);
  const { runPreview, back, run, setCategoriesAsTyped } = useImportStore.getState();
  const [onlyProblems, setOnlyProblems] = useState(false);
  if (!preview) return null;
  const { counts } = preview;
  const rows = onlyProblems ? preview.rows.filter((row) => row.problems.length > 0) : preview.rows;
  const shown = rows.slice(0, SHOWN_ROWS);
  // Only rows to create or update can be left out (possible duplicates start left out).
  const writes = preview.rows.filter((row) => row.ok && row.action !== 'unchanged');
  const leftOut = writes.filter((row) => row.action !== 'duplicate' && skipped.has(row.index)).length;
  const importing = writes.filter((row) => !skipped.has(row.index)).length;

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
        <span className="import-count-ok">{t('import.preview.create', { count: counts.create })}</span>
        {counts.update > 0 && <span>{t('import.preview.update', { count: counts.update })}</span>}
        {counts.unchanged > 0 && <span>{t('import.preview.unchanged', { count: counts.unchanged })}</span>}
        {counts.duplicate > 0 && (
          <span className="import-count-check">
            {t('import.preview.duplicate', { count: counts.duplicate })}
          </span>
        )}
        {counts.notReady > 0 && (
          <span className="import-count-check">
            {t('import.preview.notReady', { count: counts.notReady })}
          </span>
        )}
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
      {preview.unmapped && preview.unmapped.length > 0 && (
        <div className="import-unmapped" data-testid="import-unmapped">
          {/* Mapped here, the preview is asked again: the rows then carry the mapped path. */}
          <UnmappedCategories items={preview.unmapped} onMapped={() => void runPreview()} />
          <label className="import-keep-categories">
            <input
              type="checkbox"
              checked={keepCategories}
              disabled={busy}
              aria-describedby={`${id}-keep`}
              onChange={(event) => void setCategoriesAsTyped(event.target.checked)}
            />
            <span>{t('import.preview.keepCategories')}</span>
          </label>
          <p id={`${id}-keep`} className="muted small">
            {t('import.preview.keepCategoriesHint')}
          </p>
        </div>
      )}
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
      {writes.length === 0 && (
        <p className="banner warning">
          {t(counts.refused > 0 || counts.rows === 0 ? 'import.preview.nothing' : 'import.preview.allThere')}
        </p>
      )}
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
