// Why `publish` leaves a draft out (issue 23.4): the draft rules' own words, in the run's language,
// so that "not ready" is never said without its reason (a fixed price of 0 €, a missing photo).
import type { Draft } from '../../../shared/domain/drafts';
import { draftIssueMessage, validateDraft } from '../../../shared/domain/drafts';
import type { DraftsListResult } from '../../../shared/ipc/types';
import type { Session } from '../session';

// Enough to see why; a shop's hundred half-typed drafts would bury the run's own lines.
const SHOWN = 10;

/** What must be fixed in `draft`, field by field, in the run's language; '' when nothing. */
export function issuesText(draft: Draft, session: Pick<Session, 'language'>): string {
  const language = session.language === 'de' ? 'de' : 'en';
  return validateDraft(draft)
    .map((issue) => draftIssueMessage(issue, language, { withField: true }))
    .join(' ');
}

/** Prints the account's drafts that `publish --ready` leaves out, the first few with why; returns how many. */
export async function reportLeftOut(session: Session, accountId: string): Promise<number> {
  const list = await session.call<DraftsListResult>('drafts:list', { status: 'draft', account: 'all' });
  const left = list.items.filter((item) => item.accountId === accountId);
  for (const item of left.slice(0, SHOWN)) {
    const draft = await session.call<Draft>('drafts:get', { id: item.id });
    session.err(
      session.words.leftOut(draft.title.trim() || session.words.untitled, issuesText(draft, session)),
    );
  }
  if (left.length > SHOWN) session.err(session.words.leftOutMore(left.length - SHOWN));
  return left.length;
}
