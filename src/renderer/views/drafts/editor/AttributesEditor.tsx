import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftIssue } from '../../../../shared/domain/drafts';
import { duplicateRowIds, newRowId, type AttributeRow } from '../../../store/attribute-rows';
import { useCatalog } from '../../../store/catalog-store';
import { catalogFields, withCatalogValue } from '../../../store/catalog-fields';
import { CatalogAttributes } from './CatalogAttributes';
import { Combobox } from './Combobox';
import { useDraftBinding } from './draft-binding';
import { issuesOf, type IssuesByField } from './draft-issues';
import {
  ADD_ATTRIBUTE_ID,
  attributeKeyId,
  attributeValueId,
  focusById,
  isAboutValue,
  rowOfIssue,
} from './field-ids';
import { useDraftLanguage, useIssueText } from './use-editor-language';

interface Props {
  /** The draft's category: a path the catalog knows brings its attributes. */
  category: string;
  issues: IssuesByField;
  /** Names seen before, each with its values (most used first). */
  suggestions: Record<string, string[]>;
}

/** The issues shown beside one row: those the validation ties to it, and a repeated name. */
function rowIssues(row: AttributeRow, rows: readonly AttributeRow[], issues: IssuesByField): DraftIssue[] {
  const mine = [...issuesOf(issues, 'attributes'), ...issuesOf(issues, `attributes.${row.key}`)];
  return mine.filter((issue) => rowOfIssue(issue, rows)?.id === row.id || rowMatchesEmpty(row, issue));
}

// Every row without a name is meant by "an attribute has no name", not only the first.
function rowMatchesEmpty(row: AttributeRow, issue: DraftIssue): boolean {
  return issue.code === 'attribute-key-empty' && row.key.trim() === '' && row.value.trim() !== '';
}

/**
 * Attributes: those the catalog offers for the category, as fields by their labels, and rows of
 * any name and value below, with the names and values the seller used before.
 */
export function AttributesEditor({ category, issues, suggestions }: Props) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const language = useDraftLanguage();
  // Without a category there are no catalog attributes to offer: the catalog waits for one.
  const catalog = useCatalog(category.trim() !== '');
  const { rows: allRows, setRows } = useDraftBinding();
  const focusNext = useRef<string | null>(null);
  const { fields, freeRows: rows } = useMemo(
    () =>
      catalog ? catalogFields(catalog.view, category, allRows, language) : { fields: [], freeRows: allRows },
    [catalog, category, allRows, language],
  );
  const duplicates = duplicateRowIds(allRows);
  const groupIssues = issuesOf(issues, 'attributes').filter((i) => i.code !== 'attribute-key-empty');
  const usedKeys = new Set([...allRows.map((r) => r.key.trim()), ...fields.map((f) => f.key)]);
  const offered = fields.length > 0;

  // Focus moves after the rows are drawn: to a new row, or on from a removed one.
  useEffect(() => {
    if (focusNext.current) focusById(focusNext.current);
    focusNext.current = null;
  }, [rows]);

  const change = (id: string, patch: Partial<AttributeRow>) =>
    setRows(allRows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const add = () => {
    const row = { id: newRowId(), key: '', value: '', free: true };
    focusNext.current = attributeKeyId(row);
    setRows([...allRows, row]);
  };
  const remove = (index: number) => {
    const gone = rows[index];
    const next = rows[index + 1] ?? rows[index - 1];
    focusNext.current = next ? `draft-attr-remove-${next.id}` : ADD_ATTRIBUTE_ID;
    setRows(allRows.filter((row) => row !== gone));
  };

  return (
    <fieldset
      className="attributes"
      aria-describedby={groupIssues.length > 0 ? 'draft-attributes-error' : undefined}
    >
      <legend>{t('editor.attributes.title')}</legend>
      {catalog && (
        <p className="hint attributes-hint">
          {t(offered ? 'editor.attributes.catalogHint' : 'editor.attributes.noCatalogHint')}
        </p>
      )}
      {offered && (
        <CatalogAttributes
          path={category.trim()}
          fields={fields}
          issues={issues}
          onChange={(key, value) => setRows(withCatalogValue(allRows, key, value))}
        />
      )}
      {offered && <p className="attributes-sub">{t('editor.attributes.freeTitle')}</p>}
      {rows.length === 0 ? (
        !offered && <p className="muted small">{t('editor.attributes.none')}</p>
      ) : (
        <div className="attribute-head" aria-hidden="true">
          <span>{t('editor.attributes.key')}</span>
          <span>{t('editor.attributes.value')}</span>
        </div>
      )}
      <ul className="attribute-rows" hidden={rows.length === 0}>
        {rows.map((row, index) => {
          const n = index + 1;
          const messages = rowIssues(row, allRows, issues);
          const duplicate = duplicates.has(row.id);
          const keyInvalid = duplicate || messages.some((i) => !isAboutValue(i));
          const valueInvalid = messages.some(isAboutValue);
          const errorId = `draft-attr-error-${row.id}`;
          const hasError = duplicate || messages.length > 0;
          const keyOptions = Object.keys(suggestions).filter((k) => k === row.key.trim() || !usedKeys.has(k));
          return (
            <li key={row.id} className="attribute-row">
              <Combobox
                id={attributeKeyId(row)}
                aria-label={t('editor.attributes.keyLabel', { n })}
                aria-invalid={keyInvalid || undefined}
                aria-describedby={hasError ? errorId : undefined}
                value={row.key}
                options={keyOptions}
                listLabel={t('editor.attributes.keySuggestions')}
                onChange={(key) => change(row.id, { key })}
              />
              <Combobox
                id={attributeValueId(row)}
                aria-label={t('editor.attributes.valueLabel', { n })}
                aria-invalid={valueInvalid || undefined}
                aria-describedby={hasError ? errorId : undefined}
                value={row.value}
                options={suggestions[row.key.trim()] ?? []}
                listLabel={t('editor.attributes.valueSuggestions')}
                onChange={(value) => change(row.id, { value })}
              />
              <button
                type="button"
                id={`draft-attr-remove-${row.id}`}
                className="attribute-remove"
                aria-label={t('editor.attributes.remove', { n })}
                title={t('editor.attributes.remove', { n })}
                onClick={() => remove(index)}
              >
                ×
              </button>
              {hasError && (
                <p id={errorId} className="field-error attribute-error">
                  {[
                    ...(duplicate ? [t('editor.attributes.duplicate', { key: row.key.trim() })] : []),
                    ...messages.map(issueText),
                  ].join(' ')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {groupIssues.length > 0 && (
        <p id="draft-attributes-error" className="field-error">
          {groupIssues.map(issueText).join(' ')}
        </p>
      )}
      <button type="button" id={ADD_ATTRIBUTE_ID} onClick={add}>
        {t('editor.attributes.add')}
      </button>
    </fieldset>
  );
}
