import { useTranslation } from 'react-i18next';
import type { BulkRowPlan } from '../../../shared/domain/bulk';
import { useFieldName, useRowNote, useValueText } from './BulkValues';

/** Each ad with its values before and after; ads that would not change or are left out, named. */
export function BulkPreviewTable({ rows }: { rows: BulkRowPlan[] }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  const fieldName = useFieldName();
  const note = useRowNote();
  const count = (outcome: BulkRowPlan['outcome']) => rows.filter((row) => row.outcome === outcome).length;
  return (
    <section className="bulk-preview" aria-label={t('bulk.previewLabel')}>
      <p role="status" data-testid="bulk-summary">
        {t('bulk.summary', {
          change: count('change'),
          total: rows.length,
          same: count('same'),
          invalid: count('invalid'),
        })}
      </p>
      <div className="bulk-table-wrap">
        <table className="bulk-table" data-testid="bulk-preview">
          <thead>
            <tr>
              <th scope="col">{t('bulk.table.ad')}</th>
              <th scope="col">{t('bulk.table.field')}</th>
              <th scope="col">{t('bulk.table.before')}</th>
              <th scope="col">{t('bulk.table.after')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const title = row.title.trim() || t('bulk.untitled');
              if (row.outcome !== 'change')
                return (
                  <tr key={row.id} className={`bulk-row-${row.outcome}`} data-outcome={row.outcome}>
                    <th scope="row">{title}</th>
                    <td colSpan={3}>{note(row)}</td>
                  </tr>
                );
              return row.changes.map((change, index) => (
                <tr key={`${row.id}-${index}`} data-outcome="change">
                  {index === 0 && (
                    <th scope="row" rowSpan={row.changes.length}>
                      {title}
                    </th>
                  )}
                  <td>{fieldName(change)}</td>
                  <td className="bulk-before">{valueText(change, change.before)}</td>
                  <td className="bulk-after">{valueText(change, change.after)}</td>
                </tr>
              ));
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
