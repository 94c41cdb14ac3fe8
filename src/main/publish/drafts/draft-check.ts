// Whether a draft may become a new publish job, and if not, why (in the engine's failure words).
import type { Draft } from '../../../shared/domain/drafts';
import { validateDraft } from '../../../shared/domain/drafts';
import { shopConflictsOf } from '../../../shared/domain/shop';
import type { FailureFacts } from '../context';
import { jobWords } from '../views';

/** Why `draft` cannot be published as a new job, or null when it can. */
export function whyNotPublishable(draft: Draft): FailureFacts | null {
  if (draft.status === 'published') {
    return { problem: 'not-publishable', message: jobWords('publishedAlready') };
  }
  // A publication exists (e.g. the ad was rejected): a new job would make a second listing.
  if (draft.remote?.publicationUuid) {
    return {
      problem: 'already-on-service',
      message: jobWords('hasPublication'),
    };
  }
  // Issue 24.4: a field two desks changed apart holds one of their values until the seller picks;
  // publishing it would put a value online nobody chose.
  const conflicts = shopConflictsOf(draft);
  if (conflicts.length > 0) {
    const fields = [...new Set(conflicts.map((conflict) => conflict.field))].join(', ');
    return { problem: 'not-publishable', message: jobWords('shopConflicts', { fields }) };
  }
  const issues = validateDraft(draft);
  if (issues.length > 0) {
    const fields = [...new Set(issues.map((issue) => issue.field))].join(', ');
    return {
      problem: 'not-publishable',
      message: jobWords('notComplete', { fields }),
    };
  }
  return null;
}
