// A template's price rule (issue 25.5): drafts made from the template get it. A template has no
// price, so the preview shows the steps of an ad at an example price.
import { useTranslation } from 'react-i18next';
import { priceSteps } from '../../../shared/domain/price-rule';
import type { DraftTemplate } from '../../../shared/domain/template';
import { call } from '../../ipc/client';
import { PriceRuleForm } from './PriceRuleForm';
import { usePriceRuleWords } from './price-rule-words';
import { PriceSteps } from './PriceSteps';
import './price-rules.css';

const EXAMPLE_CENTS = 10_000;

/** The form of a template's rule, with the preview for an example ad. */
export function TemplatePriceRule({ template, onSaved }: { template: DraftTemplate; onSaved(): void }) {
  const { t } = useTranslation();
  const { euros } = usePriceRuleWords();
  return (
    <section className="template-price-rule price-rule" aria-label={t('priceRule.title')}>
      <p className="muted">{t('priceRule.templateIntro')}</p>
      <PriceRuleForm
        idPrefix={`template-price-rule-${template.id}`}
        rule={template.priceRule ?? null}
        preview={(rule) =>
          rule && (
            <PriceSteps
              heading={t('priceRule.previewExample', { price: euros(EXAMPLE_CENTS) })}
              steps={priceSteps(rule, EXAMPLE_CENTS / 100, new Date(), 5)}
            />
          )
        }
        onSave={async (rule) => {
          await call('priceRules:set-template', { accountId: template.accountId, id: template.id, rule });
          onSaved();
        }}
      />
      <p className="hint">{t('priceRule.precedence')}</p>
    </section>
  );
}
