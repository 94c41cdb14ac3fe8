// A rule's next steps for an ad at an example price: a template or a feed has no price of its own.
import { useTranslation } from 'react-i18next';
import { priceSteps, type PriceRule } from '../../../shared/domain/price-rules';
import { usePriceRuleWords } from './price-rule-words';
import { PriceSteps } from './PriceSteps';

const EXAMPLE_CENTS = 10_000;

/** The preview of `rule`'s next five steps from an example price. */
export function ExampleSteps({ rule }: { rule: PriceRule }) {
  const { t } = useTranslation();
  const { euros } = usePriceRuleWords();
  return (
    <PriceSteps
      heading={t('priceRule.previewExample', { price: euros(EXAMPLE_CENTS) })}
      steps={priceSteps(rule, EXAMPLE_CENTS / 100, new Date(), 5)}
    />
  );
}
