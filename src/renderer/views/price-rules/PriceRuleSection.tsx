// The editor's price rule section (issue 25.5): where the rule stands, the form with the preview of
// its next steps and their dates, what it did so far, and the note that a price set by hand or by
// the feed takes precedence.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../shared/domain/drafts';
import {
  type PriceRule,
  type PriceRuleRecord,
  isRulePrice,
  priceRuleState,
  priceSteps,
  rulePreview,
  totalStepsOf,
} from '../../../shared/domain/price-rules';
import { readPriceText } from '../../../shared/domain/drafts';
import { DueWaits } from '../../components/DueWaits';
import { call } from '../../ipc/client';
import { PriceRuleForm } from './PriceRuleForm';
import { usePriceRuleWords } from './price-rule-words';
import { PriceSteps } from './PriceSteps';
import './price-rules.css';

const PREVIEW_STEPS = 5;
const sameRule = (a: PriceRule, b: PriceRule) => JSON.stringify(a) === JSON.stringify(b);

/** A price in cents, if the text or number reads as one above 0. */
function centsOf(amount: number | string | null | undefined): number | undefined {
  const reading = readPriceText(amount ?? null);
  return reading.ok && reading.amount !== null && reading.amount > 0
    ? Math.round(reading.amount * 100)
    : undefined;
}

/** The ad's price in cents as typed in the editor, if it reads as one. */
const priceCentsOf = (draft: Draft) => centsOf(draft.price.amount);

/**
 * The price the draft itself sets on its live ad (by hand or by its feed), if it sets one: a price
 * other than the one draft and ad last agreed on. The draft does not follow the rule's own steps,
 * so its price alone says nothing about the ad's.
 */
function ownPriceCents(draft: Draft, record: PriceRuleRecord): number | undefined {
  const agreed = draft.remote?.base?.fields['price'];
  if (!agreed || typeof agreed !== 'object' || Array.isArray(agreed) || !('amount' in agreed))
    return undefined;
  const now = priceCentsOf(draft);
  if (now === undefined || now === centsOf(agreed.amount) || isRulePrice(record, now)) return undefined;
  return now;
}

/** Where the rule stands, in words. */
function RuleState({ record }: { record: PriceRuleRecord }) {
  const { t } = useTranslation();
  const { when, euros } = usePriceRuleWords();
  const state = priceRuleState(record);
  const total = totalStepsOf(record);
  return (
    <div className="price-rule-state" data-testid="price-rule-state">
      <p role="status">
        {state === 'running' && record.start
          ? t('priceRule.state.running', { date: when(record.start.at), price: euros(record.start.cents) })
          : state === 'stopped' && record.stopped
            ? t('priceRule.state.stopped', {
                date: when(record.stopped.at),
                price: record.stopped.cents === null ? '—' : euros(record.stopped.cents),
              })
            : t(`priceRule.state.${state}`)}
      </p>
      {state === 'running' && record.followed && record.start && (
        <p data-testid="price-rule-followed">
          {t('priceRule.state.followed', {
            date: when(record.followed.at),
            price: euros(record.start.cents),
            from: record.followed.from === null ? '—' : euros(record.followed.from),
          })}
        </p>
      )}
      {record.origin !== 'ad' && <p className="muted">{t(`priceRule.origin.${record.origin}`)}</p>}
      {record.failed && (
        <p role="alert" className="field-error">
          {t('priceRule.stepFailed', {
            step: record.failed.step,
            date: when(record.failed.at),
            message: record.failed.message,
          })}
        </p>
      )}
      {record.steps.length > 0 && (
        <>
          <h4>{t('priceRule.history')}</h4>
          <ul className="price-rule-history">
            {record.steps.map((step) => (
              <li key={step.step}>
                {t(total === undefined ? 'priceRule.historyLine' : 'priceRule.historyLineOf', {
                  date: when(step.at),
                  from: euros(step.from),
                  to: euros(step.to),
                  step: step.step,
                  total,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The price rule of one draft. */
export function PriceRuleSection({ draft }: { draft: Draft }) {
  const { t } = useTranslation();
  const { euros } = usePriceRuleWords();
  // Main answers with the draft as stored; the editor's copy catches up at its next refresh.
  const [record, setRecord] = useState(draft.priceRule);
  useEffect(() => setRecord(draft.priceRule), [draft.priceRule]);
  const base = priceCentsOf(draft);

  const preview = (rule: PriceRule | undefined) => {
    if (!rule) return null;
    // The rule as it runs: its own start, against the ad's price now (a price set outside the rule
    // stops it, so its old steps are not shown); else (new, changed or stopped) from that price.
    if (record?.start && !record.stopped && sameRule(record.rule, rule)) {
      const shown = rulePreview(record, PREVIEW_STEPS, {
        now: new Date(),
        cents: ownPriceCents(draft, record),
      });
      if (shown.kind === 'stopped')
        return (
          <p className="warning" role="status" data-testid="price-rule-set-outside">
            {t('priceRule.previewSetOutside', {
              price: shown.cents === null ? '—' : euros(shown.cents),
            })}
          </p>
        );
      return <PriceSteps heading={t('priceRule.preview')} steps={shown.steps} />;
    }
    if (base === undefined) return <p className="muted">{t('priceRule.previewNoPrice')}</p>;
    return (
      <PriceSteps
        heading={t('priceRule.previewFrom', { price: euros(base) })}
        steps={priceSteps(rule, base / 100, new Date(), PREVIEW_STEPS)}
      />
    );
  };

  return (
    <section
      className="editor-section price-rule"
      aria-labelledby="editor-price-rule-title"
      data-testid="price-rule"
    >
      <h3 id="editor-price-rule-title">{t('priceRule.title')}</h3>
      <p className="muted">{t('priceRule.intro')}</p>
      {record && <RuleState record={record} />}
      {record && <DueWaits action="price-rules" />}
      <PriceRuleForm
        key={draft.id}
        idPrefix={`price-rule-${draft.id}`}
        rule={record?.rule ?? null}
        preview={preview}
        onSave={async (rule) => {
          const stored = await call('priceRules:set-draft', { draftId: draft.id, rule });
          setRecord(stored.priceRule);
        }}
      />
      <p className="hint">{t('priceRule.precedence')}</p>
    </section>
  );
}
