import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../../shared/domain/drafts';
import { draftLimits } from '../../../../shared/domain/drafts';
import type { DraftSuggestions } from '../../../../shared/ipc/types';
import { AttributesEditor } from './AttributesEditor';
import { CategoryPicker, type CategoryChoice } from '../../../components/category-picker/CategoryPicker';
import { rowsAfterPick } from '../../../components/category-picker/picker-rows';
import { useCatalogStore } from '../../../store/catalog-store';
import { newRowId } from '../../../store/attribute-rows';
import { useDraftBinding } from './draft-binding';
import { issuesOf, type IssuesByField } from './draft-issues';
import { Field } from './Field';
import { useDraftLanguage, useFieldLabel } from './use-editor-language';

// The length `trim()` would give, without copying a text that may be 100,000 characters long.
function trimmedLength(text: string): number {
  let start = 0;
  let end = text.length;
  while (start < end && /\s/.test(text.charAt(start))) start++;
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  return end - start;
}

interface Props {
  draft: Draft;
  issues: IssuesByField;
  suggestions: DraftSuggestions | null;
}

/** The ad itself: title, category, description and attributes. */
export function ListingSection({ draft, issues, suggestions }: Props) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const { edit, rows, setRows } = useDraftBinding();
  const language = useDraftLanguage();
  // The path goes into the draft; a kind also sets its attribute (`art` = `lego_duplo`).
  const pick = ({ path, kind }: CategoryChoice) => {
    const view = useCatalogStore.getState().loaded?.view;
    const next = rowsAfterPick(
      rows,
      { view, from: draft.category, path, ...(kind && { kind }) },
      (key, value) => ({
        id: newRowId(),
        key,
        value,
      }),
    );
    edit((d) => ({ ...d, category: path }));
    if (next.length !== rows.length || next.some((row, i) => row !== rows[i])) setRows(next);
  };
  // Counted as the rule counts it: spaces at either end do not go out.
  const length = trimmedLength(draft.description);
  const over = length > draftLimits.description;
  return (
    <section className="editor-section" aria-labelledby="editor-listing-title">
      <h3 id="editor-listing-title">{t('editor.sections.listing')}</h3>
      <div className="editor-grid">
        <Field field="title" label={label('title')} issues={issuesOf(issues, 'title')} wide>
          {(a11y) => (
            <input
              {...a11y}
              value={draft.title}
              onChange={(e) => edit((d) => ({ ...d, title: e.target.value }))}
            />
          )}
        </Field>
        <Field
          field="category"
          label={label('category')}
          issues={issuesOf(issues, 'category')}
          hint={t('editor.hints.category')}
          wide
        >
          {(a11y) => (
            <CategoryPicker
              {...a11y}
              value={draft.category}
              attributes={draft.attributes}
              recent={suggestions?.categories ?? []}
              language={language}
              onPick={pick}
            />
          )}
        </Field>
        <Field
          field="description"
          label={label('description')}
          issues={issuesOf(issues, 'description')}
          hint={
            <span className={over ? 'editor-count over' : 'editor-count'}>
              {t('editor.description.count', { count: length, max: draftLimits.description })}
            </span>
          }
          wide
        >
          {(a11y) => (
            <textarea
              {...a11y}
              rows={8}
              value={draft.description}
              onChange={(e) => edit((d) => ({ ...d, description: e.target.value }))}
            />
          )}
        </Field>
      </div>
      <AttributesEditor
        category={draft.category}
        issues={issues}
        suggestions={suggestions?.attributes ?? {}}
      />
    </section>
  );
}
