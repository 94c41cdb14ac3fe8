// A request as a desk shows it (issue 37.4): the request's row seen from one desk, and the news its
// asker is told when another desk decided it (or an edit withdrew it), in the seller's words.
import { approvalChanges, type ApprovalView } from '../../../shared/domain/approvals';
import type { TFunction } from '../../i18n';
import { actionOf } from './approvals-live';
import type { ApprovalRow } from './approvals-sql';

/** The request as a desk sees it. */
export function approvalView(row: ApprovalRow, deskId: string): ApprovalView {
  return {
    id: row.id,
    kind: row.kind,
    draftId: row.draftId,
    account: row.account,
    listing: row.listing,
    state: row.state,
    ad: row.ad,
    draft: row.body.record.snapshot ?? null,
    changes: approvalChanges(row.live, row.ad),
    askedBy: row.askedBy,
    askedByName: row.askedByName,
    askedAt: row.askedAt,
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt,
    note: row.note,
    jobId: row.jobId,
    mine: row.askedBy === deskId,
    action: row.kind === 'publish' ? null : actionOf(row.body),
  };
}

/** What the asker is told of its request decided (`t`: the teamRoles words in the seller's language). */
export function approvalNews(row: ApprovalRow, t: TFunction): string {
  const title = row.ad.title;
  const desk = row.decidedByName ?? '';
  const about = t(`approvals.about.${row.kind}`, { title });
  return row.kind !== 'publish'
    ? row.state === 'sent-back'
      ? t('approvals.sentBackLive', { about, desk, note: row.note ?? '' })
      : t('approvals.approvedLive', { about, desk })
    : row.state === 'withdrawn'
      ? t('approvals.withdrawnByEdit', { title })
      : row.state === 'sent-back'
        ? t('approvals.sentBack', { title, desk, note: row.note ?? '' })
        : t('approvals.approved', { title, desk });
}
