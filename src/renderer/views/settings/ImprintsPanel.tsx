import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveAccount, useAccountsStore } from '../../store/accounts-store';
import { useProblemText } from '../../components/problem-text';
import { ServiceDetails } from '../../components/ServiceDetails';
import { IpcError } from '../../../shared/ipc/envelope';
import type { ServiceProblem } from '../../../shared/ipc/types';

/** Settings → Imprints of the active account: create one, pick the default for publishing. */
export function ImprintsPanel() {
  const { t, i18n } = useTranslation();
  const account = useActiveAccount();
  const { createImprint, setDefaultImprint } = useAccountsStore.getState();
  const problemText = useProblemText();
  const ids = useId();
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; problem?: ServiceProblem }>();
  if (!account) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await createImprint(account.id, content);
      setContent('');
    } catch (failure) {
      const problem =
        failure instanceof IpcError && failure.code === 'service'
          ? (failure.details as ServiceProblem)
          : undefined;
      const text = problem
        ? problemText(problem)
        : failure instanceof Error
          ? failure.message
          : String(failure);
      setError({ text, problem });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="imprints-title">
      <h2 id="imprints-title">{t('imprints.title', { account: account.name })}</h2>
      <p className="muted">{t('imprints.intro')}</p>
      {account.imprints.length > 0 && (
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
                  {t('imprints.created', { date: new Date(imprint.createdAt).toLocaleString(i18n.language) })}
                </small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <form onSubmit={submit} className="imprint-form">
        <label className="field wide" htmlFor={`${ids}-content`}>
          <span>{t('imprints.newLabel')}</span>
          <textarea
            id={`${ids}-content`}
            rows={3}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            required
          />
        </label>
        {error && (
          <div className="form-error" role="alert">
            <p>{error.text}</p>
            {error.problem && (
              <ServiceDetails
                status={error.problem.status}
                title={error.problem.title}
                detail={error.problem.detail}
              />
            )}
          </div>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || !content.trim()}>
            {t('imprints.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
