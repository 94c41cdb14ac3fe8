// The draft's issues, grouped by the field they are shown beside.
import type { DraftIssue } from '../../../../shared/domain/drafts';

export type IssuesByField = ReadonlyMap<string, readonly DraftIssue[]>;

/** Groups issues by field, keeping their order (the form's order). */
export function groupIssues(issues: readonly DraftIssue[]): IssuesByField {
  const map = new Map<string, DraftIssue[]>();
  for (const issue of issues) {
    const list = map.get(issue.field);
    if (list) list.push(issue);
    else map.set(issue.field, [issue]);
  }
  return map;
}

const none: readonly DraftIssue[] = [];

/** The issues of one field (an empty list when it has none). */
export function issuesOf(map: IssuesByField, field: string): readonly DraftIssue[] {
  return map.get(field) ?? none;
}
