import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  composeImprint,
  emptyImprintFields,
  missingImprintParts,
  type ImprintFields,
  type ImprintLabels,
} from '../../../shared/domain/publishing';
import { IpcError } from '../../../shared/ipc/envelope';
import type { AccountView, ServiceProblem } from '../../../shared/ipc/types';
import { useProblemText } from '../../components/problem-text';
import { ServiceDetails } from '../../components/ServiceDetails';
import { useAccountsStore } from '../../store/accounts-store';
import './imprint.css';

// The form's fields in order, in groups: who, where, who represents it and how to reach it, register.
const GROUPS: ReadonlyArray<ReadonlyArray<keyof ImprintFields>> = [
  ['company', 'legalForm'],
  ['street', 'postalCode', 'city'],
  ['representedBy', 'phone', 'email'],
  ['registerCourt', 'registerNumber', 'vatId'],
];
const LINE_LABELS = ['representedBy', 'phone', 'email', 'registerCourt', 'registerNumber', 'vatId'] as const;

// The account's address and phone as a start (shown, never sent unseen); the e-mail is left to the
// seller, since the notice shows it to buyers while the ad's contact e-mail stays hidden.
function startFields(account: AccountView): ImprintFields {
  const { street, postalCode, city, phoneNumber } = account.defaults;
  return { ...emptyImprintFields(), street, postalCode, city, phone: phoneNumber };
}

export interface ImprintFormProps {
  account: AccountView;
  /** The submit button's words (e.g. "Save and publish"). */
  submitLabel: string;
  /** Called once the imprint is on the service and is the account's default. */
  onSaved(): void;
  onCancel?(): void;
}

/**
 * A commercial seller's imprint: the parts a legal notice holds, its text composed from them (and
 * editable as text), and how buyers will see it. Saving creates it on the service as the account's
 * default imprint.
 */
export function ImprintForm({ account, submitLabel, onSaved, onCancel }: ImprintFormProps) {
  const { t } = useTranslation();
  const ids = useId();
  const problemText = useProblemText();
  const [fields, setFields] = useState<ImprintFields>(() => startFields(account));
  // null: the text follows the fields; a string: the seller's own edit.
  const [edited, setEdited] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; problem?: ServiceProblem }>();
  const labels = Object.fromEntries(
    LINE_LABELS.map((key) => [key, t(`imprintForm.line.${key}`)]),
  ) as unknown as ImprintLabels;
  const text = edited ?? composeImprint(fields, labels);
  // Parts are required only while the text is composed: an edited text is the seller's own.
  const missing = edited === null ? missingImprintParts(fields) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (missing.length > 0 || text.trim() === '') {
      setShowMissing(true);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const { createImprint, setDefaultImprint } = useAccountsStore.getState();
      const view = await createImprint(account.id, text.trim());
      await setDefaultImprint(account.id, view.imprints.at(-1)!.uuid);
      onSaved();
    } catch (failure) {
      const problem =
        failure instanceof IpcError && failure.code === 'service'
          ? (failure.details as ServiceProblem)
          : undefined;
      const words = problem
        ? problemText(problem)
        : failure instanceof Error
          ? failure.message
          : String(failure);
      setError({ text: words, problem });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof ImprintFields) => {
    const lacking =
      showMissing &&
      missing.some((part) => part === key || (part === 'contact' && (key === 'phone' || key === 'email')));
    const hint = t(`imprintForm.hint.${key}`, { defaultValue: '' });
    return (
      // The hint is the input's description, not part of its name: the label holds the name only.
      <div key={key} className={`field imprint-field imprint-${key}`}>
        <label htmlFor={`${ids}-${key}`}>
          <span>{t(`imprintForm.field.${key}`)}</span>
          {key === 'legalForm' && <small className="muted"> {t('imprintForm.optional')}</small>}
        </label>
        <input
          id={`${ids}-${key}`}
          value={fields[key]}
          disabled={busy || edited !== null}
          type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
          placeholder={t(`imprintForm.example.${key}`)}
          aria-invalid={lacking || undefined}
          aria-describedby={hint ? `${ids}-${key}-hint` : undefined}
          onChange={(e) => setFields((f) => ({ ...f, [key]: e.target.value }))}
        />
        {hint && (
          <small id={`${ids}-${key}-hint`} className="hint">
            {hint}
          </small>
        )}
      </div>
    );
  };

  return (
    <form className="imprint-form-full" aria-label={t('imprintForm.formLabel')} onSubmit={submit} noValidate>
      <p className="imprint-intro">{t('imprintForm.intro')}</p>
      {GROUPS.map((group, n) => (
        <fieldset key={n} className="imprint-group">
          <legend>{t(`imprintForm.group.${n}`)}</legend>
          <div className="imprint-grid">{group.map(field)}</div>
        </fieldset>
      ))}
      <div className="imprint-compose">
        <div className="imprint-compose-text">
          <label className="field wide" htmlFor={`${ids}-text`}>
            <span>{t('imprintForm.text')}</span>
            <textarea
              id={`${ids}-text`}
              rows={Math.min(16, Math.max(8, text.split('\n').length + 1))}
              value={text}
              disabled={busy}
              aria-describedby={`${ids}-text-hint`}
              onChange={(e) => setEdited(e.target.value)}
            />
          </label>
          <small id={`${ids}-text-hint`} className="hint">
            {edited === null ? t('imprintForm.textHint') : t('imprintForm.textEdited')}
          </small>
          {edited !== null && (
            <button type="button" className="link-button" onClick={() => setEdited(null)}>
              {t('imprintForm.recompose')}
            </button>
          )}
        </div>
        <section className="imprint-preview" aria-labelledby={`${ids}-preview`}>
          <h3 id={`${ids}-preview`}>{t('imprintForm.preview')}</h3>
          <div className="imprint-preview-box" data-testid="imprint-preview">
            <h4>{t('preview.imprint')}</h4>
            {text.trim() ? (
              <p className="imprint-preview-text">{text.trim()}</p>
            ) : (
              <p className="muted">{t('imprintForm.previewEmpty')}</p>
            )}
          </div>
        </section>
      </div>
      {showMissing && (missing.length > 0 || text.trim() === '') && (
        <p className="form-error" role="alert">
          {t('imprintForm.missing', {
            parts: (missing.length > 0 ? missing : (['company'] as const))
              .map((part) => t(`imprintForm.part.${part}`))
              .join(', '),
          })}
        </p>
      )}
      {error && (
        <div className="form-error" role="alert">
          <p>{t('imprintForm.failed', { message: error.text })}</p>
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
        <button type="submit" className="primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" disabled={busy} onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
