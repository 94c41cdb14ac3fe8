// What `status` says of the drafts: how many are in each state, and in the trash, for one account
// (--account) or all of them.
import { draftStatuses, type DraftStatus } from '../../../shared/domain/drafts';
import type { DraftsListResult } from '../../../shared/ipc/types';
import { wordsIn } from '../../i18n';
import type { Session } from '../session';

/** `conflict`: ready drafts with fields two desks of the shop changed apart; they are not in `ready`. */
export type DraftCounts = Record<DraftStatus, number> & { conflict: number; trash: number; total: number };

/** The drafts by state (the trash apart), of `accountId` or of every account. */
export async function countDrafts(session: Session, accountId: string | undefined): Promise<DraftCounts> {
  const mine = (item: { accountId: string | null }) =>
    accountId === undefined || item.accountId === accountId;
  const live = await session.call<DraftsListResult>('drafts:list', { status: 'all', account: 'all' });
  const trashed = await session.call<DraftsListResult>('drafts:list', { trash: true, account: 'all' });
  const counts = Object.fromEntries(draftStatuses.map((status) => [status, 0])) as DraftCounts;
  const items = live.items.filter(mine);
  counts.conflict = 0;
  // Publish refuses a draft in conflict until the seller picks (issue 24.4): it is not ready.
  for (const item of items)
    if (item.status === 'ready' && item.shopConflicts > 0) counts.conflict += 1;
    else counts[item.status] += 1;
  counts.trash = trashed.items.filter(mine).length;
  counts.total = items.length;
  return counts;
}

/** The counts as one line, e.g. "Drafts: 2 incomplete, 1 ready, … 1 in the trash." */
export function draftCountsText(
  counts: DraftCounts,
  session: Pick<Session, 'language'>,
  account?: string,
): string {
  const t = wordsIn(session.language, 'cli');
  const parts = draftStatuses.flatMap((status) => [
    t(`draftCounts.${status}`, { count: counts[status] }),
    ...(status === 'ready' && counts.conflict > 0
      ? [t('draftCounts.conflict', { count: counts.conflict })]
      : []),
  ]);
  return t(account === undefined ? 'draftCounts.line' : 'draftCounts.lineOf', {
    account,
    states: parts.join(', '),
    trash: t('draftCounts.trash', { count: counts.trash }),
  });
}
