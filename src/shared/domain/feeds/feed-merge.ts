// A feed's update of a draft, merged three ways (issue 32.1): the plan says what each field was when
// it was made (`before`) and what the row sets (`after`); a field the seller (or another desk)
// changed since the plan, to something other than the row's value, becomes a conflict with both
// values instead of being written over. Pure.
import type { Draft, DraftInit } from '../drafts';
import { draftFieldsOf, mergeSave, shopValueOf, withShopValue, type SaveSides } from '../shop';
import { applyChanges, sameValue, type ImportFieldChange, type ImportValue } from '../tables';

const valueOf = (draft: Draft, field: string): ImportValue => {
  const value = shopValueOf(draft, field);
  return value === undefined ? null : (value as ImportValue);
};

/** `current` with the row's changes as planned, merged against what the plan saw (see the file's top). */
export function mergeFeedChanges(
  current: Draft,
  init: DraftInit,
  changes: readonly ImportFieldChange[],
  who: SaveSides,
): Draft {
  const fields = changes.filter((change) => change.field !== 'photos');
  // The fields as the plan saw them: where the draft changed since, its value then.
  const planned = fields.reduce(
    (draft, { field, before }) =>
      sameValue(field, valueOf(draft, field), before)
        ? draft
        : withShopValue(
            draft,
            field,
            field.startsWith('attributes.') && before === null ? undefined : before,
          ),
    current,
  );
  const typed = draftFieldsOf(applyChanges(current, init, fields));
  return mergeSave(current, typed, draftFieldsOf(planned), who);
}
