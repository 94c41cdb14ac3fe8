import type { ReactNode } from 'react';
import type { DraftIssue } from '../../../../shared/domain/drafts';
import { fieldDomId } from './field-ids';
import { useIssueText } from './use-editor-language';
import { FieldConflict } from '../shop/FieldConflict';

/** What a field's control needs to be tied to its label and messages. */
export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  /** The issue path of the field, e.g. `price.amount`; it also names the control's id. */
  field: string;
  label: string;
  issues?: readonly DraftIssue[];
  hint?: ReactNode;
  /** Spans the whole row of the form grid. */
  wide?: boolean;
  children(a11y: FieldA11y): ReactNode;
}

/** A labelled control with its hint, what must be fixed before publishing, and a conflict's other values. */
export function Field({ field, label, issues = [], hint, wide, children }: FieldProps) {
  const issueText = useIssueText();
  const id = fieldDomId(field);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [issues.length > 0 && errorId, hint !== undefined && hintId].filter(Boolean).join(' ');
  return (
    <div className={wide ? 'editor-field wide' : 'editor-field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(issues.length > 0 && { 'aria-invalid': true as const }),
        ...(describedBy && { 'aria-describedby': describedBy }),
      })}
      {hint !== undefined && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
      {issues.length > 0 && (
        <p id={errorId} className="field-error">
          {issues.map(issueText).join(' ')}
        </p>
      )}
      <FieldConflict field={field} label={label} />
    </div>
  );
}
