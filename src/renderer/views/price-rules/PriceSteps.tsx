import { useTranslation } from 'react-i18next';
import type { PriceStep } from '../../../shared/domain/price-rules';
import { usePriceRuleWords } from './price-rule-words';

/** The preview: a heading line, then each coming step's date and price (or why there is none). */
export function PriceSteps({ heading, steps }: { heading: string; steps: readonly PriceStep[] }) {
  const { t } = useTranslation();
  const { when, euros } = usePriceRuleWords();
  return (
    <>
      <p className="price-rule-heading">{heading}</p>
      {steps.length === 0 ? (
        <p className="muted">{t('priceRule.previewNone')}</p>
      ) : (
        <ol className="price-rule-steps" aria-label={t('priceRule.preview')}>
          {steps.map((step) => (
            <li key={step.step}>
              {t('priceRule.step', { date: when(step.dueAt), price: euros(step.cents), step: step.step })}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
