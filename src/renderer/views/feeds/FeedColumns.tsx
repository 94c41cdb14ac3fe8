import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportInspectResult, ImportTarget } from '../../../shared/domain/tables';
import type { ProductFormat } from '../../../shared/domain/feeds';
import { TargetSelect } from '../import/TargetSelect';
import { referenceOptional, type FeedFormProblem, type FeedFormValues } from './use-feed-form';

interface Props {
  values: FeedFormValues;
  change(patch: Partial<FeedFormValues>): void;
  /** The source's header and first rows as main read them; null until read (or for an address). */
  inspected: ImportInspectResult | null;
  /** The product format the read header is recognized as (issue 35.1): no mapping, the reference optional. */
  recognized: ProductFormat | null;
  problems: readonly FeedFormProblem[];
}

/** A column picked by name from the read header, or typed where the header is not known here. */
function ColumnField({
  label,
  hint,
  value,
  header,
  optional,
  invalid,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  header: string[] | null;
  optional: boolean;
  invalid: boolean;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {header ? (
        <select
          id={id}
          value={value}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{optional ? t('feeds.form.noColumn') : t('feeds.form.pickColumn')}</option>
          {/* A column the feed names that the file no longer has stays visible, so nothing changes unseen. */}
          {value !== '' && !header.includes(value) && <option value={value}>{value}</option>}
          {header.map((name, i) => (
            <option key={i} value={name}>
              {name}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          value={value}
          aria-invalid={invalid}
          aria-describedby={`${id}-hint`}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

/** The columns: the reference (SKU) and stock columns, and where each column goes (the import's mapping). */
export function FeedColumns({ values, change, inspected, recognized, problems }: Props) {
  const { t } = useTranslation();
  const optional = referenceOptional(values, recognized);
  const header = inspected ? inspected.header.filter((name) => name.trim() !== '') : null;
  const mapping = values.mapping ?? inspected?.mapping ?? [];
  const setTarget = (column: number, target: ImportTarget | null) => {
    const next = [...mapping];
    while (next.length < (inspected?.header.length ?? 0)) next.push(null);
    next[column] = target;
    change({ mapping: next });
  };
  return (
    <fieldset>
      <legend>{t('feeds.form.columns')}</legend>
      {!inspected && <p className="hint">{t('feeds.form.columnsUnread')}</p>}
      {recognized !== null && (
        <p className="banner feed-note" data-testid="feed-recognized">
          {t('feeds.form.recognized', { format: t(`feeds.format.${recognized}`) })}
        </p>
      )}
      <div className="feed-form-row">
        <ColumnField
          label={optional ? t('feeds.form.referenceOptional') : t('feeds.form.reference')}
          hint={
            values.kind === 'url' && recognized === null
              ? `${t('feeds.form.referenceHint')} ${t('feeds.form.referenceUrlOptional')}`
              : t('feeds.form.referenceHint')
          }
          value={values.referenceColumn}
          header={header}
          optional={optional}
          invalid={problems.includes('reference')}
          onChange={(referenceColumn) => change({ referenceColumn })}
        />
        <ColumnField
          label={t('feeds.form.stock')}
          hint={recognized !== null ? t('feeds.form.stockRecognized') : t('feeds.form.stockHint')}
          value={values.stockColumn}
          header={header}
          optional
          invalid={false}
          onChange={(stockColumn) => change({ stockColumn })}
        />
      </div>
      {problems.includes('reference') && <p className="field-error">{t('feeds.form.referenceMissing')}</p>}
      {inspected && recognized === null && (
        <div className="feed-mapping">
          <p className="hint">
            {inspected.mappingRemembered ? t('feeds.form.mappingRemembered') : t('feeds.form.mappingGuessed')}
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('feeds.form.column')}</th>
                <th scope="col">{t('feeds.form.example')}</th>
                <th scope="col">{t('feeds.form.target')}</th>
              </tr>
            </thead>
            <tbody>
              {inspected.header.map((name, column) => {
                const shown = name.trim() || t('feeds.form.unnamed', { n: column + 1 });
                return (
                  <tr key={column}>
                    <th scope="row">{shown}</th>
                    <td className="muted">{inspected.sample[0]?.[column] ?? ''}</td>
                    <td>
                      <TargetSelect
                        label={t('feeds.form.targetFor', { header: shown })}
                        leaveOut={t('feeds.form.leaveOut')}
                        value={mapping[column]}
                        onChange={(target) => setTarget(column, target)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </fieldset>
  );
}
