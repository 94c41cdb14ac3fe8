import { useTranslation } from 'react-i18next';
import type { DraftIssue } from '../../../../shared/domain/drafts';
import type { AttributeRow } from '../../../store/attribute-rows';
import { focusById, issueTargetId } from './field-ids';
import { useFieldLabel, useIssueText } from './use-editor-language';

interface Props {
  issues: readonly DraftIssue[];
  rows: readonly AttributeRow[];
  /** Fields in shop conflict wait for the seller's pick: then "ready" would mislead (issue 24.4). */
  inConflict?: boolean;
}

/** One entry per field to fix, in the form's order; several issues of a field share its entry. */
function byTarget(issues: readonly DraftIssue[]): DraftIssue[][] {
  const groups = new Map<string, DraftIssue[]>();
  for (const issue of issues) {
    const group = groups.get(issue.field);
    if (group) group.push(issue);
    else groups.set(issue.field, [issue]);
  }
  return [...groups.values()];
}

/** What still stands between the draft and publishing; each entry takes the focus to its field. */
export function IssueSummary({ issues, rows, inConflict = false }: Props) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const issueText = useIssueText();
  const groups = byTarget(issues);
  if (groups.length === 0 && inConflict) {
    return (
      <div className="editor-summary" data-testid="editor-summary">
        <strong>{t('shopMerge.pick')}</strong>
      </div>
    );
  }
  if (groups.length === 0) {
    return (
      <div className="editor-summary ready" data-testid="editor-summary">
        <strong>{t('editor.summary.ready')}</strong>
      </div>
    );
  }
  return (
    <div className="editor-summary" data-testid="editor-summary">
      <strong id="editor-summary-title">{t('editor.summary.fix', { count: groups.length })}</strong>
      <ul aria-labelledby="editor-summary-title">
        {groups.map((group) => {
          const first = group[0] as DraftIssue;
          return (
            <li key={first.field}>
              <button
                type="button"
                title={group.map(issueText).join(' ')}
                onClick={() => focusById(issueTargetId(first, rows))}
              >
                {label(first.field)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
