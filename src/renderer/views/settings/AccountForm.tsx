import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView, AuthScheme } from '../../../shared/ipc/types';
import { IpcError } from '../../../shared/ipc/envelope';
import { patternProblem } from '../../../shared/domain/live';
import { useRoleGate } from '../../components/RoleGate';
import { useAccountsStore } from '../../store/accounts-store';
import { useAppStore } from '../../store/app-store';
import { useDetectedText } from './connection-notes';

interface Props {
  /** The account to edit; a new account when absent. */
  account?: AccountView;
  onDone(saved?: AccountView): void;
}

interface FieldErrors {
  [field: string]: string | undefined;
}

function fieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof IpcError) || !Array.isArray(error.details)) return {};
  const errors: FieldErrors = {};
  for (const issue of error.details as Array<{ path?: string[]; message?: string }>) {
    const field = issue.path?.[0];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const asAuthScheme = (value: string): AuthScheme => (value === 'bare' || value === 'bearer' ? value : 'auto');

/** Adds or edits an account; the secret field only ever sends a new secret, it never shows one. */
export function AccountForm({ account, onDone }: Props) {
  const { t } = useTranslation();
  const save = useAccountsStore((s) => s.save);
  const test = useAccountsStore((s) => s.test);
  const chooseIfFirst = useAccountsStore((s) => s.chooseIfFirst);
  const reportError = useAppStore((s) => s.reportError);
  const ids = useId();
  const sandbox = account?.kind === 'sandbox';
  // Issue 37.2: a shared account's fields are the owner's; another desk enters only its own secret.
  const sharedGate = useRoleGate('accounts', !sandbox);
  const locked = !sharedGate.allowed;
  const [name, setName] = useState(account?.name ?? '');
  const [authUrl, setAuthUrl] = useState(account?.authUrl ?? '');
  const [baseUrl, setBaseUrl] = useState(account?.baseUrl ?? '');
  const [clientId, setClientId] = useState(account?.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [authScheme, setAuthScheme] = useState<AuthScheme>(account?.authScheme ?? 'auto');
  const [pattern, setPattern] = useState(account?.marketplaceUrlPattern ?? '');
  const detected = useDetectedText();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Said in the seller's language before anything is sent; main checks the same rule again.
    const problem = patternProblem(pattern);
    if (problem) {
      setErrors({ marketplaceUrlPattern: t(`inventory.patternProblem.${problem}`) });
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(undefined);
    const before = account && useAccountsStore.getState().tests[account.id];
    const workedBefore =
      account?.signIn?.ok === true || (before !== undefined && !before.running && before.ok);
    try {
      const saved = await save({
        ...(account && { id: account.id }),
        name,
        authScheme,
        marketplaceUrlPattern: pattern.trim(),
        ...(!sandbox && { authUrl, baseUrl, clientId }),
        ...(!sandbox && secret && { secret }),
      });
      setSecret('');
      onDone(saved);
      // Every save is followed by a test, so the seller learns at once whether the account works;
      // one seen working for the first time (new, or fixed after a failed test) becomes the one in
      // use when it is the desk's first real account (issue 33.8).
      void test(saved.id).then((result) => {
        if (result.ok && !workedBefore) void chooseIfFirst(saved.id).catch(reportError);
      });
    } catch (error) {
      setErrors(fieldErrors(error));
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (key: string, label: string, input: React.ReactNode, hint?: string) => (
    <label className="field wide" htmlFor={`${ids}-${key}`}>
      <span>{label}</span>
      {input}
      {hint && <small className="hint">{hint}</small>}
      {errors[key] && (
        <small className="field-error" id={`${ids}-${key}-error`}>
          {errors[key]}
        </small>
      )}
    </label>
  );
  const described = (key: string) =>
    errors[key] ? { 'aria-describedby': `${ids}-${key}-error`, 'aria-invalid': true } : {};

  return (
    <form
      className="account-form"
      onSubmit={submit}
      aria-label={account ? t('accounts.editTitle') : t('accounts.addTitle')}
    >
      <h3>{account ? t('accounts.editTitle') : t('accounts.addTitle')}</h3>
      {locked && (
        <p className="hint" role="note" data-testid="account-fields-locked">
          {sharedGate.reason} {t('accounts.secretOnly')}
        </p>
      )}
      {field(
        'name',
        t('accounts.name'),
        <input
          id={`${ids}-name`}
          readOnly={locked}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          autoFocus={!locked}
          {...described('name')}
        />,
      )}
      {!sandbox && (
        <>
          {field(
            'authUrl',
            t('accounts.authUrl'),
            <input
              id={`${ids}-authUrl`}
              readOnly={locked}
              type="url"
              value={authUrl}
              onChange={(e) => setAuthUrl(e.target.value)}
              placeholder="https://auth.example.com/auth/v2"
              required
              {...described('authUrl')}
            />,
            t('accounts.authUrlHint'),
          )}
          {field(
            'baseUrl',
            t('accounts.baseUrl'),
            <input
              id={`${ids}-baseUrl`}
              readOnly={locked}
              type="url"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.target.value)}
              placeholder="https://api.example.com/api"
              required
              {...described('baseUrl')}
            />,
            t('accounts.baseUrlHint'),
          )}
          {field(
            'clientId',
            t('accounts.clientId'),
            <input
              id={`${ids}-clientId`}
              readOnly={locked}
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
              autoComplete="off"
              required
              {...described('clientId')}
            />,
          )}
          {field(
            'secret',
            t('accounts.secret'),
            <input
              id={`${ids}-secret`}
              type="password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              autoComplete="new-password"
              autoFocus={locked}
              placeholder={account?.hasSecret ? t('accounts.secretKept') : ''}
              required={!account?.hasSecret}
              {...described('secret')}
            />,
            account?.hasSecret ? t('accounts.secretReplaceHint') : t('accounts.secretHint'),
          )}
        </>
      )}
      {field(
        'authScheme',
        t('accounts.authScheme'),
        <select
          id={`${ids}-authScheme`}
          disabled={locked}
          value={authScheme}
          onChange={(e) => setAuthScheme(asAuthScheme(e.target.value))}
        >
          <option value="auto">
            {t('accounts.authSchemeAuto')}
            {account?.authScheme === 'auto' && ` – ${detected(account.detectedAuthForm)}`}
          </option>
          <option value="bearer">{t('accounts.authSchemeBearer')}</option>
          <option value="bare">{t('accounts.authSchemeBare')}</option>
        </select>,
        t('accounts.authSchemeHint'),
      )}
      {field(
        'marketplaceUrlPattern',
        t('inventory.marketplacePattern'),
        <input
          id={`${ids}-marketplaceUrlPattern`}
          readOnly={locked}
          type="text"
          inputMode="url"
          value={pattern}
          onChange={(e) => setPattern(e.target.value)}
          placeholder="https://www.example.com/ad/{adId}"
          autoComplete="off"
          {...described('marketplaceUrlPattern')}
        />,
        t('inventory.marketplacePatternHint'),
      )}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('accounts.saveAndTest')}
        </button>
        <button type="button" onClick={() => onDone()} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
