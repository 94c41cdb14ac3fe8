import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
        <fieldset className="imprints">
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
      {adding || (none && account.kind !== 'sandbox') ? (
        <ImprintForm
          key={account.id}
          account={account}
          submitLabel={t('imprints.create')}
          onSaved={() => setAdding(false)}
          {...(!none && { onCancel: () => setAdding(false) })}
        />
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setAdding(true)}>
            {t('imprints.add')}
          </button>
        </div>
      )}
    </section>
  );
}
