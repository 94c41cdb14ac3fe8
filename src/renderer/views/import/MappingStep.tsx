import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportTarget } from '../../../shared/domain/tables';
import { useImportStore } from '../../store/import-store';
import { FailureBanner } from './FailureBanner';
import { targetLabel } from './import-words';
import { TargetSelect } from './TargetSelect';

// Several columns may hold photos or attributes; every other target takes one column.
const MANY: ReadonlySet<ImportTarget> = new Set(['photos', 'attribute']);

/** Step 2 (tables): which column goes to which field, guessed and changeable; the sheet of a workbook. */
export function MappingStep({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const inspected = useImportStore((s) => s.inspected);
  const mapping = useImportStore((s) => s.mapping);
  const busy = useImportStore((s) => s.busy);
  const { setColumn, runPreview, back, inspect } = useImportStore.getState();
  if (!inspected) return null;

  const chosen = mapping.filter((target): target is ImportTarget => target !== null);
  const twice = [...new Set(chosen.filter((target, i) => !MANY.has(target) && chosen.indexOf(target) !== i))];
  const examplesOf = (column: number) =>
    inspected.sample
      .map((row) => row[column]?.replace(/\s+/g, ' ').trim() ?? '')
      .filter((value) => value !== '')
      .slice(0, 3);

  return (
    <form
      className="import-form"
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        void runPreview();
      }}
    >
      <h2 id={headingId} tabIndex={-1}>
        {t('import.mapping.heading')}
      </h2>
      <p className="muted">{t('import.mapping.intro')}</p>
      {inspected.mappingRemembered && <p className="muted small">{t('import.mapping.remembered')}</p>}
      <p className="muted small" data-testid="import-detected">
        {inspected.delimiter && inspected.encoding
          ? `${t('import.mapping.detected', {
              encoding: inspected.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252',
              delimiter: t(`import.mapping.delimiter.${inspected.delimiter}`),
            })} `
          : ''}
        {t('import.mapping.rows', { count: inspected.rowCount })}
      </p>
      {inspected.sheets.length > 1 && (
        <div className="field">
          <label htmlFor={`${id}-sheet`}>{t('import.mapping.sheet')}</label>
          <select
            id={`${id}-sheet`}
            value={inspected.sheet ?? inspected.sheets[0]}
            disabled={busy}
            onChange={(event) => void inspect(event.target.value)}
          >
            {inspected.sheets.map((sheet) => (
              <option key={sheet} value={sheet}>
                {sheet}
              </option>
            ))}
          </select>
        </div>
      )}
      {inspected.rowCount === 0 && inspected.sheets.length > 1 && (
        <p className="banner warning">{t('import.mapping.emptySheet')}</p>
      )}
      <div className="import-table-scroll">
        <table className="import-table import-mapping">
          <thead>
            <tr>
              <th scope="col">{t('import.mapping.column')}</th>
              <th scope="col">{t('import.mapping.examples')}</th>
              <th scope="col">{t('import.mapping.target')}</th>
            </tr>
          </thead>
          <tbody>
            {inspected.header.map((header, column) => {
              const name = header.trim() || t('import.mapping.unnamed', { n: column + 1 });
              const target = mapping[column] ?? null;
              return (
                <tr key={column} className={target === null ? 'import-left-out' : undefined}>
                  <th scope="row">{name}</th>
                  <td className="import-examples-cell">
                    <div className="import-examples-list">
                      {examplesOf(column).map((value, i) => (
                        <span key={i} className="import-sample">
                          {value}
                        </span>
                      ))}
                    </div>
                  </td>
                  <td>
                    <TargetSelect
                      label={t('import.mapping.targetFor', { header: name })}
                      leaveOut={t('import.mapping.leaveOut')}
                      value={target}
                      onChange={(next) => setColumn(column, next)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div aria-live="polite">
        {!chosen.includes('title') && <p className="banner warning">{t('import.mapping.noTitle')}</p>}
        {twice.map((target) => (
          <p key={target} className="banner warning">
            {t('import.mapping.twice', { target: targetLabel(t, target) })}
          </p>
        ))}
      </div>
      <FailureBanner />
      <div className="import-actions">
        <button type="button" onClick={back} disabled={busy}>
          {t('import.mapping.back')}
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('import.mapping.checking') : t('import.mapping.next')}
        </button>
      </div>
    </form>
  );
}
