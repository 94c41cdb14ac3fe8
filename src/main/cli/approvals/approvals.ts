// `approvals list [--json]`, `approvals approve ID`, `approvals send-back ID --note TEXT` (issue
// 37.4): the team's requests on the command line, through the same channels as the Approvals view.
import type { ApprovalView } from '../../../shared/domain/approvals';
import type { ApprovalsState } from '../../../shared/ipc/contract-approvals';
import { wordsIn } from '../../i18n';
import { CallFailed, type Session } from '../session';
import { EXIT, table } from '../words';

const price = (ad: ApprovalView['ad']) => (ad.price.amount === null ? ad.price.type : `${ad.price.amount} €`);

/** A refusal (role, own request, decided already) said as it came; its exit code. */
function refused(session: Session, error: unknown): number {
  if (!(error instanceof CallFailed)) throw error;
  session.err(error.error.message);
  return error.error.code === 'forbidden' ? EXIT.shopRefused : EXIT.someFailed;
}

export async function approvalsListCommand(session: Session, json: boolean): Promise<number> {
  const t = wordsIn(session.language, 'teamRoles');
  const state = await session.call<ApprovalsState>('approvals:list');
  if (json) {
    session.out(JSON.stringify(state, null, 2));
    return state.member ? EXIT.ok : EXIT.shopRefused;
  }
  if (!state.member) {
    session.err(t('approvals.notInTeam'));
    return EXIT.shopRefused;
  }
  if (state.requests.length === 0) {
    session.out(t('approvals.none'));
    return EXIT.ok;
  }
  const h = (key: string) => t(`approvals.header.${key}`);
  const rows = state.requests.map((r) => [
    r.id,
    t(`approvals.kind.${r.kind}`),
    t(`approvals.state.${r.state}`),
    r.askedByName,
    r.askedAt.slice(0, 16).replace('T', ' '),
    r.ad.title,
    price(r.ad),
    r.ad.photos.length.toString(),
  ]);
  session.out(
    table(['id', 'kind', 'state', 'asked', 'at', 'title', 'price', 'photos'].map(h), rows) +
      '\n' +
      t('approvals.waitingCount', { count: state.waiting }),
  );
  for (const r of state.requests) {
    if (r.note)
      session.out(`${r.id}: ${t('approvals.noteOf', { desk: r.decidedByName ?? '', note: r.note })}`);
    for (const change of r.changes) session.out(`${r.id}: ${change.field}: ${change.live} → ${change.asked}`);
  }
  return EXIT.ok;
}

export async function approvalsApproveCommand(session: Session, id: string): Promise<number> {
  try {
    const { jobId } = await session.call<{ jobId: string }>('approvals:approve', { id });
    session.out(wordsIn(session.language, 'teamRoles')('approvals.approvedHere', { id, jobId }));
    return EXIT.ok;
  } catch (error) {
    return refused(session, error);
  }
}

export async function approvalsSendBackCommand(session: Session, id: string, note: string): Promise<number> {
  try {
    await session.call('approvals:send-back', { id, note });
    session.out(wordsIn(session.language, 'teamRoles')('approvals.sentBackHere', { id }));
    return EXIT.ok;
  } catch (error) {
    return refused(session, error);
  }
}
