import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDefaults, AccountView } from '../../../shared/ipc/types';
import { useRoleGate } from '../../components/RoleGate';
import { TRANSIENT_MS, useTransient } from '../../components/useTransient';
import { call } from '../../ipc/client';
import { useAccountsStore } from '../../store/accounts-store';
import { useFieldLabel } from '../drafts/editor/use-editor-language';
import './account-defaults.css';

type Outcome =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'error'; message: string };

const fields: ReadonlyArray<{ key: Exclude<keyof AccountDefaults, 'descriptionFooter'>; label: string }> = [
  { key: 'email', label: 'email' },
  { key: 'phoneNumber', label: 'phoneNumber' },
  { key: 'contactPerson', label: 'contactPerson' },
  { key: 'street', label: 'publication.street' },
  { key: 'postalCode', label: 'publication.postalCode' },
  { key: 'city', label: 'publication.city' },
  { key: 'district', label: 'publication.district' },
  { key: 'availabilityRadiusInKm', label: 'publication.availabilityRadiusInKm' },
];

function sameDefaults(a: AccountDefaults, b: AccountDefaults): boolean {
  return (Object.keys(a) as Array<keyof AccountDefaults>).every((key) => a[key] === b[key]);
}

function DefaultsForm({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const ids = useId();
  const [values, setValues] = useState<AccountDefaults>(account.defaults);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  // "Saved" goes by itself; a failure stays until the next try.
  const pauseSaved = useTransient(
    outcome.state === 'saved' ? TRANSIENT_MS : null,
    () => setOutcome({ state: 'idle' }),
    outcome,
  );
  const changed = !sameDefaults(values, account.defaults);
  // Issue 37.2: a shared account's defaults are the owner's (the desk's own Sandbox's are its own).
  const gate = useRoleGate('accounts', account.kind === 'service');
  const imprint = account.imprints.find((i) => i.uuid === account.defaultImprintUuid);

  const update = (key: keyof AccountDefaults, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setOutcome({ state: 'idle' });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!gate.allowed) return;
    setOutcome({ state: 'saving' });
    try {
      // The accounts store takes the new account from the 'accounts:changed' event.
      await call('accounts:set-defaults', { id: account.id, defaults: values });
      setOutcome({ state: 'saved' });
    } catch (error) {
      setOutcome({ state: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <form className="account-form defaults-form" aria-labelledby={`${ids}-title`} onSubmit={submit}>
      <h3 id={`${ids}-title`}>{t('editor.defaults.title', { account: account.name })}</h3>
      <p className="muted small">{t('editor.defaults.intro')}</p>
      <div className="defaults-grid">
        {fields.map(({ key, label: field }) => (
          <label key={key} className="field" htmlFor={`${ids}-${key}`}>
            <span>{label(field)}</span>
            <input
              id={`${ids}-${key}`}
              value={values[key]}
              inputMode={key === 'postalCode' || key === 'availabilityRadiusInKm' ? 'numeric' : undefined}
              type={key === 'phoneNumber' ? 'tel' : 'text'}
              onChange={(e) => update(key, e.target.value)}
            />
          </label>
        ))}
      </div>
      <label className="field wide" htmlFor={`${ids}-footer`}>
        <span>{t('editor.defaults.footer')}</span>
        <textarea
          id={`${ids}-footer`}
          rows={3}
          value={values.descriptionFooter}
          aria-describedby={`${ids}-footer-hint`}
          onChange={(e) => update('descriptionFooter', e.target.value)}
        />
        <small id={`${ids}-footer-hint`} className="hint">
          {t('editor.defaults.footerHint')}
        </small>
      </label>
      <p className="muted small">
        {imprint
          ? t('editor.defaults.imprint', { imprint: imprint.content.trim().split('\n')[0] })
          : t('editor.defaults.noImprint')}
      </p>
      {outcome.state === 'error' && (
        <p className="form-error" role="alert">
          {t('editor.defaults.failed', { message: outcome.message })}
        </p>
      )}
      <div className="actions">
        {gate.wrap(
          <button
            type="submit"
            className="primary"
            disabled={!changed || outcome.state === 'saving'}
            {...gate.control()}
          >
            {t('editor.defaults.save')}
          </button>,
        )}
        <span className="muted small" role="status" {...pauseSaved}>
          {outcome.state === 'saved' && !changed ? t('editor.defaults.saved') : ''}
        </span>
      </div>
    </form>
  );
}

/**
 * Settings → what fills new drafts of an account: contact, location and a description footer
 * (the imprint is the account's default imprint). Shown for the account being edited, else the
 * one in use.
 */
export function AccountDefaultsForm({ accountId }: { accountId?: string }) {
  const account = useAccountsStore((s) => {
    const id = accountId ?? s.state?.activeId;
    return s.state?.accounts.find((a) => a.id === id);
  });
  return account ? <DefaultsForm key={account.id} account={account} /> : null;
}
