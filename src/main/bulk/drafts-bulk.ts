// Bulk edits of drafts (issue 17.4): planned against each draft as stored now, and saved at once
// through the drafts service, so an open editor and the list follow.
import { planDraft, type BulkEdit, type BulkRowPlan } from '../../shared/domain/bulk';
import type { BulkDraftsResult } from '../../shared/domain/bulk';
import type { Draft } from '../../shared/domain/drafts';
import { draftFieldsOf } from '../../shared/domain/shop';
import type { DraftsService } from '../drafts/drafts-service';

/** Plans the edit for each draft; a draft being published is left out (its job owns it now). */
async function plans(
  drafts: Pick<DraftsService, 'get'>,
  ids: string[],
  edit: BulkEdit,
): Promise<{ plan: BulkRowPlan; draft: Draft; before: Draft }[]> {
  const out = [];
  for (const id of [...new Set(ids)]) {
    const draft = await drafts.get(id);
    if (draft.status === 'publishing') {
      out.push({
        plan: {
          id,
          title: draft.title,
          outcome: 'invalid' as const,
          changes: [],
          reason: 'publishing' as const,
        },
        draft,
        before: draft,
      });
      continue;
    }
    out.push({ ...planDraft(draft, edit), before: draft });
  }
  return out;
}

/** What the edit would do to each draft. */
export async function previewDrafts(
  drafts: Pick<DraftsService, 'get'>,
  ids: string[],
  edit: BulkEdit,
): Promise<BulkRowPlan[]> {
  return (await plans(drafts, ids, edit)).map(({ plan }) => plan);
}

/** Saves the edit into each draft it changes; the others are named with why. */
export async function applyToDrafts(
  drafts: Pick<DraftsService, 'get' | 'saveFields'>,
  ids: string[],
  edit: BulkEdit,
): Promise<BulkDraftsResult> {
  const planned = await plans(drafts, ids, edit);
  const saved: string[] = [];
  for (const { plan, draft, before } of planned) {
    if (plan.outcome !== 'change') continue;
    // Only the fields the edit changed: the seller may have typed in an open editor since the plan.
    await drafts.saveFields(draftFieldsOf(draft), draftFieldsOf(before), 'bulk');
    saved.push(draft.id);
  }
  return { rows: planned.map(({ plan }) => plan), saved };
}
