// Settings → Team: the owner's rule per account (issue 37.4), "Publish desks must ask too". On, a
// publish desk's Publish reads "Ask to publish" for that account and its live changes, pauses, ends
// and prices become requests. Only an owner desk sets it (the database refuses the others); on any
// other desk the switch stays in view, disabled, with the reason.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleGate } from '../../../components/RoleGate';
import { useAccountsStore } from '../../../store/accounts-store';
import { useApprovalsStore } from '../../../store/approvals-store';

export function ShopApprovalRules() {
  const { t } = useTranslation();
  const id = useId();
  const gate = useRoleGate('approval-rules');
  const accounts = useAccountsStore((s) => s.state?.accounts ?? []).filter((a) => a.kind !== 'sandbox');
  const rules = useApprovalsStore((s) => s.rules);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    void useApprovalsStore.getState().load();
  }, []);
  if (accounts.length === 0) return null;
  const toggle = (accountId: string, required: boolean) => {
    if (!gate.allowed || busy) return;
    setBusy(accountId);
    setFailed(null);
    useApprovalsStore
      .getState()
      .setRule(accountId, required)
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)))
      .finally(() => setBusy(null));
  };
  return (
    <fieldset className="shop-approval-rules" data-testid="approval-rules">
      <legend>{t('shop.approvalRules.title')}</legend>
      <p className="hint" id={`${id}-hint`}>
        {t('shop.approvalRules.intro')}
      </p>
      {accounts.map((account) => {
        const on = rules.includes(account.id);
        return (
          <div key={account.id} className="shop-approval-rule">
            {gate.wrap(
              <label>
                <input
                  type="checkbox"
                  checked={on}
                  disabled={busy === account.id}
                  {...gate.control(`${id}-hint`)}
                  onChange={() => toggle(account.id, !on)}
                  data-testid={`approval-rule-${account.id}`}
                />{' '}
                {t('shop.approvalRules.label', { account: account.name })}
              </label>,
            )}
          </div>
        );
      })}
      {failed && (
        <p className="test-result failed" role="alert">
          {failed}
        </p>
      )}
    </fieldset>
  );
}
