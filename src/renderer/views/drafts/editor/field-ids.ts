// DOM ids of the editor's fields, so a message, the summary and tests can point at a field.
import type { DraftIssue } from '../../../../shared/domain/drafts';
import { draftLimits } from '../../../../shared/domain/drafts';
import type { AttributeRow } from '../../../store/attribute-rows';

/** The id of the control that edits `field` (a dotted path such as `price.amount`). */
export function fieldDomId(field: string): string {
  return `draft-${field.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

export const attributeKeyId = (row: AttributeRow) => `draft-attr-key-${row.id}`;
export const attributeValueId = (row: AttributeRow) => `draft-attr-value-${row.id}`;
/** The control of a catalog attribute not set yet (once set, its row's value id). */
export const catalogAttributeId = (key: string) => `draft-cattr-${key.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
export const ADD_ATTRIBUTE_ID = 'draft-attr-add';
export const PHOTOS_SECTION_ID = 'draft-photos';

/** The row an `attributes.<name>` issue is about: the first with that name, as the record keeps it. */
export function rowOfIssue(issue: DraftIssue, rows: readonly AttributeRow[]): AttributeRow | undefined {
  if (issue.field === 'attributes') {
    // Rows with neither name nor value are no attribute yet, so the nameless one has a value.
    return issue.code === 'attribute-key-empty'
      ? rows.find((r) => r.key.trim() === '' && r.value.trim() !== '')
      : undefined;
  }
  const key = issue.field.slice('attributes.'.length);
  return rows.find((r) => r.key === key);
}

/** True when an attribute's issue is about its value rather than its name. */
export function isAboutValue(issue: DraftIssue): boolean {
  if (issue.code === 'attribute-value-required') return true;
  return issue.code === 'too-long' && issue.params?.max === draftLimits.attributeValue;
}

/** The id of the control to focus for an issue. */
export function issueTargetId(issue: DraftIssue, rows: readonly AttributeRow[]): string {
  if (issue.field === 'photos') return PHOTOS_SECTION_ID;
  if (issue.field === 'attributes' || issue.field.startsWith('attributes.')) {
    const row = rowOfIssue(issue, rows);
    if (!row) return ADD_ATTRIBUTE_ID;
    return isAboutValue(issue) ? attributeValueId(row) : attributeKeyId(row);
  }
  return fieldDomId(issue.field);
}

/** Moves the focus to a control by id; the browser scrolls it into view, no further than needed. */
export function focusById(id: string): void {
  // Not scrollIntoView({ block: 'center' }): that also scrolls the frame around the editor's pane.
  document.getElementById(id)?.focus();
}
