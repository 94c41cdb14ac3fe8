// Which drafts `publish` refuses for want of an imprint: those of a real account without one that
// name none of their own. The engine refuses them too; the command line says so before it asks the
// service anything, naming the command that sets the imprint (an account offline is told the same).
import type { Draft } from '../../../shared/domain/drafts';
import type { AccountsState } from '../../../shared/ipc/types';
import type { Session } from '../session';

/** The drafts of `wanted` that cannot be published for want of an imprint, with their account's name. */
export async function withoutImprint(
  session: Session,
  wanted: readonly { id: string; accountId: string | null }[],
): Promise<Map<string, string>> {
  const { accounts, activeId } = await session.call<AccountsState>('accounts:list');
  const refused = new Map<string, string>();
  for (const draft of wanted) {
    const account = accounts.find((a) => a.id === (draft.accountId ?? activeId));
    // The Sandbox makes its test imprint; a missing account is the engine's to report.
    if (!account || account.kind === 'sandbox' || account.defaultImprintUuid !== null) continue;
    const own = (await session.call<Draft>('drafts:get', { id: draft.id })).publication.imprintUuid;
    if (!own?.trim()) refused.set(draft.id, account.name);
  }
  return refused;
}
