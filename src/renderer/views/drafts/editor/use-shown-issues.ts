// Which of a draft's issues are shown beside its fields (issue 26.7). A field left empty is not an
// error before the seller got to it: "required" (and "no photos") shows once the field was typed in
// or left, or once the seller tried to publish. What is wrong with a value typed shows at once; the
// summary above the form always says everything still missing.
import { useCallback, useMemo, useState, type SyntheticEvent } from 'react';
import type { DraftIssue } from '../../../../shared/domain/drafts';
import type { AttributeRow } from '../../../store/attribute-rows';
import { issueTargetId, PHOTOS_SECTION_ID } from './field-ids';

const MISSING = new Set<DraftIssue['code']>(['required', 'no-photos']);

interface Seen {
  draftId: string;
  /** DOM ids of the controls the seller typed in or left. */
  touched: ReadonlySet<string>;
  /** The seller tried to publish: every issue shows. */
  all: boolean;
}

export interface ShownIssues {
  /** The issues to show beside their fields. */
  shown: readonly DraftIssue[];
  /** Marks the control an event came from as touched (for onInput and onBlur of the form). */
  touch(event: SyntheticEvent): void;
  /** Shows every issue (an attempt to publish). */
  showAll(): void;
}

/** The issues of draft `draftId` to show beside its fields, and the ways to reveal more. */
export function useShownIssues(
  draftId: string,
  issues: readonly DraftIssue[],
  rows: readonly AttributeRow[],
): ShownIssues {
  const [seen, setSeen] = useState<Seen>({ draftId, touched: new Set(), all: false });
  // Another draft opened in the same editor starts untouched.
  const current = seen.draftId === draftId ? seen : { draftId, touched: new Set<string>(), all: false };
  const touch = useCallback(
    (event: SyntheticEvent) => {
      const target = event.target as HTMLElement;
      const id = target.closest(`#${PHOTOS_SECTION_ID}`) ? PHOTOS_SECTION_ID : target.id;
      if (!id) return;
      setSeen((before) => {
        const base =
          before.draftId === draftId ? before : { draftId, touched: new Set<string>(), all: false };
        if (base.touched.has(id)) return base;
        return { ...base, touched: new Set([...base.touched, id]) };
      });
    },
    [draftId],
  );
  const showAll = useCallback(
    () =>
      setSeen((before) =>
        before.draftId === draftId ? { ...before, all: true } : { draftId, touched: new Set(), all: true },
      ),
    [draftId],
  );
  const shown = useMemo(
    () =>
      current.all
        ? issues
        : issues.filter(
            (issue) => !MISSING.has(issue.code) || current.touched.has(issueTargetId(issue, rows)),
          ),
    [issues, rows, current.all, current.touched],
  );
  return { shown, touch, showAll };
}
