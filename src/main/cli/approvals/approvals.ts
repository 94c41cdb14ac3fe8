// `approvals list [--json]`, `approvals approve ID`, `approvals send-back ID --note TEXT`, `approvals
// ask LISTING …` (issue 37.4): the team's requests on the command line, through the same channels as
// the Approvals view and the Listings view's "Ask to …".
import type { ApprovalView } from '../../../shared/domain/approvals';
import type { ApprovalsState } from '../../../shared/ipc/contract-approvals';
import type { AccountsState } from '../../../shared/ipc/types';
import { liveAskOf, UsageError, type CliLiveAsk } from '../args';
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

/**
 * `approvals ask LISTING --price AMOUNT|--pause|--resume|--end sold|deleted` (issue 37.4): a request
 * about a live ad, as the Listings view's "Ask to …" makes it; nothing is sent to the service.
 */
export async function approvalsAskCommand(
  session: Session,
  listing: string,
  ask: CliLiveAsk,
): Promise<number> {
  try {
    const { requestId } = await session.call<{ requestId: string }>('approvals:ask', liveAskOf(listing, ask));
    session.out(wordsIn(session.language, 'teamRoles')('approvals.askedLive', { id: requestId }));
    return EXIT.ok;
  } catch (error) {
    return refused(session, error);
  }
}

/** `approvals rules [--json]`: the accounts whose publish desks must ask too. */
export async function approvalsRulesCommand(session: Session, json: boolean): Promise<number> {
  const t = wordsIn(session.language, 'teamRoles');
  try {
    const { accounts } = await session.call<{ accounts: string[] }>('approvals:rules');
    const known = (await session.call<AccountsState>('accounts:list')).accounts;
    const named = accounts.map((id) => ({ id, name: known.find((a) => a.id === id)?.name ?? id }));
    if (json) session.out(JSON.stringify({ accounts: named }, null, 2));
    else if (named.length === 0) session.out(t('approvals.rulesNone'));
    else session.out([t('approvals.rulesHeader'), ...named.map((a) => `  ${a.name} (${a.id})`)].join('\n'));
    return EXIT.ok;
  } catch (error) {
    return refused(session, error);
  }
}

/** `approvals rule ACCOUNT on|off [--json]`: the owner's rule for one account (owner desks only). */
export async function approvalsRuleCommand(
  session: Session,
  accountName: string,
  onOff: string,
  json: boolean,
): Promise<number> {
  const t = wordsIn(session.language, 'teamRoles');
  const { accounts: known } = await session.call<AccountsState>('accounts:list');
  const wanted = accountName.trim().toLowerCase();
  const account =
    known.find((a) => a.id === accountName) ?? known.find((a) => a.name.trim().toLowerCase() === wanted);
  if (!account)
    throw new UsageError({ problem: 'account-unknown', name: accountName, names: known.map((a) => a.name) });
  try {
    const required = onOff === 'on';
    const { accounts } = await session.call<{ accounts: string[] }>('approvals:set-rule', {
      accountId: account.id,
      required,
    });
    if (json) session.out(JSON.stringify({ account: account.id, required, accounts }, null, 2));
    else session.out(t(required ? 'approvals.ruleOn' : 'approvals.ruleOff', { account: account.name }));
    return EXIT.ok;
  } catch (error) {
    return refused(session, error);
  }
}
