import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/ipc/types';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useProblemText } from '../../components/problem-text';
import { KeychainDetails, useKeychainReason } from '../../components/KeychainReason';
import { useRoleGate } from '../../components/RoleGate';
import { ServiceDetails } from '../../components/ServiceDetails';
import { useAccountsStore, type TestOutcome } from '../../store/accounts-store';
import { useAppStore } from '../../store/app-store';
import { AccountDefaultsForm } from './AccountDefaultsForm';
import { AccountForm } from './AccountForm';
import { AuthSummary, TriedNote, UsedNote } from './connection-notes';

function TestResult({ outcome }: { outcome?: TestOutcome }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  if (!outcome) return null;
  if (outcome.running)
    return (
      <p className="test-result" role="status">
        {t('accounts.testing')}
      </p>
    );
  if (outcome.ok) {
    return (
      <div className="test-result ok" role="status">
        <p>{t('accounts.testOk', { count: outcome.listingCount })}</p>
        <UsedNote used={outcome.used} />
      </div>
    );
  }
  const text = problemText(outcome);
  return (
    <div className="test-result failed" role="alert">
      <p>{text}</p>
      <TriedNote tried={outcome.tried} authTried={outcome.authTried} />
      <ServiceDetails
        status={outcome.status}
        title={outcome.title}
        detail={outcome.detail && !text.includes(outcome.detail) ? outcome.detail : undefined}
      />
    </div>
  );
}

function AccountRow({ account, active, onEdit }: { account: AccountView; active: boolean; onEdit(): void }) {
  const { t } = useTranslation();
  const outcome = useAccountsStore((s) => s.tests[account.id]);
  const { test, select, remove, deleteSecret } = useAccountsStore.getState();
  const reportError = useAppStore((s) => s.reportError);
  const guard = (action: () => Promise<unknown>) => () => void action().catch(reportError);
  const service = account.kind === 'service';
  // Issue 37.2: a publish desk opens a shared account for its own secret alone; prepare keeps none.
  const editGate = useRoleGate('keep-secrets', service);
  const removeGate = useRoleGate('accounts', service);
  return (
    <li
      className="account"
      aria-current={active ? 'true' : undefined}
      data-testid={`account-${account.name}`}
    >
      <div className="account-head">
        <div>
          <strong>{account.name}</strong>
          {active && <span className="badge">{t('accounts.active')}</span>}
          {account.kind === 'sandbox' && <span className="badge muted">{t('accounts.builtIn')}</span>}
          <div className="muted small">
            {account.kind === 'sandbox' ? t('accounts.sandboxDescription') : account.baseUrl}
          </div>
          <AuthSummary account={account} />
          {account.kind === 'service' && !account.hasSecret && (
            <div className="warning small">{t('accounts.noSecret')}</div>
          )}
        </div>
        <div className="actions">
          {!active && (
            <button type="button" onClick={guard(() => select(account.id))}>
              {t('accounts.use')}
            </button>
          )}
          <button type="button" onClick={guard(() => test(account.id))} disabled={outcome?.running}>
            {t('accounts.test')}
          </button>
          {editGate.wrap(
            <button type="button" onClick={editGate.guard(onEdit)} {...editGate.control()}>
              {t('common.edit')}
            </button>,
          )}
          {account.kind === 'service' && account.hasSecret && (
            <ConfirmButton
              title={t('accounts.forgetSecretConfirm', { name: account.name })}
              body={t('accounts.forgetSecretBody')}
              confirmLabel={t('accounts.forgetSecret')}
              onConfirm={() => deleteSecret(account.id).catch(reportError)}
            >
              {t('accounts.forgetSecret')}
            </ConfirmButton>
          )}
          {account.kind === 'service' && (
            <ConfirmButton
              className="danger"
              gate={removeGate}
              title={t('accounts.removeTitle', { name: account.name })}
              body={t('accounts.removeBody')}
              confirmLabel={t('common.remove')}
              onConfirm={() => remove(account.id).catch(reportError)}
            >
              {t('common.remove')}
            </ConfirmButton>
          )}
        </div>
      </div>
      <TestResult outcome={outcome} />
      {/* Issue 26.3: why the account's publish jobs wait, until a test says more. */}
      {!outcome && account.signIn?.ok === false && (
        <p className="test-result failed" role="alert" data-testid="account-sign-in">
          {t('publish.problemTitle.account-cannot-sign-in')}:{' '}
          {t(`publish.signIn.reason.${account.signIn.reason}`)}
        </p>
      )}
    </li>
  );
}

/** Settings → Accounts: the accounts, which one is used, adding, editing, testing, removing. */
export function AccountsPanel() {
  const { t } = useTranslation();
  const keychainReason = useKeychainReason();
  const state = useAccountsStore((s) => s.state);
  const [editing, setEditing] = useState<string | 'new' | undefined>();
  const chosenFirst = useAccountsStore((s) => s.chosenFirst);
  const addGate = useRoleGate('accounts');
  if (!state) return null;
  // Said while the desk's first real account, chosen after its test, is still the one in use.
  const chosen =
    chosenFirst === state.activeId ? state.accounts.find((a) => a.id === chosenFirst) : undefined;
  return (
    <section className="panel" aria-labelledby="accounts-title">
      <div className="panel-head">
        <h2 id="accounts-title">{t('accounts.title')}</h2>
        {editing === undefined &&
          addGate.wrap(
            <button
              type="button"
              className="primary"
              onClick={addGate.guard(() => setEditing('new'))}
              {...addGate.control()}
            >
              {t('accounts.add')}
            </button>,
            'end',
          )}
      </div>
      {state.keychain.mode === 'session-only' && (
        <div className="banner warning stacked" role="note">
          <p>{t('accounts.sessionOnly', { reason: keychainReason(state.keychain) })}</p>
          <KeychainDetails status={state.keychain} />
        </div>
      )}
      {chosen && (
        <p className="test-result ok" role="status" data-testid="account-now-in-use">
          {t('accounts.nowInUse', { name: chosen.name })}
        </p>
      )}
      {editing === 'new' && <AccountForm onDone={() => setEditing(undefined)} />}
      <ul className="accounts">
        {state.accounts.map((account) =>
          editing === account.id ? (
            <li key={account.id} className="account">
              <AccountForm account={account} onDone={() => setEditing(undefined)} />
            </li>
          ) : (
            <AccountRow
              key={account.id}
              account={account}
              active={account.id === state.activeId}
              onEdit={() => setEditing(account.id)}
            />
          ),
        )}
      </ul>
      {editing !== 'new' && <AccountDefaultsForm accountId={editing} />}
    </section>
  );
}
