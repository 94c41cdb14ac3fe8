import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleGate } from '../../components/RoleGate';
import { useDates } from '../../i18n/use-dates';
import { useActiveAccount, useAccountsStore } from '../../store/accounts-store';
import { ImprintForm } from '../imprint/ImprintForm';

/**
 * Settings → Imprints of the active account: pick the default for publishing, or enter a new one in
 * the imprint form (open at once while the account has none: publishing needs one).
 */
export function ImprintsPanel() {
  const { t } = useTranslation();
  const dates = useDates();
  const account = useActiveAccount();
  const { setDefaultImprint } = useAccountsStore.getState();
  const ids = useId();
  const [adding, setAdding] = useState(false);
  // Issue 37.2: a shared account's imprints are the owner's; the desk's own Sandbox is its own.
  const gate = useRoleGate('imprints', account?.kind === 'service');
  if (!account) return null;
  const none = account.imprints.length === 0;

  return (
    <section className="panel" aria-labelledby="imprints-title">
      <h2 id="imprints-title">{t('imprints.title', { account: account.name })}</h2>
      <p className="muted">{t('imprints.intro')}</p>
      {none && (
        <p className="muted">{account.kind === 'sandbox' ? t('imprints.sandboxTest') : t('imprints.none')}</p>
      )}
      {!none && (
        <fieldset className="imprints" disabled={!gate.allowed}>
          <legend>{t('imprints.default')}</legend>
          {account.imprints.map((imprint) => (
            <label key={imprint.uuid} className="imprint">
              <input
                type="radio"
                name={`${ids}-default`}
                checked={account.defaultImprintUuid === imprint.uuid}
                onChange={() => void setDefaultImprint(account.id, imprint.uuid)}
              />
              <span>
                <span className="imprint-text">{imprint.content}</span>
                <small className="muted">
                  {t('imprints.created', { date: dates.dateTime(imprint.createdAt) })}
                </small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {gate.allowed && (adding || (none && account.kind !== 'sandbox')) ? (
        <ImprintForm
          key={account.id}
          account={account}
          submitLabel={t('imprints.create')}
          onSaved={() => setAdding(false)}
          {...(!none && { onCancel: () => setAdding(false) })}
        />
      ) : (
        <div className="actions">
          {gate.wrap(
            <button type="button" onClick={gate.guard(() => setAdding(true))} {...gate.control()}>
              {t('imprints.add')}
            </button>,
          )}
        </div>
      )}
    </section>
  );
}
