// The price rule's form (issue 25.5), for a draft and for a template: what to lower by, how often,
// the floor, the rounding and an optional number of steps; the preview below follows what is typed.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceRule } from '../../../shared/domain/price-rules';
import { useRoleGate } from '../../components/RoleGate';
import {
  formOf,
  priceRoundings,
  ruleOfForm,
  type PriceRuleField,
  type PriceRuleFormValues,
} from './price-rule-form';

interface Props {
  /** Prefix of the controls' ids (one form per draft or template on a page). */
  idPrefix: string;
  rule: PriceRule | null;
  /** The preview of the rule as typed (undefined while the form has a problem). */
  preview(rule: PriceRule | undefined): ReactNode;
  onSave(rule: PriceRule | null): Promise<unknown>;
}

/** The rule's fields, Set / Remove, and what came of the last save. */
export function PriceRuleForm({ idPrefix, rule, preview, onSave }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PriceRuleFormValues>(() => formOf(rule));
  const [shown, setShown] = useState(false);
  // Kept as what happened, not as words, so a change of language while it shows rewords it.
  const [outcome, setOutcome] = useState<
    { ok: true; removed: boolean } | { ok: false; message: string } | null
  >(null);
  const [busy, setBusy] = useState(false);
  // Issue 37.2: price rules need the publish role; the form stays readable.
  const gate = useRoleGate('price-rules');
  const removeGate = useRoleGate('price-rules');
  const read = ruleOfForm(form);
  const errors = read.ok || !shown ? {} : read.errors;
  const id = (field: string) => `${idPrefix}-${field}`;
  const change = (values: Partial<PriceRuleFormValues>) => {
    setForm((current) => ({ ...current, ...values }));
    setOutcome(null);
  };

  const save = async (next: PriceRule | null) => {
    setBusy(true);
    try {
      await onSave(next);
      setOutcome({ ok: true, removed: next === null });
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const text = (field: PriceRuleField, label: string, hint?: string) => {
    const error = errors[field];
    const described = [error && id(`${field}-error`), hint && id(`${field}-hint`)].filter(Boolean).join(' ');
    return (
      <div className="editor-field">
        <label htmlFor={id(field)}>{label}</label>
        <input
          id={id(field)}
          type="text"
          inputMode="decimal"
          value={form[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => change({ [field]: event.target.value })}
        />
        {hint && (
          <small id={id(`${field}-hint`)} className="hint">
            {hint}
          </small>
        )}
        {error && (
          <p id={id(`${field}-error`)} className="field-error">
            {t(`priceRule.errors.${error}`)}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="price-rule-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setShown(true);
        if (read.ok && gate.allowed) void save(read.rule);
      }}
    >
      <div className="editor-grid">
        <div className="editor-field">
          <label htmlFor={id('mode')}>{t('priceRule.mode')}</label>
          <select
            id={id('mode')}
            value={form.mode}
            onChange={(event) => change({ mode: event.target.value as PriceRule['mode'] })}
          >
            <option value="percent">{t('priceRule.modes.percent')}</option>
            <option value="amount">{t('priceRule.modes.amount')}</option>
          </select>
        </div>
        {text('value', t('priceRule.value'))}
        {text('everyDays', t('priceRule.everyDays'))}
        {text('floor', t('priceRule.floor'), t('priceRule.floorHint'))}
        <div className="editor-field">
          <label htmlFor={id('rounding')}>{t('priceRule.rounding')}</label>
          <select
            id={id('rounding')}
            value={form.rounding}
            onChange={(event) => change({ rounding: event.target.value as PriceRuleFormValues['rounding'] })}
          >
            {priceRoundings.map((rounding) => (
              <option key={rounding} value={rounding}>
                {t(`bulk.price.roundings.${rounding}`)}
              </option>
            ))}
          </select>
        </div>
        {text('maxSteps', t('priceRule.maxSteps'), t('priceRule.maxStepsHint'))}
      </div>
      <div className="price-rule-preview" data-testid="price-rule-preview">
        {preview(read.ok ? read.rule : undefined)}
      </div>
      <div className="price-rule-actions">
        {gate.wrap(
          <button type="submit" className="primary" disabled={busy} {...gate.control()}>
            {t(rule ? 'priceRule.change' : 'priceRule.set')}
          </button>,
        )}
        {rule && (
          <>
            {removeGate.wrap(
              <button
                type="button"
                disabled={busy}
                onClick={removeGate.guard(() => save(null))}
                {...removeGate.control()}
              >
                {t('priceRule.remove')}
              </button>,
            )}
          </>
        )}
        {outcome && (
          <span role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'muted' : 'field-error'}>
            {outcome.ok
              ? t(outcome.removed ? 'priceRule.removed' : 'priceRule.saved')
              : t('priceRule.failed', { message: outcome.message })}
          </span>
        )}
      </div>
    </form>
  );
}
