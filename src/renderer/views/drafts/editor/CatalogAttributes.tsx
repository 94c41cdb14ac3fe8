// The attributes the catalog offers for the draft's category (issue 33.3): the kind first, then
// condition and shipping, then the rest in the catalog's order, in a compact grid; many yes/no
// questions go behind a "more" disclosure together. Labels in the editor's language, values stored
// and sent as the catalog has them. A value the catalog does not list is kept and marked.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hintText, type CatalogField } from '../../../store/catalog-fields';
import { issuesOf, type IssuesByField } from './draft-issues';
import { attributeValueId, catalogAttributeId } from './field-ids';
import { useDraftLanguage, useIssueText } from './use-editor-language';

// No catalog value can hold a NUL: the select's "Another value…".
const OTHER = '\u0000other';

interface FieldProps {
  field: CatalogField;
  issues: IssuesByField;
  onChange(key: string, value: string): void;
}

/** One attribute: its label, its control, what it is known from, and what must be fixed. */
function CatalogFieldView({ field, issues, onChange }: FieldProps) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const language = useDraftLanguage();
  const [other, setOther] = useState(false);
  const listed = field.control === 'select' || field.control === 'yes-no';
  // The field for another value comes right after the select; focus stays where the seller is
  // (a select's keys may pass "Another value…" on the way to another option).
  const typing = listed && (other || field.unknown);

  const { key, row } = field;
  const baseId = catalogAttributeId(key);
  // The control that holds the row's value has the row's id, so the summary and the shop's
  // conflicts can point at it as at any attribute row; a row added by hand below keeps its own.
  const owned = row && !row.free ? row : undefined;
  const valueId = owned ? attributeValueId(owned) : baseId;
  const controlId = typing ? baseId : valueId;
  const otherId = owned ? valueId : `${baseId}-other`;
  const noteId = `${baseId}-note`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const problems = row ? issuesOf(issues, `attributes.${row.key}`) : [];
  const hints = field.control === 'number' && field.hints.length > 0;
  const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;
  const described = describedBy(field.unknown && noteId, hints && hintId, problems.length > 0 && errorId);

  return (
    <div className={field.kind ? 'catalog-field kind' : 'catalog-field'}>
      <label htmlFor={controlId}>{field.label}</label>
      {listed ? (
        <select
          id={controlId}
          value={typing ? OTHER : field.value.trim()}
          aria-describedby={typing ? undefined : described}
          onChange={(event) => {
            const chosen = event.target.value;
            if (chosen === OTHER) {
              setOther(true);
              // The typed value starts empty: the listed one would be no other value.
              if (!field.unknown) onChange(key, '');
              return;
            }
            setOther(false);
            onChange(key, chosen);
          }}
        >
          <option value="">{t('editor.attributes.unset')}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          <option value={OTHER}>{t('editor.attributes.other')}</option>
        </select>
      ) : (
        <input
          id={controlId}
          inputMode={field.control === 'number' ? 'decimal' : undefined}
          value={field.value}
          aria-invalid={problems.length > 0 || undefined}
          aria-describedby={described}
          onChange={(event) => onChange(key, event.target.value)}
        />
      )}
      {typing && (
        <input
          id={otherId}
          className="catalog-other"
          aria-label={t('editor.attributes.otherLabel', { label: field.label })}
          aria-invalid={problems.length > 0 || undefined}
          aria-describedby={described}
          value={field.value}
          onChange={(event) => onChange(key, event.target.value)}
        />
      )}
      {hints && (
        <small id={hintId} className="hint">
          {t('editor.attributes.numberHint', {
            values: field.hints.map((hint) => hintText(hint, language)).join(' … '),
          })}
        </small>
      )}
      {field.unknown && (
        <small id={noteId} className="hint catalog-note" data-testid="catalog-unknown">
          {t(field.control === 'number' ? 'editor.attributes.notNumber' : 'editor.attributes.unknownValue')}
        </small>
      )}
      {problems.length > 0 && (
        <p id={errorId} className="field-error">
          {problems.map(issueText).join(' ')}
        </p>
      )}
    </div>
  );
}

interface Props {
  /** The category's path: the disclosure opens anew for another category. */
  path: string;
  fields: CatalogField[];
  issues: IssuesByField;
  onChange(key: string, value: string): void;
}

/** The category's attributes as fields: those in view, then the rest behind "more". */
export function CatalogAttributes({ path, fields, issues, onChange }: Props) {
  const { t } = useTranslation();
  const shown = fields.filter((field) => !field.more);
  const more = fields.filter((field) => field.more);
  // Open from the start where one of them is set, so no value the ad carries is out of sight.
  const [open, setOpen] = useState<{ path: string; open: boolean }>(() => ({
    path,
    open: more.some((field) => field.value !== ''),
  }));
  const isOpen = open.path === path ? open.open : more.some((field) => field.value !== '');
  const grid = (list: CatalogField[]) => (
    <div className="catalog-grid">
      {list.map((field) => (
        <CatalogFieldView key={field.key} field={field} issues={issues} onChange={onChange} />
      ))}
    </div>
  );
  return (
    <div className="catalog-attributes" data-testid="catalog-attributes">
      {grid(shown)}
      {more.length > 0 && (
        <details
          className="catalog-more"
          open={isOpen}
          onToggle={(event) => setOpen({ path, open: event.currentTarget.open })}
        >
          <summary>{t('editor.attributes.more', { count: more.length })}</summary>
          {grid(more)}
        </details>
      )}
    </div>
  );
}
